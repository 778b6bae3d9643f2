import { ContactForm } from "~/components/enquiry/ContactForm";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = () => [
  { title: "Contact Us | Fenland Organics" },
  { name: "description", content: "Contact Fenland Organics" },
];

export default function Contact() {
  return (
    <>
      <h1 className="text-3xl font-bold">Contact Us</h1>
      <ContactForm />
    </>
  );
}
