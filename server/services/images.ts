import { and, eq, isNull } from "drizzle-orm";
import type { OutputInfo } from "sharp";
import { UUID_SHAPE } from "../../common/blog";
import type { ImageWidth } from "../../common/constants";
import type { Database } from "../db/client";
import { images, imageVariants } from "../db/schema";
import { HttpError } from "../errors";
import { processImage } from "../media/image-codec";
import { Conflict, NotFound } from "./errors";

/** Decompression-bomb guard: sharp refuses to decode more pixels than this. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Stored originals are bounded to this many pixels on their longer side. */
export const MAX_STORED_SIDE = 2400;

export const IMAGE_MESSAGES = {
  notAnImage: "Images must be png or jpeg",
  tooManyPixels: `The image is too large: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels`,
  notFound: "Image not found",
  inUse: "This image belongs to a saved post; remove it from the post instead",
} as const;

const FORMATS = { png: "image/png", jpeg: "image/jpeg" } as const;

/** Images never change under an id, so id (and width) make a strong validator. */
export const imageEtag = (id: string, width?: number) => (width ? `"${id}-w${width}"` : `"${id}"`);

export interface StoredImage {
  contentType: string;
  data: Buffer;
  etag: string;
}

/**
 * Uploaded images live in the database: checked by their bytes (never by name or declared
 * type), re-encoded so EXIF/GPS metadata is gone and orientation applied, then served with
 * WebP renditions made once per width and kept.
 */
export function createImageService(db: Database) {
  async function add(bytes: Buffer): Promise<{ id: string }> {
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
      throw new HttpError(400, IMAGE_MESSAGES.notAnImage);
    }
    if (format !== "png" && format !== "jpeg") throw new HttpError(400, IMAGE_MESSAGES.notAnImage);
    if (width * height > MAX_INPUT_PIXELS) throw new HttpError(400, IMAGE_MESSAGES.tooManyPixels);

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
      throw new HttpError(400, IMAGE_MESSAGES.notAnImage);
    }
    const [row] = await db
      .insert(images)
      .values({
        contentType: FORMATS[format],
        width: output.info.width,
        height: output.info.height,
        data: output.data,
      })
      .returning({ id: images.id });
    return row;
  }

  async function get(id: string): Promise<StoredImage | undefined> {
    if (!UUID_SHAPE.test(id)) return undefined;
    const [row] = await db
      .select({ contentType: images.contentType, data: images.data })
      .from(images)
      .where(eq(images.id, id));
    return row && { ...row, etag: imageEtag(id) };
  }

  /** Renditions being made now, so concurrent first requests for one width decode it once. */
  const making = new Map<string, Promise<StoredImage | undefined>>();

  /** A WebP rendition at most `width` wide, made on first request and kept. */
  function variant(id: string, width: ImageWidth): Promise<StoredImage | undefined> {
    if (!UUID_SHAPE.test(id)) return Promise.resolve(undefined);
    const key = `${id}:${width}`;
    let pending = making.get(key);
    if (!pending) {
      pending = keptOrMade(id, width).finally(() => making.delete(key));
      making.set(key, pending);
    }
    return pending;
  }

  async function keptOrMade(id: string, width: ImageWidth): Promise<StoredImage | undefined> {
    const etag = imageEtag(id, width);
    const [kept] = await db
      .select({ contentType: imageVariants.contentType, data: imageVariants.data })
      .from(imageVariants)
      .where(and(eq(imageVariants.imageId, id), eq(imageVariants.width, width)));
    if (kept) return { ...kept, etag };
    const original = await get(id);
    if (!original) return undefined;
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
    const rows = await db.select({ id: images.id }).from(images).where(eq(images.id, id));
    return rows.length > 0;
  }

  /**
   * Deletes an uploaded image no post has claimed (an upload the editor gave up on). A claimed
   * image goes with its post, or when a save drops it: deleting it here would break a saved post
   * (a browser that never saw its save's answer would otherwise delete the post's new images).
   */
  async function remove(id: string): Promise<void> {
    if (!UUID_SHAPE.test(id)) throw new NotFound(IMAGE_MESSAGES.notFound);
    const deleted = await db
      .delete(images)
      .where(and(eq(images.id, id), isNull(images.postId)))
      .returning({ id: images.id });
    if (deleted.length > 0) return;
    if (await exists(id)) throw new Conflict(IMAGE_MESSAGES.inUse);
    throw new NotFound(IMAGE_MESSAGES.notFound);
  }

  return { add, get, variant, exists, remove };
}

export type ImageService = ReturnType<typeof createImageService>;
