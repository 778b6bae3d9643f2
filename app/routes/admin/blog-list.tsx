import type { Route } from "./+types/blog-list";

export const meta: Route.MetaFunction = () => [
  { title: "Blogs | Fenland Organics" },
  { name: "robots", content: "noindex" },
];

export default function AdminBlogList() {
  return <h1 className="text-3xl font-bold">Blogs</h1>;
}
