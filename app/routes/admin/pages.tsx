import { LANDING_PAGE_TEXTS } from "@common/content/block-pages";
import { PAGE_DOCUMENT_KEYS, PAGE_DOCUMENTS } from "@common/content/site-content/page-documents";
import { PAGE_CONTENT_TEXTS as T } from "@common/content/site-content/page-messages";
import { Link } from "react-router";
import { pageHeadingClass } from "~/components/admin/styles";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { requireAdmin } from "~/lib/staff/admin-session.server";
import { ukTime } from "~/lib/uk-time";
import type { Route } from "./+types/pages";

export const meta = adminMeta(T.listHeading);
export const headers = adminHeaders;

export const PAGES_PATH = "/admin/dashboard/pages";

/** Each page document's state (Owner and Editor). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context, "site");
  const states = await Promise.all(
    PAGE_DOCUMENT_KEYS.map((key) => context.services.siteContent.state(key, admin)),
  );
  return {
    documents: states.map((state) => ({
      key: state.key,
      label: state.label,
      shows: PAGE_DOCUMENTS[state.key as keyof typeof PAGE_DOCUMENTS].paths.join(", "),
      publishedAt: state.publishedAt,
      publishAt: state.publishAt,
      unpublishedChanges: state.unpublishedChanges,
    })),
  };
}

/** 'Pages': every public page's words, with where each shows and whether it has changes to publish. */
export default function AdminPages({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <div>
        <h1 className={pageHeadingClass}>{T.listHeading}</h1>
        <p className="mt-2 text-muted">{T.listIntro}</p>
        <p className="mt-2">
          <Link to="/admin/dashboard/landing-pages" className="link font-semibold">
            {LANDING_PAGE_TEXTS.landingPagesLink}
          </Link>
        </p>
      </div>
      <ul className="flex flex-col gap-3">
        {loaderData.documents.map((document) => (
          <li key={document.key} className="card flex flex-wrap items-center justify-between gap-3">
            <div>
              <h2 className="text-lg font-bold">{document.label}</h2>
              <p className="text-sm text-muted">
                {T.shows}: {document.shows.replace("/*", "every page")}
              </p>
              <p className="text-sm">
                {document.publishedAt
                  ? `${T.lastPublished} ${ukTime(document.publishedAt)}`
                  : T.neverPublished}
                {document.unpublishedChanges && <strong> · {T.unpublished}</strong>}
                {document.publishAt && <strong> · {T.scheduledFor(ukTime(document.publishAt))}</strong>}
              </p>
            </div>
            <Link
              to={`${PAGES_PATH}/${document.key}`}
              className="btn btn-ghost"
              aria-label={T.edit(document.label)}
            >
              Edit
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
