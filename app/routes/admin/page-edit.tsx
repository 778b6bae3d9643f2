import { SITE_CONTENT_MESSAGES } from "@common/content/site-content/messages";
import { isPageDocumentKey, PAGE_DOCUMENTS } from "@common/content/site-content/page-documents";
import { PAGE_CONTENT_TEXTS as T } from "@common/content/site-content/page-messages";
import { data } from "react-router";
import { DocumentEditor } from "~/components/admin/content/site-content/DocumentEditor";
import { DocumentFields } from "~/components/admin/content/site-content/DocumentFields";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { siteDocumentAction } from "~/lib/content/site-document-action.server";
import { requireAdmin } from "~/lib/staff/admin-session.server";
import type { Route } from "./+types/page-edit";

export const meta = adminMeta("Edit page");
export const headers = adminHeaders;

function documentOf(key: string | undefined) {
  if (!key || !isPageDocumentKey(key)) throw data(SITE_CONTENT_MESSAGES.unknownDocument, { status: 404 });
  return key;
}

/** The document's state (its draft with each field's problem) and its revisions. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context, "site");
  const key = documentOf(params.key);
  const site = context.services.siteContent;
  const [state, revisions] = await Promise.all([site.state(key, admin), site.revisions(key, admin)]);
  return { key, state, revisions };
}

/** Save, autosave, preview, publish, schedule, cancel the schedule, restore (site-document-action.server.ts). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, "site");
  const key = documentOf(params.key);
  const { fields, preview } = PAGE_DOCUMENTS[key];
  return siteDocumentAction(key, fields, preview, await request.formData(), context, admin);
}

/**
 * One page's words: the editor drawn from its field description, each field's message beside it
 * and in the summary, Save draft (and autosave while typing), Preview on the public page,
 * Publish now or at a time, and the revisions to restore (the shared DocumentEditor, as the site
 * details'). A colleague's save since this was opened is refused with their name: nothing of
 * theirs is overwritten.
 */
export default function AdminPageEdit({ loaderData }: Route.ComponentProps) {
  const { key, state, revisions } = loaderData;
  const { fields, label } = PAGE_DOCUMENTS[key];
  return (
    <DocumentEditor
      key={key}
      state={state}
      revisions={revisions}
      heading={T.edit(label)}
      backTo="/admin/dashboard/pages"
    >
      {(props) => <DocumentFields fields={fields} {...props} />}
    </DocumentEditor>
  );
}
