import { and, count as countRows, desc, eq, ilike, inArray, isNull, notInArray, or, sql } from "drizzle-orm";
import {
  BLOG_API_MESSAGES,
  type BlogPost,
  type BlogPostInput,
  type BlogPostSummary,
  type ImageSizes,
  UUID_SHAPE,
} from "../../common/blog";
import type { Database } from "../db/client";
import { containsPattern } from "../db/like";
import { blogPosts, images, type StoredParagraph } from "../db/schema";
import { HttpError } from "../errors";
import { sanitizeParagraphHtml } from "../media/html-sanitiser";

type PostRow = typeof blogPosts.$inferSelect;
type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

function toWire(row: Omit<PostRow, "updatedAt">): BlogPost {
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

/** A slice of the newest-first list; no limit means every post. */
export interface ListRange {
  limit?: number;
  offset?: number;
  /** Only posts whose title contains this text, case-insensitive (the admin list's search). */
  titleContains?: string;
}

const titleFilter = (text: string | undefined) =>
  text ? ilike(blogPosts.title, containsPattern(text)) : undefined;

// The paragraphs without their bodies, cut in the database so the bodies are never read out.
const paragraphsWithoutBodies = sql<StoredParagraph[]>`coalesce((
  select jsonb_agg(p.value - 'content' order by p.ordinality)
  from jsonb_array_elements(${blogPosts.content}) with ordinality as p
), '[]'::jsonb)`;

function toSummary(row: Omit<PostRow, "updatedAt">): BlogPostSummary {
  const { content, ...post } = toWire(row);
  return { ...post, content: content.map(({ header, img, alt }) => ({ header, img, alt })) };
}

function toStored(input: BlogPostInput): Promise<StoredParagraph[]> {
  return Promise.all(
    input.content.map(async (paragraph) => ({
      header: paragraph.header.trim(),
      content: await sanitizeParagraphHtml(paragraph.content),
      img: paragraph.img,
      alt: paragraph.img ? paragraph.alt : "",
    })),
  );
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
  const newestFirst = [desc(blogPosts.dateAdded), desc(blogPosts.id)];

  /** Posts newest first: every one by default (SPEC's list), or a slice. */
  async function list({ limit, offset = 0 }: ListRange = {}): Promise<BlogPost[]> {
    const query = db
      .select()
      .from(blogPosts)
      .orderBy(...newestFirst)
      .offset(offset)
      .$dynamic();
    return (await (limit === undefined ? query : query.limit(limit))).map(toWire);
  }

  /** Like `list`, without the paragraph bodies: what cards and lists need, a fraction of the bytes. */
  async function listSummaries({
    limit,
    offset = 0,
    titleContains,
  }: ListRange = {}): Promise<BlogPostSummary[]> {
    const query = db
      .select({
        id: blogPosts.id,
        metaDataTitle: blogPosts.metaDataTitle,
        title: blogPosts.title,
        readTime: blogPosts.readTime,
        template: blogPosts.template,
        dateAdded: blogPosts.dateAdded,
        content: paragraphsWithoutBodies,
      })
      .from(blogPosts)
      .where(titleFilter(titleContains))
      .orderBy(...newestFirst)
      .offset(offset)
      .$dynamic();
    return (await (limit === undefined ? query : query.limit(limit))).map(toSummary);
  }

  /** One post with the time it last changed (for dateModified); undefined when unknown. */
  async function getWithModified(id: string): Promise<{ post: BlogPost; modified: string } | undefined> {
    if (!UUID_SHAPE.test(id)) return undefined;
    const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
    return row && { post: toWire(row), modified: row.updatedAt.toISOString() };
  }

  /** Every post's id and last change, newest first (sitemap). */
  async function lastModified(): Promise<Array<{ id: string; modified: string }>> {
    const rows = await db
      .select({ id: blogPosts.id, updatedAt: blogPosts.updatedAt })
      .from(blogPosts)
      .orderBy(...newestFirst);
    return rows.map(({ id, updatedAt }) => ({ id, modified: updatedAt.toISOString() }));
  }

  async function count({ titleContains }: Pick<ListRange, "titleContains"> = {}): Promise<number> {
    const [row] = await db.select({ n: countRows() }).from(blogPosts).where(titleFilter(titleContains));
    return Number(row.n);
  }

  /** Width and height of each known image (never its bytes), so pages reserve the space. */
  async function imageSizes(ids: string[]): Promise<ImageSizes> {
    const wanted = [...new Set(ids.filter((id) => UUID_SHAPE.test(id)))];
    if (!wanted.length) return {};
    const rows = await db
      .select({ id: images.id, width: images.width, height: images.height })
      .from(images)
      .where(inArray(images.id, wanted));
    return Object.fromEntries(rows.map(({ id, width, height }) => [id, { width, height }]));
  }

  async function get(id: string): Promise<BlogPost | undefined> {
    if (!UUID_SHAPE.test(id)) return undefined;
    const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
    return row && toWire(row);
  }

  async function create(input: BlogPostInput): Promise<BlogPost> {
    const content = await toStored(input);
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
    const content = await toStored(input);
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

  return {
    list,
    listSummaries,
    count,
    imageSizes,
    lastModified,
    get,
    getWithModified,
    create,
    update,
    remove,
    hasPosts,
  };
}

export type BlogService = ReturnType<typeof createBlogService>;
