import { BLOG_MESSAGES } from "@common/content/blog-messages";
import { type AppLoadContext, data } from "react-router";
import { done, invalidInput, refused } from "../domain-errors.server";
import { requireAdmin } from "../staff/admin-session.server";
import { DRAFT_FORM } from "./blog-draft";
import { draftSaved, readSubmission } from "./blog-submission.server";

/** What the editor's buttons ask for (the form's `intent`); Preview's Submit is `publish`. */
export type EditorIntent = "autosave" | "draft" | "schedule" | "publish" | "unpublish" | "restore" | "delete";

/**
 * The blog editor's one action, shared by the create and edit screens and the preview: each
 * intent is one move of the post's state machine in the blog service (server/services/content/blog.ts),
 * which decides what is allowed, for the screens as for the REST API. `postId` is the post the
 * screen's URL names (null on the create screen, where the first autosave makes the post and the
 * form then names it). Answers the kit's shapes (domain-errors.server.ts) with the API's statuses.
 */
export async function blogEditorAction(
  request: Request,
  context: AppLoadContext,
  postId: string | null,
  only?: EditorIntent,
) {
  const admin = await requireAdmin(request, context, "blog");
  const form = await request.formData();
  const intent = only ?? (String(form.get(DRAFT_FORM.intent) ?? "") as EditorIntent);
  const { blog } = context.services;
  const by = { by: admin.email, adminId: admin.id };
  try {
    if (postId && intent === "delete") {
      await blog.remove(postId, by);
      return done();
    }
    if (postId && intent === "restore") {
      await blog.restore(postId, String(form.get(DRAFT_FORM.revision) ?? ""), by);
      return done();
    }
    if (postId && intent === "unpublish") {
      await blog.unpublish(postId, by);
      return done();
    }
    const submission = await readSubmission(form);
    if ("issues" in submission) return invalidInput(submission.issues);
    const { input, files, editId } = submission;
    const id = postId ?? editId;
    if (intent === "autosave") return draftSaved(await blog.autosave(id, input, files));
    if (intent === "draft") return draftSaved(await blog.saveDraft(id, input, files, by));
    if (intent === "schedule") return draftSaved(await blog.schedule(id, input, files, by));
    if (intent === "publish") return draftSaved(await blog.publish(id, input, files, by));
    return data({ ok: false as const, error: BLOG_MESSAGES.states.unknownAction }, { status: 400 });
  } catch (error) {
    return refused(error);
  }
}
