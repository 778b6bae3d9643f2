import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = () => [
  { title: "About Us | Fenland Organics" },
  { name: "description", content: "About Fenland Organics, a registered waste carrier in Peterborough" },
];

export default function About() {
  return <h1 className="text-3xl font-bold">About Us</h1>;
}
