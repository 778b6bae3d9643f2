import { BLOG_MESSAGES } from "@common/content/blog-messages";
import type { FieldSet } from "@common/content/site-content/fields";
import { SITE_CONTENT_MESSAGES } from "@common/content/site-content/messages";
import { PREVIEW_PARAM } from "@common/content/site-content/page-documents";
import { PAGE_CONTENT_MESSAGES } from "@common/content/site-content/page-messages";
import type { SiteDocumentKey } from "@common/content/site-content/registry";
import { domainFailure, Invalid, InvalidFields, isDomainError } from "@common/errors";
import { megabytes } from "@common/text";
import { type AppLoadContext, data, redirect } from "react-router";
import type { SiteEditor } from "../../../server/services/content/site-content";
import { done, refused } from "../domain-errors.server";
import { ukTime } from "../uk-time";
import { londonToIso } from "./blog-schedule";
import { documentFromForm, fileName, picturePaths, withValueAt } from "./site-document-form";

/** The editor's buttons: each posts the whole form with its `intent`. */
export const SITE_DOCUMENT_INTENTS = [
  "save",
  "autosave",
  "preview",
  "publish",
  "schedule",
  "cancel-schedule",
  "restore",
] as const;
export type SiteDocumentIntent = (typeof SITE_DOCUMENT_INTENTS)[number];

/** A refusal naming each field's problem (its dotted path), as the editor shows them. */
const fieldsRefused = (error: string, fieldErrors: Record<string, string>) =>
  data({ ok: false as const, error, fieldErrors }, { status: 400 });

/**
 * Pictures picked in the form stored through the image pipeline (checked and re-encoded): each
 * one's id goes into the document. Not on autosave: a file is sent once, by a deliberate save.
 */
async function withPictures(
  fields: FieldSet,
  document: Record<string, unknown>,
  form: FormData,
  context: AppLoadContext,
) {
  let value = document;
  for (const path of picturePaths(fields, document)) {
    const file = form.get(fileName(path));
    if (!(file instanceof File) || file.size === 0) continue;
    if (file.size > context.services.config.imageMaxBytes)
      throw new InvalidFields({
        [`${path}.imageId`]: BLOG_MESSAGES.images.tooLarge(megabytes(context.services.config.imageMaxBytes)),
      });
    try {
      const { id } = await context.services.images.add(Buffer.from(await file.arrayBuffer()));
      value = withValueAt(value, `${path}.imageId`, id);
    } catch (error) {
      if (isDomainError(error, "Invalid")) throw new InvalidFields({ [`${path}.imageId`]: error.message });
      throw error;
    }
  }
  return value;
}

/**
 * A site document editor's one action (the 'Pages' screens'; any document whose form is drawn
 * from a field description): save the draft (or autosave it), preview it on its public page,
 * publish it now or at a time, cancel the schedule, restore a revision. Every answer carries the
 * document's state (its new version for the next save); a refusal says each field's problem, or
 * the conflict with a colleague's save.
 */
export async function siteDocumentAction(
  key: SiteDocumentKey,
  fields: FieldSet,
  previewPath: string,
  form: FormData,
  context: AppLoadContext,
  admin: SiteEditor,
  /** How the form holds a document that has no field description (the site details): its own reader. */
  read: (form: FormData) => Record<string, unknown> = (posted) => documentFromForm(fields, posted),
) {
  const site = context.services.siteContent;
  const intent = String(form.get("intent") ?? "");
  const baseVersion = Number(form.get("baseVersion"));
  try {
    if (intent === "cancel-schedule")
      return done({
        message: SITE_CONTENT_MESSAGES.scheduleCancelled,
        state: await site.cancelSchedule(key, admin),
      });
    if (intent === "restore") {
      const state = await site.restore(key, String(form.get("revisionId") ?? ""), admin);
      return done({ message: SITE_CONTENT_MESSAGES.restored, state });
    }
    if (!Number.isInteger(baseVersion) || baseVersion < 0)
      throw new Invalid(SITE_CONTENT_MESSAGES.staleVersionMissing);
    const typed = read(form);
    if (intent === "autosave")
      return done({ state: await site.saveDraft(key, typed, baseVersion, admin, { autosave: true }) });
    const document = await withPictures(fields, typed, form, context);
    if (intent === "save")
      return done({
        message: SITE_CONTENT_MESSAGES.saved,
        state: await site.saveDraft(key, document, baseVersion, admin),
      });
    if (intent === "preview") {
      const state = await site.saveDraft(key, document, baseVersion, admin, { autosave: true });
      if (Object.keys(state.issues).length)
        return fieldsRefused(PAGE_CONTENT_MESSAGES.previewInvalid, state.issues);
      throw redirect(`${previewPath}?${PREVIEW_PARAM}=${key}`);
    }
    if (intent === "publish")
      return done({
        message: SITE_CONTENT_MESSAGES.published,
        state: await site.publish(key, admin, { data: document, baseVersion }),
      });
    if (intent === "schedule") {
      const at = londonToIso(String(form.get("at") ?? ""));
      if (!at)
        return fieldsRefused(SITE_CONTENT_MESSAGES.publishAtInvalid, {
          at: SITE_CONTENT_MESSAGES.publishAtInvalid,
        });
      const state = await site.publish(key, admin, { data: document, baseVersion, at: new Date(at) });
      return done({ message: SITE_CONTENT_MESSAGES.scheduled(ukTime(state.publishAt ?? at)), state });
    }
    throw new Invalid(SITE_CONTENT_MESSAGES.invalid);
  } catch (error) {
    // By its kind and fields (common/errors.ts): a service's error is the server bundle's class.
    const failure = domainFailure(error);
    if (failure?.kind === "Invalid" && failure.fieldErrors)
      return fieldsRefused(failure.message, failure.fieldErrors);
    if (failure?.kind === "Invalid" && failure.message === SITE_CONTENT_MESSAGES.publishAtPast)
      return fieldsRefused(failure.message, { at: failure.message });
    return refused(error);
  }
}
