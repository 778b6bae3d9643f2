import type { BlogPost, BlogRevision } from "@common/content/blog";
import { BLOG_MESSAGES } from "@common/content/blog-messages";
import { EyeOff, History, Trash2 } from "lucide-react";
import { useState } from "react";
import { data, Link, type ShouldRevalidateFunction, useFetcher, useNavigate } from "react-router";
import { ConfirmDialog } from "~/components/admin/ConfirmDialog";
import { BlogForm } from "~/components/admin/content/blog/BlogForm";
import { pageHeadingClass } from "~/components/admin/styles";
import { type Answer, useAnswer } from "~/lib/action-answer";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { BLOG_ADMIN_PATHS } from "~/lib/content/blog-admin-paths";
import { clearDraft, DRAFT_FORM, draftFromPost } from "~/lib/content/blog-draft";
import { blogEditorAction } from "~/lib/content/blog-editor.server";
import { foundOrNull } from "~/lib/domain-errors.server";
import { useMessages } from "~/lib/messages";
import { requireAdmin } from "~/lib/staff/admin-session.server";
import { ukTime } from "~/lib/uk-time";
import type { Route } from "./+types/blog-edit";

export const meta = adminMeta("Edit Blog");

export const headers = adminHeaders;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context, "blog");
  const { blog } = context.services;
  const post = await foundOrNull(blog.get(params.id, { state: "all" }));
  if (!post) return data({ post: null, revisions: [] }, { status: 404 });
  return { post, revisions: await blog.revisions(post._id) };
}

/** After its own delete the page leaves (or stays, on failure) without reloading the post. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get(DRAFT_FORM.intent) === "delete" ? false : defaultShouldRevalidate;

/**
 * The edit screen's writes, each one move of the blog service's state machine through the
 * editor's one action (shared with the create screen): 'Save draft', 'Schedule' and autosave (the
 * form's post with its picked images, one transaction; a published post is never saved as a
 * draft), 'Unpublish', 'Restore' and Delete (the post and its images, one transaction).
 */
export function action({ request, params, context }: Route.ActionArgs) {
  return blogEditorAction(request, context, params.id);
}

/** A write that never got its answer (network, server error) failed, and says so. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch (error) {
    console.error(error);
    return { ok: false as const, error: BLOG_MESSAGES.states.unreachable };
  }
}

/** The post's state as the heading shows it: Draft, Published, or Scheduled for its time (UK time). */
function stateText(post: BlogPost) {
  if (post.state === "scheduled" && post.publishAt)
    return BLOG_MESSAGES.states.scheduledFor(ukTime(post.publishAt));
  return BLOG_MESSAGES.states.labels[post.state];
}

/**
 * The edit form, filled from the post, with Preview and Delete; and the post's state with
 * 'Save draft' and 'Schedule' (until it is published) and 'Unpublish' (once it is published or scheduled).
 */
