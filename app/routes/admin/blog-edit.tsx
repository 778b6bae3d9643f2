import type { Route } from "./+types/blog-edit";

export const meta: Route.MetaFunction = () => [
  { title: "Edit Blog | Fenland Organics" },
  { name: "robots", content: "noindex" },
];

export default function AdminBlogEdit() {
  return <h1 className="text-3xl font-bold">Edit Blog</h1>;
}
