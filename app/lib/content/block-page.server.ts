import { blockPageSchema } from "@common/content/block-pages";
import { can } from "@common/staff/roles";
import type { AppLoadContext } from "react-router";
import { previewerFrom } from "../staff/admin-session.server";
import { type BlockPageView, blockPageImageIds, blockPageView } from "./block-page-view";

/** The query naming the page whose draft a Preview shows (`?preview-page=<id>`). */
export const PAGE_PREVIEW_PARAM = "preview-page";

/** What a path answers as a page from blocks: its view, a deleted page's 410 or redirect, or nothing. */
export type BlockPageAnswer =
  | { kind: "page"; view: BlockPageView; preview: boolean }
  | { kind: "gone"; redirectTo: string | null }
  | undefined;

const pathOf = (request: Request) => {
  const { pathname } = new URL(request.url);
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
};

/**
 * The draft of the page `?preview-page=` names, for a colleague who may edit the site, exactly as
 * it will show once published; undefined for anyone else, or a draft that could not be published.
 */
async function previewOf(request: Request, context: AppLoadContext): Promise<BlockPageView | undefined> {
  const id = new URL(request.url).searchParams.get(PAGE_PREVIEW_PARAM);
  if (!id || !request.headers.has("cookie")) return undefined;
  const admin = await previewerFrom(request, context);
  if (!admin || !can(admin.role, "site")) return undefined;
  const record = await context.services.blockPages.get(id, admin).catch(() => undefined);
  const parsed = blockPageSchema.safeParse(record?.draft);
  if (!parsed.success) return undefined;
  const sizes = await context.services.blog.imageSizes(blockPageImageIds(parsed.data));
  return blockPageView(parsed.data, sizes, record?.publishedAt ?? null);
}

/** What the request's path answers as a page from blocks (its draft under a Preview). */
export async function blockPageFor(request: Request, context: AppLoadContext): Promise<BlockPageAnswer> {
  const preview = await previewOf(request, context);
  if (preview) return { kind: "page", view: preview, preview: true };
  const found = await context.services.blockPages.published(pathOf(request));
  if (!found) return undefined;
  if (found.kind === "gone") return found;
  const sizes = await context.services.blog.imageSizes(blockPageImageIds(found.page));
  return { kind: "page", view: blockPageView(found.page, sizes, found.publishedAt), preview: false };
}