export default function AdminBlogEdit({ loaderData }: Route.ComponentProps) {
  const { post, revisions } = loaderData;
  const restorer = useFetcher<Answer>();
  const [restoring, setRestoring] = useState<BlogRevision | null>(null);
  const navigate = useNavigate();
  const messages = useMessages();
  const fetcher = useFetcher<Answer>({ key: "blog-delete" });
  const unpublisher = useFetcher<Answer>();
  const [confirming, setConfirming] = useState(false);
  // A restore or an unpublish remounts the form from the post as it is now (the browser's copy is
  // discarded); a save does not: what was typed while it was in flight stays.
  const [saves, setSaves] = useState(0);
  const deleting = fetcher.state !== "idle" || fetcher.data?.ok === true;

  // Each answer handled once (app/lib/action-answer.ts).
  useAnswer(fetcher, {
    ok() {
      messages.add(BLOG_MESSAGES.deleted, "success");
      clearDraft();
      navigate(BLOG_ADMIN_PATHS.list, { replace: true });
    },
    refused({ error }) {
      console.error(error);
      messages.add(BLOG_MESSAGES.deleteFailed, "error");
      setConfirming(false);
    },
  });
  useAnswer(restorer, {
    ok() {
      setRestoring(null);
      messages.add(BLOG_MESSAGES.states.restored, "success");
      clearDraft();
      setSaves((n) => n + 1);
    },
    refused() {
      setRestoring(null);
      messages.add(BLOG_MESSAGES.states.restoreFailed, "error");
    },
  });
  useAnswer(unpublisher, {
    ok() {
      messages.add(BLOG_MESSAGES.states.unpublished, "success");
      clearDraft();
      setSaves((n) => n + 1);
    },
    refused: () => messages.add(BLOG_MESSAGES.states.unpublishFailed, "error"),
  });

  if (!post)
    return (
      <div className="grid gap-4">
        <h1 className={pageHeadingClass}>{BLOG_MESSAGES.post.notFound}</h1>
        <Link to={BLOG_ADMIN_PATHS.list} className="link">
          Back to the blogs
        </Link>
      </div>
    );

  function remove() {
    if (!deleting) fetcher.submit({ [DRAFT_FORM.intent]: "delete" }, { method: "post" });
  }

  const published = post.state === "published";
  return (
    <>
      <BlogForm
        key={`${post._id}:${saves}`}
        heading={
          <header>
            <p className="eyebrow">Template {post.template}</p>
            <h1 className={pageHeadingClass}>Edit Blog</h1>
            <p className="mt-2 flex flex-wrap items-center gap-3 font-semibold" data-testid="blog-state">
              {BLOG_MESSAGES.states.stateLine(stateText(post))}
              {!published && (
                <Link to={`/blog/${post._id}`} className="link font-normal">
                  {BLOG_MESSAGES.states.openPage}
                </Link>
              )}
            </p>
          </header>
        }
        start={() => draftFromPost(post)}
        // A copy in this tab made from an older version (before a restore, an unpublish or a save
        // elsewhere) gives way to the saved post.
        belongs={(draft) => draft.editId === post._id && (draft.version ?? post.version) === post.version}
        guarded={!deleting}
        scheduledAt={post.publishAt}
        autosave={!published}
        onDraftSaved={published ? undefined : (_id, message) => messages.add(message, "success")}
        actions={
          <>
            {post.state !== "draft" && (
              <button
                type="button"
                className="btn btn-ghost"
                disabled={unpublisher.state !== "idle"}
                onClick={() => unpublisher.submit({ [DRAFT_FORM.intent]: "unpublish" }, { method: "post" })}
              >
                <EyeOff aria-hidden="true" className="size-5" />
                {BLOG_MESSAGES.states.unpublish}
              </button>
            )}
            <button type="button" className="btn btn-danger" onClick={() => setConfirming(true)}>
              <Trash2 aria-hidden="true" className="size-5" />
              Delete
            </button>
          </>
        }
      />
      <section aria-labelledby="blog-revisions" className="card mt-6 grid max-w-3xl gap-3">
        <h2 id="blog-revisions" className="text-xl font-bold">
          {BLOG_MESSAGES.states.revisions}
        </h2>
        {revisions.length === 0 ? (
          <p className="text-muted">{BLOG_MESSAGES.states.noRevisions}</p>
        ) : (
          <ol className="grid gap-2">
            {revisions.map((revision) => (
              <li key={revision.id} className="flex flex-wrap items-center justify-between gap-3">
                <span>
                  <span className="font-semibold">{revision.title}</span>
                  <span className="block text-sm text-muted">
                    {BLOG_MESSAGES.states.revisionLine(
                      BLOG_MESSAGES.states.revisionReasons[revision.reason],
                      ukTime(revision.savedAt),
                      revision.savedBy,
                    )}
                  </span>
                </span>
                <button
                  type="button"
                  className="btn btn-ghost"
                  aria-label={`${BLOG_MESSAGES.states.restore}: ${BLOG_MESSAGES.states.revisionLine(
                    BLOG_MESSAGES.states.revisionReasons[revision.reason],
                    ukTime(revision.savedAt),
                    revision.savedBy,
                  )}`}
                  onClick={() => setRestoring(revision)}
                >
                  <History aria-hidden="true" className="size-5" />
                  {BLOG_MESSAGES.states.restore}
                </button>
              </li>
            ))}
          </ol>
        )}
      </section>
      <ConfirmDialog
        open={restoring !== null}
        title={BLOG_MESSAGES.states.restoreTitle}
        message={BLOG_MESSAGES.states.restoreMessage(restoring ? ukTime(restoring.savedAt) : "")}
        confirmLabel={BLOG_MESSAGES.states.restore}
        busy={restorer.state !== "idle"}
        onConfirm={() =>
          restoring &&
          restorer.submit(
            { [DRAFT_FORM.intent]: "restore", [DRAFT_FORM.revision]: restoring.id },
            { method: "post" },
          )
        }
        onCancel={() => setRestoring(null)}
      />
      <ConfirmDialog
        open={confirming}
        title={BLOG_MESSAGES.dialogs.deleteTitle}
        message={BLOG_MESSAGES.dialogs.deleteMessage(post.title)}
        confirmLabel={BLOG_MESSAGES.dialogs.deleteConfirm}
        busy={deleting}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
