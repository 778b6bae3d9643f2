import { Plus } from "lucide-react";
import { Link } from "react-router";
import { Loading } from "./Loading";
import { pageHeadingClass } from "./styles";

/**
 * A list screen's heading with its 'Create New …' link. The loading indicator sits beside the
 * heading, so showing it moves nothing on the page.
 */
export function ListHeader({
  title,
  loading,
  createTo,
  createLabel,
}: {
  title: string;
  loading: boolean;
  createTo: string;
  createLabel: string;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <h1 className={pageHeadingClass}>{title}</h1>
        {loading && <Loading />}
      </div>
      <Link to={createTo} className="btn btn-primary">
        <Plus aria-hidden="true" className="size-5" />
        {createLabel}
      </Link>
    </div>
  );
}
