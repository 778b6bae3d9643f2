import { BLOG_MESSAGES } from "@common/blog-messages";
import { data, useNavigate } from "react-router";
import { BlogForm } from "~/components/admin/blog/BlogForm";
import { pageHeadingClass } from "~/components/admin/styles";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { requireAdmin } from "~/lib/admin-session.server";
import { BLOG_ADMIN_PATHS } from "~/lib/blog-admin-paths";
import type { DraftSaved } from "~/lib/blog-autosave";
import { editsExisting, newDraft, templateFromRoute } from "~/lib/blog-draft";
import { draftSaved, readSubmission } from "~/lib/blog-submission.server";
import { domainFailure } from "~/lib/domain-errors.server";
import { useMessages } from "~/lib/messages";
import type { Route } from "./+types/blog-create";

export const meta = adminMeta("Create Blog");

export const headers = adminHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "blog");
  return null;
}

/**
 * 'Save draft' (a Draft) or 'Schedule' (Scheduled at its time): the new post stored, not public,
 * with its picked images, in one transaction.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, "blog");
  const submission = await readSubmission(await request.formData());
  if ("error" in submission) return data<DraftSaved>({ ok: false, error: submission.error }, { status: 400 });
  try {
    // 'Schedule' carries its state and time; 'Save draft' and autosave store a Draft (once autosave
    // created it, the form names it and saves update it).
    const { input, intent, files, editId } = submission;
    const { blog } = context.services;
    const wanted = intent === "schedule" ? input : { ...input, state: "draft" as const, publishAt: null };
    if (editId && (await blog.get(editId, { state: "all" })).state === "published")
      return data<DraftSaved>({ ok: false, error: BLOG_MESSAGES.states.publishedNoDraft }, { status: 409 });
    // A manual save keeps a revision; autosave does not.
    const by = { by: intent === "autosave" ? undefined : admin.email };
    const post = editId ? await blog.update(editId, wanted, files, by) : await blog.create(wanted, files, by);
    return data<DraftSaved>(draftSaved(post));
  } catch (error) {
    const { status, message } = domainFailure(error);
    return data<DraftSaved>({ ok: false, error: message }, { status });
  }
}

/** A save that never got its answer (network, server error) is shown as not saved. */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<DraftSaved> {
  try {
    return await serverAction();
  } catch (error) {
    console.error(error);
    return { ok: false, error: BLOG_MESSAGES.states.unreachable };
  }
}

/** The create form at /admin/dashboard/blog/create/template-N; any other id gives template 1. */
export default function AdminBlogCreate({ params }: Route.ComponentProps) {
  const template = templateFromRoute(params.templateId);
  const navigate = useNavigate();
  const messages = useMessages();
  return (
    <BlogForm
      // A new template is a new form (and a new draft).
      key={template}
      heading={
        <header>
          <p className="eyebrow">Template {template}</p>
          <h1 className={pageHeadingClass}>Create Blog</h1>
        </header>
      }
      start={() => newDraft(template)}
      belongs={(draft) => !editsExisting(draft) && draft.template === template}
      // The first autosave creates the post as a Draft; later saves (and Submit) update it.
      autosave
      onDraftSaved={(id, message) => {
        messages.add(message, "success");
        // From now on the draft is a post on the server: it is edited (and reopened) by its id.
        navigate(BLOG_ADMIN_PATHS.edit(id), { replace: true });
      }}
    />
  );
}
