import { SITE_DOCUMENTS } from "@common/content/site-content/registry";
import { SiteDetailsFields } from "~/components/admin/content/site/SiteDetailsFields";
import { DocumentEditor } from "~/components/admin/content/site-content/DocumentEditor";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { SITE_PATH } from "~/lib/content/site-content-paths";
import { siteDetailsFromForm } from "~/lib/content/site-details-form";
import { siteDocumentAction } from "~/lib/content/site-document-action.server";
import { requireAdmin } from "~/lib/staff/admin-session.server";
import type { Route } from "./+types/site-details";

const KEY = "site-details";
/** Where its Preview opens: the contact page shows every detail, its footer too. */
const PREVIEW = "/contact";

export const meta = adminMeta(SITE_DOCUMENTS[KEY].label);
export const headers = adminHeaders;

/** The site details' state (the draft with each field's problem) and revisions; Owner and Editor only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context, "site");
  const site = context.services.siteContent;
  const [state, revisions] = await Promise.all([site.state(KEY, admin), site.revisions(KEY, admin)]);
  return { state, revisions };
}

/** Save, autosave, preview, publish, schedule, cancel the schedule, restore (site-document-action.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, "site");
  // No field description (hours and special days have their own controls): the form's own reader.
  return siteDocumentAction(KEY, {}, PREVIEW, await request.formData(), context, admin, siteDetailsFromForm);
}

/** The site details' editor: the company, contacts, links, opening hours and special days. */
export default function AdminSiteDetails({ loaderData }: Route.ComponentProps) {
  const { state, revisions } = loaderData;
  return (
    <DocumentEditor state={state} revisions={revisions} heading={state.label} backTo={SITE_PATH}>
      {(props) => <SiteDetailsFields {...props} />}
    </DocumentEditor>
  );
}
