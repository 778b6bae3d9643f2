import type { Route } from "./+types/popup-create";

export const meta: Route.MetaFunction = () => [
  { title: "Create Popup | Fenland Organics" },
  { name: "robots", content: "noindex" },
];

export default function AdminPopupCreate() {
  return <h1 className="text-3xl font-bold">Create Popup</h1>;
}
