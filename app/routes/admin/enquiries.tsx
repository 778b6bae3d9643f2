import type { Route } from "./+types/enquiries";

export const meta: Route.MetaFunction = () => [
  { title: "Enquiries | Fenland Organics" },
  { name: "robots", content: "noindex" },
];

export default function AdminEnquiries() {
  return <h1 className="text-3xl font-bold">Enquiries</h1>;
}
