import { BLOCK_PAGE_MESSAGES, LANDING_PAGE_TEXTS as T } from "@common/content/block-pages";
import { BLOG_MESSAGES } from "@common/content/blog-messages";
import { domainFailure, Invalid, InvalidFields, isDomainError } from "@common/errors";
import type { Role } from "@common/staff/roles";
import { megabytes } from "@common/text";
import { type AppLoadContext, data, redirect } from "react-router";
import { done, refused } from "../domain-errors.server";
import { ukTime } from "../uk-time";
import { PAGE_PREVIEW_PARAM } from "./block-page.server";
import {
  applyStructure,
  draftFromForm,
  fileName,
  picturePaths,
  structureIntent,
  withValueAt,
} from "./block-page-form";
import { londonToIso } from "./blog-schedule";
import { LANDING_PAGES_PATH } from "./landing-page-paths";

type Editor = { id: string; email: string; role: Role };

/** A refusal naming each field's problem (its dotted path), as the editor shows them. */
const fieldsRefused = (error: string, fieldErrors: Record<string, string>) =>
  data({ ok: false as const, error, fieldErrors }, { status: 400 });

/** A refused write in the screen kit's shapes: each field's message when the page was at fault. */
function refusal(error: unknown) {
  const failure = domainFailure(error);
  if (failure?.kind === "Invalid" && failure.fieldErrors)
    return fieldsRefused(failure.message, failure.fieldErrors);
  return refused(error);
}

/** 'New page': the page made (a draft), then its editor; the address's or title's message otherwise. */
export async function createLandingPage(context: AppLoadContext, form: FormData, admin: Editor) {
  try {
    const page = await context.services.blockPages.create(
      { address: String(form.get("address") ?? ""), title: String(form.get("title") ?? "") },
      admin,
    );
    return redirect(`${LANDING_PAGES_PATH}/${page.id}`);
  } catch (error) {
    return refusal(error);
  }
}

/** Pictures picked in the form stored through the image pipeline: each one's id goes into the page. */
async function withPictures(draft: Record<string, unknown>, form: FormData, context: AppLoadContext) {
  let value = draft;
  for (const path of picturePaths(draft)) {
    const file = form.get(fileName(path));
    if (!(file instanceof File) || file.size === 0) continue;
    if (file.size > context.services.config.imageMaxBytes)
      throw new InvalidFields({
        [path]: BLOG_MESSAGES.images.tooLarge(megabytes(context.services.config.imageMaxBytes)),
      });
    try {
      const { id } = await context.services.images.add(Buffer.from(await file.arrayBuffer()));
      value = withValueAt(value, path, id);
    } catch (error) {
      if (isDomainError(error, "Invalid")) throw new InvalidFields({ [path]: error.message });
      throw error;
    }
  }
  return value;
}

/**
 * The editor's one action: every button posts the whole form with its `intent`. The structural
 * ones (add, move, duplicate, remove a block; add, remove an item) save the draft with the change
 * (as typed: autosave's rule); 'Save draft' keeps a revision; 'Preview' opens the draft on its
 * address; 'Publish' and 'Schedule' go live now or at a time; 'Unpublish', 'Cancel schedule',
 * 'Delete page', 'Duplicate page' and 'Restore' act on the page. Every refusal is the service's
 * message (a stale version names who saved).
 */
export async function landingPageAction(context: AppLoadContext, id: string, form: FormData, admin: Editor) {
  const pages = context.services.blockPages;
  const intent = String(form.get("intent") ?? "");
  const baseVersion = Number(form.get("baseVersion"));
  try {
    if (intent === "unpublish")
      return done({ message: T.unpublished, page: await pages.unpublish(id, admin) });
    if (intent === "cancel-schedule")
      return done({ message: T.scheduleCancelled, page: await pages.cancelSchedule(id, admin) });
    if (intent === "restore")
      return done({
        message: T.restored,
        page: await pages.restore(id, String(form.get("revisionId") ?? ""), admin),
      });
    if (intent === "delete") {
      const before = await pages.get(id, admin);
      await pages.remove(id, admin, { redirectTo: String(form.get("redirectTo") ?? "") });
      return redirect(`${LANDING_PAGES_PATH}?deleted=${encodeURIComponent(before.address)}`);
    }
    if (intent === "duplicate") {
      const copy = await pages.duplicate(id, String(form.get("duplicateAddress") ?? ""), admin);
      return redirect(`${LANDING_PAGES_PATH}/${copy.id}`);
    }
    if (!Number.isInteger(baseVersion) || baseVersion < 0) throw new Invalid(T.versionMissing);
    const typed = draftFromForm(form);
    const change = structureIntent(intent, form);
    if (change)
      return done({
        message: T.changed,
        page: await pages.saveDraft(id, applyStructure(typed, change), baseVersion, admin, {
          autosave: true,
        }),
      });
    if (intent === "autosave")
      return done({ page: await pages.saveDraft(id, typed, baseVersion, admin, { autosave: true }) });
    const draft = await withPictures(typed, form, context);
    // Kept as typed first, so a refusal below loses no word (the editor shows the kept draft).
    const saved = await pages.saveDraft(id, draft, baseVersion, admin, { autosave: true });
    if (intent === "save")
      return done({ message: T.saved, page: await pages.saveDraft(id, draft, saved.version, admin) });
    if (intent === "preview") {
      if (Object.keys(saved.issues).length) return fieldsRefused(T.previewInvalid, saved.issues);
      const address = typeof saved.draft.address === "string" ? saved.draft.address : saved.address;
      return redirect(`${address}?${PAGE_PREVIEW_PARAM}=${id}`);
    }
    if (intent === "publish")
      return done({
        message: T.published,
        page: await pages.publish(id, admin, { page: draft, baseVersion: saved.version }),
      });
    if (intent === "schedule") {
      const at = londonToIso(String(form.get("at") ?? ""));
      if (!at)
        return fieldsRefused(BLOCK_PAGE_MESSAGES.publishAtInvalid, {
          at: BLOCK_PAGE_MESSAGES.publishAtInvalid,
        });
      const page = await pages.publish(id, admin, {
        page: draft,
        baseVersion: saved.version,
        at: new Date(at),
      });
      return done({ message: T.scheduledFor(ukTime(page.publishAt ?? at)), page });
    }
    throw new Invalid(T.unknownIntent);
  } catch (error) {
    return refusal(error);
  }
}
