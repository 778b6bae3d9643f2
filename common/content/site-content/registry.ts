import { QUOTE_TERMS_DEFAULTS, quoteTermsDocumentSchema } from "../../pipeline/quote-terms";
import type { Permission } from "../../staff/roles";
import type { z } from "../../zod";
import type { DataOf } from "./fields";
import { SITE_MENU_DEFAULTS, siteMenuSchema } from "./menu";
import { PAGE_DOCUMENTS, type PageDocumentKey } from "./page-documents";
import { schemaOf } from "./page-schema";
import { siteDetailsSchema } from "./site-details";
import { SITE_DETAILS_DEFAULTS } from "./site-details-defaults";

/**
 * Admin-editable site content (decision "site content"): each document is one JSON value with a
 * zod schema, today's words as its defaults (an empty database shows the site exactly as before)
 * and the public pages that show it (the sitemap's `lastmod` of each follows its publication; the
 * page cache drops whatever page read it, without a list).
 *
 * `paths`: page paths ("/contact"), or a prefix ending in "*" ("/services/*", "/*" for every
 * page: a document the footer shows).
 *
 * Public route modules import only types from here (and the defaults' modules): the schemas are
 * for the server and the admin screens, never the public bundle.
 *
 * Adding a document: its schema and defaults in their own module of this folder, an entry below;
 * the service (server/services/content/site-content/), the admin API and the registry test take it from here.
 */
export interface SiteDocument<T> {
  key: string;
  /** The admin's name for it. */
  label: string;
  schema: z.ZodType<T>;
  defaults: T;
  paths: readonly string[];
  /** Who may read and edit it: "site" (Owner and Editor) unless it names another permission. */
  permission?: Permission;
}

const document = <T>(entry: SiteDocument<T>) => entry;

/** A page's words (page-documents.ts): its schema is built from its field description. */
const page = <K extends PageDocumentKey>(key: K) => {
  const { label, fields, defaults, paths } = PAGE_DOCUMENTS[key];
  type Data = DataOf<(typeof PAGE_DOCUMENTS)[K]["fields"]>;
  return document<Data>({
    key,
    label,
    schema: schemaOf(fields) as z.ZodType<Data>,
    defaults: defaults as Data,
    paths,
  });
};

export const SITE_DOCUMENTS = {
  "site-details": document({
    key: "site-details",
    label: "Site details and opening hours",
    schema: siteDetailsSchema,
    defaults: SITE_DETAILS_DEFAULTS,
    // The footer shows the details on every page (and the contact page, JSON-LD and metadata).
    paths: ["/*"],
  }),
  "page-home": page("page-home"),
  "page-about": page("page-about"),
  "page-services": page("page-services"),
  "page-sustainability": page("page-sustainability"),
  "page-tankering": page("page-tankering"),
  "page-contact": page("page-contact"),
  footer: page("footer"),
  // The office's links in the main menu and the footer (menu.ts): every page shows them.
  menu: document({
    key: "menu",
    label: "Menu and footer links",
    schema: siteMenuSchema,
    defaults: SITE_MENU_DEFAULTS,
    paths: ["/*"],
  }),
  // The quotes' terms (issue 49): only the Owner edits them; no public page shows them.
  "quote-terms": document({
    key: "quote-terms",
    label: "Quote terms",
    schema: quoteTermsDocumentSchema,
    defaults: QUOTE_TERMS_DEFAULTS,
    paths: [],
    permission: "pipeline-settings",
  }),
} as const;

export type SiteDocumentKey = keyof typeof SITE_DOCUMENTS;
export type SiteDocumentData<K extends SiteDocumentKey> = (typeof SITE_DOCUMENTS)[K]["defaults"];

export const SITE_DOCUMENT_KEYS = Object.keys(SITE_DOCUMENTS) as SiteDocumentKey[];

/** The permission a document is read and edited with ("site" unless it names its own). */
export const documentPermission = (key: SiteDocumentKey): Permission =>
  (SITE_DOCUMENTS[key] as SiteDocument<unknown> | undefined)?.permission ?? "site";

export const isSiteDocumentKey = (key: string): key is SiteDocumentKey => Object.hasOwn(SITE_DOCUMENTS, key);

/** Whether a page path is one a document's `paths` names (exactly, or under a prefix ending in "*"). */
export function showsPath(paths: readonly string[], path: string): boolean {
  return paths.some((p) => (p.endsWith("*") ? path.startsWith(p.slice(0, -1)) : p === path));
}

/** How a stored document's state is told to the admin (common to every document). */
export interface SiteDocumentState<T = unknown> {
  key: SiteDocumentKey;
  label: string;
  /** The draft as saved (possibly not yet valid: autosave keeps every word), or the published one. */
  draft: T;
  /** Each field's first problem in the draft, by its dotted path ("address.postcode"); empty when publishable. */
  issues: Record<string, string>;
  published: T;
  /** Whether the draft differs from what is published. */
  unpublishedChanges: boolean;
  /** Increments with every write; a save names the version it was made from. */
  version: number;
  publishedAt: string | null;
  /** A scheduled publication of the draft as it was when scheduled. */
  publishAt: string | null;
  updatedAt: string | null;
  /** The colleague's e-mail address who saved last. */
  updatedBy: string | null;
}

export const SITE_REVISION_REASONS = ["saved", "published", "scheduled", "restored"] as const;
export type SiteRevisionReason = (typeof SITE_REVISION_REASONS)[number];

export interface SiteDocumentRevision {
  id: string;
  savedAt: string;
  savedBy: string;
  reason: SiteRevisionReason;
}
