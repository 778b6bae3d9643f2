import { z } from "../../zod";
import { SITE_CONTENT_MESSAGES as M } from "./messages";

/**
 * The admin's requests about a site document (the REST API parses these; the screen's action
 * builds the same values from its form). The document's own fields are checked by its schema
 * (registry.ts) when it is published; a draft may be half-valid.
 */
const documentData = z.record(z.string(), z.unknown(), { error: M.notAnObject });

export const siteDraftInputSchema = z.object({
  data: documentData,
  /** The version the draft was made from (0 for a document never saved). */
  baseVersion: z.number({ error: M.staleVersionMissing }).int().min(0),
  /** An automatic save: no revision or activity entry. */
  autosave: z.boolean().optional(),
});

export const sitePublishInputSchema = z.object({
  /** The document to publish (saved as the draft first); without it, the draft as saved. */
  data: documentData.optional(),
  baseVersion: z.number({ error: M.staleVersionMissing }).int().min(0).optional(),
  /** Publish at this time instead of now (ISO 8601 with its offset). */
  at: z.iso.datetime({ offset: true, error: M.publishAtInvalid }).optional(),
});

export type SiteDraftInput = z.infer<typeof siteDraftInputSchema>;
export type SitePublishInput = z.infer<typeof sitePublishInputSchema>;
