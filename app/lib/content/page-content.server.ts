import type { PageImage } from "@common/content/site-content/fields";
import { PREVIEW_PARAM } from "@common/content/site-content/page-documents";
import {
  SITE_DOCUMENTS,
  type SiteDocumentData,
  type SiteDocumentKey,
} from "@common/content/site-content/registry";
import { can } from "@common/staff/roles";
import type { AppLoadContext } from "react-router";
import type { TemplateImage } from "~/components/blog/types";
import { previewerFrom } from "../staff/admin-session.server";
import { templateImage } from "./blog-display";

/**
 * A document's draft for its editor's Preview (`?preview=<key>` with a session that may edit the
 * site), as the page would show it once published; undefined for anyone else, and for a draft
 * that could not be published (a field needs attention): the published words are shown then.
 */
export async function previewOf<K extends SiteDocumentKey>(
  key: K,
  request: Request,
  context: AppLoadContext,
): Promise<SiteDocumentData<K> | undefined> {
  if (!request.headers.has("cookie") || new URL(request.url).searchParams.get(PREVIEW_PARAM) !== key)
    return undefined;
  const admin = await previewerFrom(request, context);
  if (!admin || !can(admin.role, "site")) return undefined;
  const parsed = SITE_DOCUMENTS[key].schema.safeParse(
    (await context.services.siteContent.state(key, admin)).draft,
  );
  return parsed.success ? (parsed.data as SiteDocumentData<K>) : undefined;
}

/**
 * A page's words for its loader: the published document (from memory: no query on a page
 * request), or its draft under its editor's Preview (previewOf).
 */
export async function pageContent<K extends SiteDocumentKey>(
  key: K,
  request: Request,
  context: AppLoadContext,
): Promise<SiteDocumentData<K>> {
  return (await previewOf(key, request, context)) ?? context.services.siteContent.published(key);
}

/**
 * A page's picture as the page draws it (its stored size reserves its space), or null when the
 * document sets none: the page shows its artwork. No query unless a picture is set.
 */
export async function pagePicture(
  picture: PageImage,
  context: AppLoadContext,
): Promise<TemplateImage | null> {
  if (!picture.imageId) return null;
  const sizes = await context.services.blog.imageSizes([picture.imageId]);
  return templateImage(picture.imageId, picture.alt, sizes);
}
