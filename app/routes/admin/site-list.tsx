import { SITE_CONTENT_TEXTS as T } from "@common/content/site-content/messages";
import { SITE_DOCUMENT_TEXTS as S } from "@common/content/site-content/page-messages";
import {
  documentPermission,
  SITE_DOCUMENT_KEYS,
  type SiteDocumentState,
} from "@common/content/site-content/registry";
import { can } from "@common/staff/roles";
import { Link } from "react-router";
import { pageHeadingClass } from "~/components/admin/styles";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { editorPath } from "~/lib/content/site-content-paths";
import { requireAdmin } from "~/lib/staff/admin-session.server";
import { ukTime } from "~/lib/uk-time";
import type { Route } from "./+types/site-list";

export const meta = adminMeta(T.listHeading);
export const headers = adminHeaders;

/** A document's state in a line's parts: published when (or never), unpublished changes, the schedule. */
function stateTexts({ publishedAt, unpublishedChanges, publishAt }: SiteDocumentState): string[] {
  return [
    publishedAt ? S.published(ukTime(publishedAt)) : S.neverPublished,
    ...(unpublishedChanges ? [S.unpublished] : []),
    ...(publishAt ? [S.scheduled(ukTime(publishAt))] : []),
  ];
}

/** Every site document (SITE_DOCUMENTS) with its state: what it is, without its fields. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context, "site");
  const site = context.services.siteContent;
  // Only the documents the colleague may edit (the quotes' terms are the Owner's alone).
  const keys = SITE_DOCUMENT_KEYS.filter((key) => can(admin.role, documentPermission(key)));
  const states = await Promise.all(keys.map((key) => site.state(key, admin)));
  return {
    documents: states.map((state) => ({ key: state.key, label: state.label, state: stateTexts(state) })),
  };
}

/** 'Site': the documents the office edits, each with its state and a link to its editor. */
export default function AdminSiteList({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <header>
        <h1 className={pageHeadingClass}>{T.listHeading}</h1>
        <p className="mt-2 text-muted">{T.listIntro}</p>
      </header>
      <ul className="grid gap-3">
        {loaderData.documents.map((document) => (
          <li key={document.key} className="card flex flex-wrap items-center justify-between gap-3 !p-4">
            <span>
              <Link to={editorPath(document.key)} className="link font-semibold">
                {document.label}
              </Link>
              <span className="block text-sm text-muted" data-testid="site-document-state">
                {document.state.join(" · ")}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
