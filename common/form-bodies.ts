import { PARAGRAPHS_PER_BLOG } from "./content/blog-rules";

/**
 * What a page's form post may carry (server/pages/form-bodies.ts decides from its headers, before
 * anything reads the body): forms sent as `application/x-www-form-urlencoded` on every page, and
 * `multipart/form-data` (files) only on a signed-in colleague's admin screens. The REST API under
 * /api keeps its own rules (JSON, at most 1 MB unless a route sets its own limit).
 */
export const PUBLIC_FORM_MAX_BYTES = 64 * 1024;

/** A signed-in colleague's form on an admin screen (a reply, the spam lists): the API's 1 MB. */
export const STAFF_FORM_MAX_BYTES = 1024 * 1024;

/**
 * A signed-in colleague's form with files (the blog editor's Submit, a page's words with their
 * pictures): up to one image per paragraph, each within IMAGE_MAX_BYTES, and 1 MB for the text.
 */
export const staffFilesMaxBytes = (imageMaxBytes: number) =>
  PARAGRAPHS_PER_BLOG * imageMaxBytes + 1024 * 1024;

/** "64 KB", "16 MB": a limit as the messages say it. */
export function formSize(bytes: number): string {
  const mb = 1024 * 1024;
  return bytes >= mb ? `${Math.round((bytes / mb) * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`;
}

export const FORM_BODY_MESSAGES = {
  /** 413: the body is over the limit the page takes. */
  tooLarge: (limit: number) => `The form is too large to send: this page takes at most ${formSize(limit)}.`,
  /** 415: any other body (JSON, text, or files outside a signed-in colleague's admin screens). */
  unsupported: "This page takes forms sent as application/x-www-form-urlencoded only.",
} as const;
