import type { Route } from "./+types/popup-list";

export const meta: Route.MetaFunction = () => [
  { title: "Popups | Fenland Organics" },
  { name: "robots", content: "noindex" },
];

export default function AdminPopupList() {
  return <h1 className="text-3xl font-bold">Popups</h1>;
}
