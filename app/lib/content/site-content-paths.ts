import { isPageDocumentKey } from "@common/content/site-content/page-documents";
import type { SiteDocumentKey } from "@common/content/site-content/registry";

/** The 'Site' section: every site document with its state. */
export const SITE_PATH = "/admin/dashboard/site";

/** A site document's editor: the site details' own screen, a page's words on the 'Pages' screens. */
export const editorPath = (key: SiteDocumentKey) =>
  isPageDocumentKey(key)
    ? `/admin/dashboard/pages/${key}`
    : key === "quote-terms"
      ? // The quotes' terms are edited beside the price list and the lost reasons (Owner only).
        "/admin/dashboard/pipeline-settings"
      : `${SITE_PATH}/${key}`;
