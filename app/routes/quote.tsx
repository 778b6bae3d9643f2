import type { Route } from "./+types/quote";

export const meta: Route.MetaFunction = () => [
  { title: "Get a Quote | Fenland Organics" },
  { name: "description", content: "Request a quote for organic waste collection" },
];

export default function Quote() {
  return <h1 className="text-3xl font-bold">Get a Quote</h1>;
}
