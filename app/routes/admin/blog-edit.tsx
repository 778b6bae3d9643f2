import { BLOG_DIALOGS, BLOG_MESSAGES } from "@common/admin-messages";
import { BLOG_API_MESSAGES } from "@common/blog";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { data, Link, useNavigate } from "react-router";
import { BlogForm } from "~/components/admin/blog/BlogForm";
import { ConfirmDialog } from "~/components/admin/ConfirmDialog";
import { pageHeadingClass } from "~/components/admin/styles";
import { useAdminApi } from "~/lib/admin-api";
import { ADMIN_PAGE_HEADERS, requireAdmin } from "~/lib/admin-session.server";
import { BLOG_ADMIN_PATHS } from "~/lib/blog-admin-paths";
import { clearDraft, draftFromPost } from "~/lib/blog-draft";
import { useMessages } from "~/lib/messages";
import type { Route } from "./+types/blog-edit";

export const meta: Route.MetaFunction = () => [
  { title: "Edit Blog | Fenland Organics" },
  { name: "robots", content: "noindex" },
];

export const headers = () => ADMIN_PAGE_HEADERS;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const post = await context.services.blog.get(params.id);
  return post ? { post } : data({ post: null }, { status: 404 });
}

/** SPEC: the edit form, filled from the post, with Preview and Delete. */
export default function AdminBlogEdit({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  const navigate = useNavigate();
  const messages = useMessages();
  const api = useAdminApi();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  if (!post)
    return (
      <div className="grid gap-4">
        <h1 className={pageHeadingClass}>{BLOG_API_MESSAGES.notFound}</h1>
        <Link to={BLOG_ADMIN_PATHS.list} className="link">
          Back to the blogs
        </Link>
      </div>
    );

  async function remove() {
    if (!post || deleting) return;
    setDeleting(true);
    // The server removes the post's images, then the post, in one transaction.
    if ((await api("DELETE", `/api/admin/${post._id}`)).ok) {
      messages.add(BLOG_MESSAGES.deleted, "success");
      clearDraft();
      navigate(BLOG_ADMIN_PATHS.list, { replace: true });
    } else {
      messages.add(BLOG_MESSAGES.deleteFailed, "error");
      setDeleting(false);
      setConfirming(false);
    }
  }

  return (
    <>
      <BlogForm
        key={post._id}
        heading={
          <header>
            <p className="eyebrow">Template {post.template}</p>
            <h1 className={pageHeadingClass}>Edit Blog</h1>
          </header>
        }
        start={() => draftFromPost(post)}
        belongs={(draft) => draft.editId === post._id}
        guarded={!deleting}
        actions={
          <button type="button" className="btn btn-danger" onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden="true" className="size-5" />
            Delete
          </button>
        }
      />
      <ConfirmDialog
        open={confirming}
        title={BLOG_DIALOGS.deleteTitle}
        message={BLOG_DIALOGS.deleteMessage(post.title)}
        confirmLabel={BLOG_DIALOGS.deleteConfirm}
        busy={deleting}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
