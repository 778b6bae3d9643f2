import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [
  { title: "Home | Fenland Organics" },
  { name: "description", content: "Organic waste collection and recycling for UK businesses" },
];

export default function Home() {
  return <h1 className="text-3xl font-bold">Organic waste collection across England</h1>;
}
