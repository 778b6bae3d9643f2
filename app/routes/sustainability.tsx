import type { Route } from "./+types/sustainability";

export const meta: Route.MetaFunction = () => [
  { title: "Sustainability | Fenland Organics" },
  { name: "description", content: "How Fenland Organics diverts organic waste from landfill" },
];

export default function Sustainability() {
  return <h1 className="text-3xl font-bold">Sustainability</h1>;
}
