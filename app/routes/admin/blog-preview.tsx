import type { Route } from "./+types/blog-preview";

export const meta: Route.MetaFunction = () => [
  { title: "Preview | Fenland Organics" },
  { name: "robots", content: "noindex" },
];

export default function AdminBlogPreview() {
  return <h1 className="text-3xl font-bold">Preview</h1>;
}
