import { can } from "@common/roles";
import type { PageImage } from "@common/site-content/fields";
import { type PageDocumentKey, PREVIEW_PARAM } from "@common/site-content/page-documents";
import { SITE_DOCUMENTS, type SiteDocumentData } from "@common/site-content/registry";
import type { AppLoadContext } from "react-router";
import type { TemplateImage } from "~/components/blog/types";
import { previewerFrom } from "./admin-session.server";
import { templateImage } from "./blog-display";

/**
 * A page's words for its loader: the published document (from memory: no query on a page
 * request), or, for its editor (`?preview=<key>` with a session that may edit the site), the
 * draft as the page would show it once published. A draft that could not be published (a field
 * needs attention) is never shown: the published words are.
 */
export async function pageContent<K extends PageDocumentKey>(
  key: K,
  request: Request,
  context: AppLoadContext,
): Promise<SiteDocumentData<K>> {
  const site = context.services.siteContent;
  if (request.headers.has("cookie") && new URL(request.url).searchParams.get(PREVIEW_PARAM) === key) {
    const admin = await previewerFrom(request, context);
    if (admin && can(admin.role, "site")) {
      const parsed = SITE_DOCUMENTS[key].schema.safeParse((await site.state(key, admin)).draft);
      if (parsed.success) return parsed.data as SiteDocumentData<K>;
    }
  }
  return site.published(key);
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
