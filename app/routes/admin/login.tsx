import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => [
  { title: "Admin Login | Fenland Organics" },
  { name: "robots", content: "noindex" },
];

export default function AdminLogin() {
  return <h1 className="text-3xl font-bold">Admin login</h1>;
}
