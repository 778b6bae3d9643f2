import { BLOG_MESSAGES } from "@common/content/blog-messages";
import { useNavigate } from "react-router";
import { BlogForm } from "~/components/admin/content/blog/BlogForm";
import { pageHeadingClass } from "~/components/admin/styles";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { BLOG_ADMIN_PATHS } from "~/lib/content/blog-admin-paths";
import { editsExisting, newDraft, templateFromRoute } from "~/lib/content/blog-draft";
import { blogEditorAction } from "~/lib/content/blog-editor.server";
import { useMessages } from "~/lib/messages";
import { requireAdmin } from "~/lib/staff/admin-session.server";
import type { Route } from "./+types/blog-create";

export const meta = adminMeta("Create Blog");

export const headers = adminHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "blog");
  return null;
}

/**
 * 'Save draft' (a Draft), 'Schedule' (Scheduled at its time) and autosave: the editor's one action
 * (shared with the edit screen), each a move of the blog service's state machine. Once autosave
 * has made the post, the form names it and the saves update it.
 */
export function action({ request, context }: Route.ActionArgs) {
  return blogEditorAction(request, context, null);
}

/** A save that never got its answer (network, server error) is shown as not saved. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch (error) {
    console.error(error);
    return { ok: false as const, error: BLOG_MESSAGES.states.unreachable };
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
