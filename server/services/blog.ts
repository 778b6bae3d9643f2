import { and, desc, eq, inArray, isNull, notInArray, or } from "drizzle-orm";
import { BLOG_API_MESSAGES, type BlogPost, type BlogPostInput, UUID_SHAPE } from "../../common/blog";
import type { Database } from "../db/client";
import { blogPosts, images, type StoredParagraph } from "../db/schema";
import { HttpError } from "../errors";
import { sanitizeParagraphHtml } from "./html";

type PostRow = typeof blogPosts.$inferSelect;
type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

function toWire(row: PostRow): BlogPost {
  return {
    _id: row.id,
    meta_data_title: row.metaDataTitle,
    title: row.title,
    readTime: row.readTime,
    template: row.template,
    dateAdded: row.dateAdded.toISOString(),
    img: row.content.find((paragraph) => paragraph.img)?.img ?? null,
    content: row.content.map(({ header, content, img, alt }) => ({
      header,
      content,
      img,
      alt: img ? (alt ?? "") : "",
    })),
  };
}

function toStored(input: BlogPostInput): StoredParagraph[] {
  return input.content.map((paragraph) => ({
    header: paragraph.header.trim(),
    content: sanitizeParagraphHtml(paragraph.content),
    img: paragraph.img,
    alt: paragraph.img ? paragraph.alt : "",
  }));
}

/**
 * Paragraph images must exist and be free or already this post's. They are claimed with one
 * conditional update (`post_id is null or post_id = this post`): when two posts are saved at
 * once with the same unused image, the second update waits for the first's row lock, then finds
 * the image taken and claims nothing, so exactly one post gets it. Deleting the post deletes
 * its images.
 */
async function claimImages(tx: Transaction, postId: string, paragraphs: StoredParagraph[]) {
  const wanted = [...new Set(paragraphs.map((p) => p.img).filter((id): id is string => id !== null))];
  if (!wanted.length) return;
  const claimed = await tx
    .update(images)
    .set({ postId })
    .where(and(inArray(images.id, wanted), or(isNull(images.postId), eq(images.postId, postId))))
    .returning({ id: images.id });
  if (claimed.length === wanted.length) return;
  const index = paragraphs.findIndex((p) => p.img && !claimed.some((row) => row.id === p.img));
  const [taken] = await tx
    .select({ id: images.id })
    .from(images)
    .where(eq(images.id, paragraphs[index].img as string));
  throw new HttpError(
    400,
    taken ? BLOG_API_MESSAGES.imageInUse(index) : BLOG_API_MESSAGES.imageUnknown(index),
  );
}

/** After an update: images the post held but no longer shows belong to no post, so they go. */
async function deleteReplacedImages(tx: Transaction, postId: string, paragraphs: StoredParagraph[]) {
  const kept = paragraphs.map((p) => p.img).filter((id): id is string => id !== null);
  await tx
    .delete(images)
    .where(and(eq(images.postId, postId), kept.length ? notInArray(images.id, kept) : undefined));
}

/** Blog posts: validated input in (common/blog.ts), sanitised HTML stored, CONTRACT shapes out. */
export function createBlogService(db: Database) {
  async function list(): Promise<BlogPost[]> {
    const rows = await db.select().from(blogPosts).orderBy(desc(blogPosts.dateAdded), desc(blogPosts.id));
    return rows.map(toWire);
  }

  async function get(id: string): Promise<BlogPost | undefined> {
    if (!UUID_SHAPE.test(id)) return undefined;
    const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
    return row && toWire(row);
  }

  async function create(input: BlogPostInput): Promise<BlogPost> {
    const content = toStored(input);
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(blogPosts)
        .values({
          metaDataTitle: input.meta_data_title,
          title: input.title,
          readTime: input.readTime,
          template: input.template,
          content,
        })
        .returning();
      await claimImages(tx, row.id, content);
      return toWire(row);
    });
  }

  /**
   * The updated post, or undefined when there is no such post. dateAdded never changes; images
   * the post no longer uses are deleted in the same transaction (no orphans).
   */
  async function update(id: string, input: BlogPostInput): Promise<BlogPost | undefined> {
    if (!UUID_SHAPE.test(id)) return undefined;
    const content = toStored(input);
    return db.transaction(async (tx) => {
      const [row] = await tx
        .update(blogPosts)
        .set({
          metaDataTitle: input.meta_data_title,
          title: input.title,
          readTime: input.readTime,
          template: input.template,
          content,
          updatedAt: new Date(),
        })
        .where(eq(blogPosts.id, id))
        .returning();
      if (!row) return undefined;
      await claimImages(tx, id, content);
      await deleteReplacedImages(tx, id, content);
      return toWire(row);
    });
  }

  /** Deletes the post and its images in one transaction; false when there is no such post. */
  async function remove(id: string): Promise<boolean> {
    if (!UUID_SHAPE.test(id)) return false;
    return db.transaction(async (tx) => {
      await tx.delete(images).where(eq(images.postId, id));
      const deleted = await tx.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id });
      return deleted.length > 0;
    });
  }

  async function hasPosts(): Promise<boolean> {
    const rows = await db.select({ id: blogPosts.id }).from(blogPosts).limit(1);
    return rows.length > 0;
  }

  return { list, get, create, update, remove, hasPosts };
}

export type BlogService = ReturnType<typeof createBlogService>;
