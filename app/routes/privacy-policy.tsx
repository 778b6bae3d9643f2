import type { Route } from "./+types/privacy-policy";

export const meta: Route.MetaFunction = () => [
  { title: "Privacy Policy | Fenland Organics" },
  { name: "description", content: "Fenland Organics privacy and cookie policy" },
];

export default function PrivacyPolicy() {
  return <h1 className="text-3xl font-bold">Privacy Policy</h1>;
}
