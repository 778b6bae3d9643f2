import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";

/** 'Back' to a list screen. */
export function BackLink({ to }: { to: string }) {
  return (
    <Link to={to} className="btn btn-ghost self-start">
      <ArrowLeft aria-hidden="true" className="size-5" />
      Back
    </Link>
  );
}
