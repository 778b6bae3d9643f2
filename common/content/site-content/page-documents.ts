import type { FieldSet } from "./fields";
import { ABOUT_DEFAULTS, ABOUT_FIELDS } from "./pages/about";
import { CONTACT_DEFAULTS, CONTACT_FIELDS } from "./pages/contact";
import { FOOTER_DEFAULTS, FOOTER_FIELDS } from "./pages/footer";
import { HOME_DEFAULTS, HOME_FIELDS } from "./pages/home";
import { SERVICES_DEFAULTS, SERVICES_FIELDS } from "./pages/services";
import { SUSTAINABILITY_DEFAULTS, SUSTAINABILITY_FIELDS } from "./pages/sustainability";
import { TANKERING_DEFAULTS, TANKERING_FIELDS } from "./pages/tankering";

/**
 * The public pages' words as documents of the site content registry (registry.ts adds each one's
 * schema, built from its fields): the admin's 'Pages' screen lists these, draws each one's editor
 * from `fields`, and previews it at `preview` (the first page that shows it). `paths`: the pages
 * the sitemap dates by its publication (the home page shows the services' cards and the
 * sustainability figures; every page shows the footer). The page cache needs no list: it drops
 * the pages whose render read the document (server/services/content/content-reads.ts). No zod here.
 */
export const PAGE_DOCUMENTS = {
  "page-home": {
    label: "Home page",
    fields: HOME_FIELDS,
    defaults: HOME_DEFAULTS,
    paths: ["/"],
    preview: "/",
  },
  "page-about": {
    label: "About Us",
    fields: ABOUT_FIELDS,
    defaults: ABOUT_DEFAULTS,
    paths: ["/about"],
    preview: "/about",
  },
  "page-services": {
    label: "Services",
    fields: SERVICES_FIELDS,
    defaults: SERVICES_DEFAULTS,
    paths: ["/services", "/"],
    preview: "/services",
  },
  "page-sustainability": {
    label: "Sustainability",
    fields: SUSTAINABILITY_FIELDS,
    defaults: SUSTAINABILITY_DEFAULTS,
    paths: ["/sustainability", "/"],
    preview: "/sustainability",
  },
  "page-tankering": {
    label: "Waste Water Tankering",
    fields: TANKERING_FIELDS,
    defaults: TANKERING_DEFAULTS,
    paths: ["/services/2"],
    preview: "/services/2",
  },
  "page-contact": {
    label: "Contact pages",
    fields: CONTACT_FIELDS,
    defaults: CONTACT_DEFAULTS,
    paths: ["/contact", "/contact/2"],
    preview: "/contact",
  },
  footer: {
    label: "Footer",
    fields: FOOTER_FIELDS,
    defaults: FOOTER_DEFAULTS,
    paths: ["/*"],
    preview: "/",
  },
} as const satisfies Record<
  string,
  { label: string; fields: FieldSet; defaults: object; paths: readonly string[]; preview: string }
>;

export type PageDocumentKey = keyof typeof PAGE_DOCUMENTS;
export const PAGE_DOCUMENT_KEYS = Object.keys(PAGE_DOCUMENTS) as PageDocumentKey[];
export const isPageDocumentKey = (key: string): key is PageDocumentKey => Object.hasOwn(PAGE_DOCUMENTS, key);

/** The query parameter of a public page that shows a document's draft to its editor (`?preview=page-home`). */
export const PREVIEW_PARAM = "preview";
