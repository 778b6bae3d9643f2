import { type AnyColumn, and, eq, isNull, sql } from "drizzle-orm";
import type { OutputInfo } from "sharp";
import { BLOG_MESSAGES } from "../../../common/content/blog-messages";
import type { ImageWidth } from "../../../common/content/blog-rules";
import { isSiteDocumentKey, SITE_DOCUMENTS } from "../../../common/content/site-content/registry";
import { Conflict, Invalid, NotFound } from "../../../common/errors";
import { UUID_SHAPE } from "../../../common/ids";
import { megabytes } from "../../../common/text";
import type { Database } from "../../db/client";
import { blockPages, blogPosts, images, imageVariants, siteDocuments } from "../../db/schema";
import { processImage } from "../../media/image-codec";

const MESSAGES = BLOG_MESSAGES.images;

/** Decompression-bomb guard: sharp refuses to decode more pixels than this. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Stored originals are bounded to this many pixels on their longer side. */
export const MAX_STORED_SIDE = 2400;

const FORMATS = { png: "image/png", jpeg: "image/jpeg" } as const;

/** Images never change under an id, so id (and width) make a strong validator. */
export const imageEtag = (id: string, width?: number) => (width ? `"${id}-w${width}"` : `"${id}"`);

export interface StoredImage {
  contentType: string;
  data: Buffer;
  etag: string;
}

/** A transaction, or the database itself: where an image is written. */
type Writer = Pick<Database, "insert">;

/**
 * An image is served while no post claims it (just uploaded) or its post shows it now. An image
 * a post replaced is not served (the edit deleted it, as far as anyone outside can tell) but is
 * kept while a revision of the post shows it, so restoring that revision brings it back.
 */
const served = sql`(${images.postId} is null or exists (
  select 1 from ${blogPosts} p, jsonb_array_elements(p.content) c
  where p.id = ${images.postId} and c ->> 'img' = ${images.id}::text))`;

/**
 * The site documents whose published, scheduled or draft value names the image (a picture's
 * `imageId` anywhere in the document: an id is a UUID, so its text is found only where it is used).
 * `id`: an image id, or the images table's own column (in a statement on `images`).
 */
const namesImage = (id: string | AnyColumn) =>
  sql`position(${id}::text in coalesce(${siteDocuments.published}::text, '') || coalesce(${siteDocuments.scheduled}::text, '') || coalesce(${siteDocuments.draft}::text, '')) > 0`;

/**
 * Whether a page from blocks (block-pages.ts: its published, scheduled or draft value, not a
 * deleted page's tombstone) names the image: like a site document's picture, it is the page's.
 */
const shownByBlockPages = (id: string | AnyColumn) =>
  sql`exists (select 1 from ${blockPages} where ${blockPages.goneAt} is null and position(${id}::text in coalesce(${blockPages.published}::text, '') || coalesce(${blockPages.scheduled}::text, '') || ${blockPages.draft}::text) > 0)`;

/**
 * Whether a site page shows the image row at hand (in a statement on `images`): such a picture is
 * never a post's to claim, and a post's deletion or edit never deletes it (server/services/content/blog.ts).
 */
export const shownBySiteContent = sql`(exists (select 1 from ${siteDocuments} where ${namesImage(images.id)}) or ${shownByBlockPages(images.id)})`;

/** The labels ('About page') of the site documents that show the image, quoted; none: []. */
export async function siteDocumentsShowing(reader: Pick<Database, "select">, id: string): Promise<string[]> {
  const users = await reader.select({ key: siteDocuments.key }).from(siteDocuments).where(namesImage(id));
  return users.flatMap(({ key }) => (isSiteDocumentKey(key) ? [`'${SITE_DOCUMENTS[key].label}'`] : []));
}

/** An uploaded image checked and re-encoded, ready to store (nothing is written yet). */
export interface PreparedImage {
  contentType: string;
  width: number;
  height: number;
  data: Buffer;
}

/**
 * Uploaded images live in the database: checked by their bytes (never by name or declared
 * type), re-encoded so EXIF/GPS metadata is gone and orientation applied, then served with
 * WebP renditions made once per width and kept. `maxBytes` bounds one upload.
 */
