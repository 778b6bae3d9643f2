import { BLOG_MESSAGES } from "@common/content/blog-messages";
import { PREVIEW_ALERT_MS, REDIRECT_DELAY_MS, SUBMIT_DELAY_MS } from "@common/ui";
import { Send, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { LeaveGuard } from "~/components/admin/content/blog/LeaveGuard";
import { Loading } from "~/components/admin/Loading";
import { BlogTemplate } from "~/components/blog/BlogTemplate";
import type { TemplatePost } from "~/components/blog/types";
import { useAnswer } from "~/lib/action-answer";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { BLOG_ADMIN_PATHS } from "~/lib/content/blog-admin-paths";
import { templateImage } from "~/lib/content/blog-display";
import { type BlogDraft, clearDraft, draftForm, editsExisting, loadDraft } from "~/lib/content/blog-draft";
import { blogEditorAction } from "~/lib/content/blog-editor.server";
import { useMessages } from "~/lib/messages";
import { requireAdmin } from "~/lib/staff/admin-session.server";
import type { Route } from "./+types/blog-preview";

export const meta = adminMeta("Preview");

export const headers = adminHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "blog");
  return null;
}

/**
 * Submit: the post and its picked image files in one multipart form, published by the blog
 * service's `publish` in one transaction (a failed save keeps none of the images) through the
 * editor's one action. The post it publishes is the one the URL names (`?post=`), never a form
 * field; without one it is a new post.
 */
export function action({ request, context }: Route.ActionArgs) {
  const postId = new URL(request.url).searchParams.get("post");
  return blogEditorAction(request, context, postId || null, "publish");
}

/** A save that never got its answer (network, server error) is a failed save, shown as such. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch (error) {
    console.error(error);
    return { ok: false as const, error: BLOG_MESSAGES.states.unreachable };
  }
}

/** The draft as its template shows it: picked images from their local copies, stored ones served. */
function templatePost(draft: BlogDraft): TemplatePost {
  return {
    title: draft.title,
    readTime: Number(draft.readTime),
    dateAdded: draft.dateAdded,
    template: draft.template,
    paragraphs: draft.content.map((p, index) => ({
      header: index === 0 ? "" : p.header,
      html: p.content,
      image: p.image?.dataUrl
        ? { src: p.image.dataUrl, alt: p.alt }
        : p.image?.id
          ? templateImage(p.image.id, p.alt, {})
          : null,
    })),
  };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The whole post in its template, with Cancel (back to the form it came from, or the list)
 * and Submit (1.2 s, then save once through the action; success returns to the list about 2 s later).
 */
export default function AdminBlogPreview() {
  const navigate = useNavigate();
  const messages = useMessages();
  const fetcher = useFetcher<typeof clientAction>();
  const [draft, setDraft] = useState<BlogDraft | null>(null);
  const [state, setState] = useState<"ready" | "saving" | "saved">("ready");
  const saving = useRef(false);

  useEffect(() => {
    const stored = loadDraft();
    if (stored?.title) setDraft(stored);
    else navigate(BLOG_ADMIN_PATHS.list, { replace: true });
  }, [navigate]);

  useEffect(() => {
    if (state !== "saved") return;
    const timer = setTimeout(() => {
      clearDraft();
      navigate(BLOG_ADMIN_PATHS.list, { replace: true });
    }, REDIRECT_DELAY_MS);
    // Leaving sooner by another way: the published draft must not come back either.
    return () => {
      clearTimeout(timer);
      clearDraft();
    };
  }, [state, navigate]);

  // 'Created' for a new post (even one autosave already stored as a draft), 'updated' for an edit.
  const editing = draft ? editsExisting(draft) : false;
  // The action's answer, once per submission.
  useAnswer(fetcher, {
    ok() {
      messages.add(editing ? BLOG_MESSAGES.edited : BLOG_MESSAGES.created, "success", PREVIEW_ALERT_MS);
      setState("saved");
    },
    refused({ error }) {
      console.error(error);
      messages.add(
        editing ? BLOG_MESSAGES.editFailed : BLOG_MESSAGES.createFailed,
        "error",
        PREVIEW_ALERT_MS,
      );
      saving.current = false;
      setState("ready");
    },
  });

  if (!draft) return <Loading />;

  async function submit() {
    // A second click while the first is saving does nothing: the post is saved once.
    if (saving.current || !draft) return;
    saving.current = true;
    setState("saving");
    await wait(SUBMIT_DELAY_MS);
    fetcher.submit(draftForm(draft), {
      method: "post",
      encType: "multipart/form-data",
      action: BLOG_ADMIN_PATHS.publish(draft.editId),
    });
  }

  const busy = state !== "ready";
  const back = draft.origin ?? BLOG_ADMIN_PATHS.list;
  return (
    <div className="grid gap-6">
      <div className="card flex flex-wrap items-center justify-between gap-3 !py-4">
        <p className="eyebrow">Preview · Template {draft.template}</p>
        <div className="flex flex-wrap gap-3">
          <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => navigate(back)}>
            <X aria-hidden="true" className="size-5" />
            Cancel
          </button>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={submit}>
            <Send aria-hidden="true" className="size-5" />
            Submit
          </button>
        </div>
        {state === "saving" && <Loading />}
      </div>
      <BlogTemplate post={templatePost(draft)} />
      <LeaveGuard when={draft.dirty && state !== "saved"} allowed={[back]} onLeave={clearDraft} />
    </div>
  );
}
