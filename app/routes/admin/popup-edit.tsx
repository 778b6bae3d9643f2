import type { Route } from "./+types/popup-edit";

export const meta: Route.MetaFunction = () => [
  { title: "Edit Popup | Fenland Organics" },
  { name: "robots", content: "noindex" },
];

export default function AdminPopupEdit() {
  return <h1 className="text-3xl font-bold">Edit Popup</h1>;
}