export function createImageService(
  db: Database,
  { maxBytes, changed = () => {} }: { maxBytes: number; changed?: () => void },
) {
  /** Checks and re-encodes an upload; throws Invalid for anything but a png or jpeg in bounds. */
  async function prepare(bytes: Buffer): Promise<PreparedImage> {
    if (bytes.length > maxBytes) throw new Invalid(MESSAGES.tooLarge(megabytes(maxBytes)));
    let format: string | undefined;
    let width = 0;
    let height = 0;
    try {
      ({
        format,
        width = 0,
        height = 0,
      } = await processImage((sharp) => sharp(bytes, { limitInputPixels: false }).metadata()));
    } catch {
      throw new Invalid(MESSAGES.notAnImage);
    }
    if (format !== "png" && format !== "jpeg") throw new Invalid(MESSAGES.notAnImage);
    if (width * height > MAX_INPUT_PIXELS)
      throw new Invalid(MESSAGES.tooManyPixels(MAX_INPUT_PIXELS / 1_000_000));

    let output: { data: Buffer; info: OutputInfo };
    try {
      output = await processImage((sharp) => {
        const pipeline = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
          .rotate() // apply EXIF orientation before the metadata is dropped
          .resize(MAX_STORED_SIDE, MAX_STORED_SIDE, { fit: "inside", withoutEnlargement: true });
        return (
          format === "png"
            ? pipeline.png({ compressionLevel: 8 })
            : pipeline.jpeg({ quality: 85, mozjpeg: true })
        ).toBuffer({ resolveWithObject: true });
      });
    } catch {
      // Truncated or corrupt data that passed the header check.
      throw new Invalid(MESSAGES.notAnImage);
    }
    return {
      contentType: FORMATS[format],
      width: output.info.width,
      height: output.info.height,
      data: output.data,
    };
  }

  /** Stores a prepared image (in the caller's transaction when given one); its new id. */
  async function store(image: PreparedImage, writer: Writer = db): Promise<string> {
    const [row] = await writer.insert(images).values(image).returning({ id: images.id });
    return row.id;
  }

  /** An upload on its own (`POST /api/admin/add-image`): free until a post claims it. */
  async function add(bytes: Buffer): Promise<{ id: string }> {
    const id = await store(await prepare(bytes));
    changed();
    return { id };
  }

  /** The original bytes; NotFound when there is no such image. */
  async function get(id: string): Promise<StoredImage> {
    if (!UUID_SHAPE.test(id)) throw new NotFound(MESSAGES.notFound);
    const [row] = await db
      .select({ contentType: images.contentType, data: images.data })
      .from(images)
      .where(and(eq(images.id, id), served));
    if (!row) throw new NotFound(MESSAGES.notFound);
    return { ...row, etag: imageEtag(id) };
  }

  /** Renditions being made now, so concurrent first requests for one width decode it once. */
  const making = new Map<string, Promise<StoredImage>>();

  /** A WebP rendition at most `width` wide, made on first request and kept; NotFound when unknown. */
  function variant(id: string, width: ImageWidth): Promise<StoredImage> {
    if (!UUID_SHAPE.test(id)) return Promise.reject(new NotFound(MESSAGES.notFound));
    const key = `${id}:${width}`;
    let pending = making.get(key);
    if (!pending) {
      pending = keptOrMade(id, width).finally(() => making.delete(key));
      making.set(key, pending);
    }
    return pending;
  }

  async function keptOrMade(id: string, width: ImageWidth): Promise<StoredImage> {
    const etag = imageEtag(id, width);
    const [kept] = await db
      .select({ contentType: imageVariants.contentType, data: imageVariants.data })
      .from(imageVariants)
      .innerJoin(images, eq(images.id, imageVariants.imageId))
      .where(and(eq(imageVariants.imageId, id), eq(imageVariants.width, width), served));
    if (kept) return { ...kept, etag };
    const original = await get(id);
    const data = await processImage((sharp) =>
      sharp(original.data, { limitInputPixels: MAX_INPUT_PIXELS })
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 78 })
        .toBuffer(),
    );
    // Another instance may have made it meanwhile: its insert wins, this one is dropped.
    // If the image was deleted meanwhile, keeping the rendition fails harmlessly.
    await db
      .insert(imageVariants)
      .values({ imageId: id, width, contentType: "image/webp", data })
      .onConflictDoNothing()
      .catch(() => {});
    return { contentType: "image/webp", data, etag };
  }

  /** Whether an image exists, without reading its bytes (for cheap 304 answers). */
  async function exists(id: string): Promise<boolean> {
    if (!UUID_SHAPE.test(id)) return false;
    const rows = await db
      .select({ id: images.id })
      .from(images)
      .where(and(eq(images.id, id), served));
    return rows.length > 0;
  }

  /**
   * Deletes an uploaded image no post has claimed (an upload the editor gave up on). A claimed
   * image goes with its post, or when a save drops it: deleting it here would break a saved post
   * (a browser that never saw its save's answer would otherwise delete the post's new images).
   * A page picture stays while a site document (published, scheduled or draft) shows it: deleting
   * it would break the page, or the page once the draft is published.
   */
  async function remove(id: string): Promise<void> {
    if (!UUID_SHAPE.test(id)) throw new NotFound(MESSAGES.notFound);
    const deleted = await db
      .delete(images)
      .where(
        and(
          eq(images.id, id),
          isNull(images.postId),
          sql`not exists (select 1 from ${siteDocuments} where ${namesImage(id)})`,
          sql`not ${shownByBlockPages(id)}`,
        ),
      )
      .returning({ id: images.id });
    if (deleted.length > 0) return changed();
    const labels = await siteDocumentsShowing(db, id);
    if (labels.length) throw new Conflict(MESSAGES.inSiteContent(labels.join(", ")));
    if (await exists(id)) throw new Conflict(MESSAGES.inUse);
    throw new NotFound(MESSAGES.notFound);
  }

  return { prepare, store, add, get, variant, exists, remove };
}

export type ImageService = ReturnType<typeof createImageService>;
