import { TankeringForm } from "~/components/enquiry/TankeringForm";
import type { Route } from "./+types/services-tankering";

export const meta: Route.MetaFunction = () => [
  { title: "Waste Water Tankering | Fenland Organics" },
  { name: "description", content: "Waste water and liquid waste tankering across England" },
];

export default function ServicesTankering() {
  return (
    <>
      <h1 className="text-3xl font-bold">Waste Water Tankering</h1>
      <TankeringForm />
    </>
  );
}
