import type { Route } from "./+types/blog-template";

export const meta: Route.MetaFunction = () => [
  { title: "Choose a Template | Fenland Organics" },
  { name: "robots", content: "noindex" },
];

export default function AdminBlogTemplate() {
  return <h1 className="text-3xl font-bold">Choose a Template</h1>;
}
