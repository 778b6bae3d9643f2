import type { Route } from "./+types/post";

export const meta: Route.MetaFunction = () => [
  { title: "Blog post | Fenland Organics" },
  { name: "description", content: "A Fenland Organics blog post" },
];

export default function BlogPost() {
  return <h1 className="text-3xl font-bold">Blog post</h1>;
}
