import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = () => [
  { title: "Blog | Fenland Organics" },
  { name: "description", content: "News and guidance on organic waste from Fenland Organics" },
];

export default function BlogList() {
  return <h1 className="text-3xl font-bold">Blog</h1>;
}
