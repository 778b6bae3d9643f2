import type { Route } from "./+types/services";

export const meta: Route.MetaFunction = () => [
  { title: "Services | Fenland Organics" },
  { name: "description", content: "Organic waste haulage, AD plant partnership, tankering and consultation" },
];

export default function Services() {
  return <h1 className="text-3xl font-bold">Services</h1>;
}
