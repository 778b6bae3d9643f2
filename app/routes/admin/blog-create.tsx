import type { Route } from "./+types/blog-create";

export const meta: Route.MetaFunction = () => [
  { title: "Create Blog | Fenland Organics" },
  { name: "robots", content: "noindex" },
];

export default function AdminBlogCreate() {
  return <h1 className="text-3xl font-bold">Create Blog</h1>;
}
