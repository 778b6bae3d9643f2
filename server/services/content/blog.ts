import {
  and,
  count as countRows,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  lte,
  not,
  notInArray,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type {
  BlogPost,
  BlogPostInput,
  BlogPostSummary,
  BlogRevision,
  ImageSizes,
} from "../../../common/content/blog";
import { BLOG_MESSAGES } from "../../../common/content/blog-messages";
import { IMAGE_PARAGRAPHS_BY_TEMPLATE, type PostState } from "../../../common/content/blog-rules";
import { Conflict, Invalid, NotFound } from "../../../common/errors";
import { UUID_SHAPE } from "../../../common/ids";
import type { Database } from "../../db/client";
import { containsPattern } from "../../db/like";
import { blogPosts, blogRevisions, images, type StoredParagraph } from "../../db/schema";
import { sanitizeParagraphHtml } from "../../media/html-sanitiser";
import { type AuditActor, recordAudit } from "../audit";
import { type ImageService, type PreparedImage, shownBySiteContent, siteDocumentsShowing } from "./images";

const MESSAGES = BLOG_MESSAGES.post;

/** A post to save: the validated input; its SEO fields may be left out (none of its own). */
export type PostWrite = Omit<BlogPostInput, "meta_description" | "social_image_paragraph"> &
  Partial<Pick<BlogPostInput, "meta_description" | "social_image_paragraph">>;

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
    state: row.state,
    publishAt: row.publishAt?.toISOString() ?? null,
    version: row.version,
    meta_description: row.metaDescription,
    social_image_paragraph: row.socialImageParagraph,
    img: row.content.find((paragraph) => paragraph.img)?.img ?? null,
    content: row.content.map(({ header, content, img, alt }) => ({
      header,
      content,
      img,
      alt: img ? (alt ?? "") : "",
    })),
  };
}

/** Which posts a read sees: the public ones (published) unless the admin asks for a state or all. */
export interface Visibility {
  state?: PostState | "all";
}

/** A slice of the newest-first list; no limit means every post. */
export interface ListRange extends Visibility {
  limit?: number;
  offset?: number;
  /** Only posts whose title contains this text, case-insensitive (the admin list's search). */
  titleContains?: string;
}

const stateFilter = (state: Visibility["state"] = "published") =>
  state === "all" ? undefined : eq(blogPosts.state, state);

const listFilter = ({ titleContains, state }: ListRange): SQL | undefined =>
  and(stateFilter(state), titleContains ? ilike(blogPosts.title, containsPattern(titleContains)) : undefined);

/** Where a save leaves the post: its state and, when scheduled, its time. */
interface Placement {
  state: PostState;
  publishAt: Date | null;
}

const DRAFT: Placement = { state: "draft", publishAt: null };
const PUBLISHED: Placement = { state: "published", publishAt: null };

/** Scheduled at `when`, which must be a time in the future. */
function scheduledAt(when: string | null | undefined, now = new Date()): Placement {
  const publishAt = new Date(when ?? "");
  if (!(publishAt > now)) throw new Invalid(MESSAGES.publishAtPast);
  return { state: "scheduled", publishAt };
}

/** The social image must be a paragraph that shows a picture (a stored one or one picked now). */
function socialImageShown(
  input: PostWrite,
  content: StoredParagraph[],
  picked: ReadonlyArray<PreparedImage | null>,
) {
  const index = input.social_image_paragraph ?? null;
  if (index !== null && !content[index]?.img && !picked[index])
    throw new Invalid(MESSAGES.socialImageMissing(index));
}

/** A post going live now takes now as its date; one already live keeps its date, so an edit does not move it up the list. */
const dateWhenLive = (state: PostState) =>
  state === "published"
    ? sql`case when ${blogPosts.state} = 'published' then ${blogPosts.dateAdded} else now() end`
    : sql`${blogPosts.dateAdded}`;

// The paragraphs without their bodies, cut in the database so the bodies are never read out.
const paragraphsWithoutBodies = sql<StoredParagraph[]>`coalesce((
  select jsonb_agg(p.value - 'content' order by p.ordinality)
  from jsonb_array_elements(${blogPosts.content}) with ordinality as p
), '[]'::jsonb)`;

function toSummary(row: Omit<PostRow, "updatedAt">): BlogPostSummary {
  const { content, ...post } = toWire(row);
  return { ...post, content: content.map(({ header, img, alt }) => ({ header, img, alt })) };
}

/**
 * Files picked in the editor, by paragraph index: each becomes that paragraph's image when the
 * post is saved, in the same transaction (a failed save stores none of them).
 */
export type NewImages = ReadonlyArray<Buffer | null | undefined>;

function toStored(input: PostWrite, picked: ReadonlyArray<PreparedImage | null>): Promise<StoredParagraph[]> {
  return Promise.all(
    input.content.map(async (paragraph, index) => {
      const img = picked[index] ? null : paragraph.img;
      return {
        header: paragraph.header.trim(),
        content: await sanitizeParagraphHtml(paragraph.content),
        img,
        alt: img || picked[index] ? paragraph.alt : "",
      };
    }),
  );
}

/**
 * Paragraph images must exist and be free or already this post's. They are claimed with one
 * conditional update (`post_id is null or post_id = this post`): when two posts are saved at
 * once with the same unused image, the second update waits for the first's row lock, then finds
 * the image taken and claims nothing, so exactly one post gets it. Deleting the post deletes
 * its images. A free image a site page shows (published, scheduled or draft) is the page's, never
 * a post's: claiming it would delete the page's picture with the post (the /about picture went
 * with a deleted post that had named it).
 */
async function claimImages(tx: Transaction, postId: string, paragraphs: StoredParagraph[]) {
  const wanted = [...new Set(paragraphs.map((p) => p.img).filter((id): id is string => id !== null))];
  if (!wanted.length) return;
  const claimed = await tx
    .update(images)
    .set({ postId })
    .where(
      and(
        inArray(images.id, wanted),
        or(and(isNull(images.postId), not(shownBySiteContent)), eq(images.postId, postId)),
      ),
    )
    .returning({ id: images.id });
  if (claimed.length === wanted.length) return;
  const index = paragraphs.findIndex((p) => p.img && !claimed.some((row) => row.id === p.img));
  const id = paragraphs[index].img as string;
  const [taken] = await tx.select({ id: images.id }).from(images).where(eq(images.id, id));
  if (!taken) throw new Invalid(MESSAGES.imageUnknown(index));
  const pages = await siteDocumentsShowing(tx, id);
  throw new Invalid(
    pages.length ? MESSAGES.imageOnPage(index, pages.join(", ")) : MESSAGES.imageInUse(index),
  );
}

/**
 * The post's images among `which` that a site page shows now (a page named one after the post
 * had it) are let go (free, the page's) instead of going with the post: a post never deletes a
 * page's picture.
 */
async function releasePagePictures(tx: Transaction, postId: string, which?: SQL) {
  await tx
    .update(images)
    .set({ postId: null })
    .where(and(eq(images.postId, postId), which, shownBySiteContent));
}

/**
 * After a write: images the post held that neither it nor any of its revisions shows any more
 * go (a revision's images stay while it is kept, so restoring it finds them). One a site page
 * shows is let go instead, revisions or not (releasePagePictures).
 */
async function deleteUnusedImages(tx: Transaction, postId: string, paragraphs: StoredParagraph[]) {
  const kept = paragraphs.map((p) => p.img).filter((id): id is string => id !== null);
  await releasePagePictures(tx, postId, kept.length ? notInArray(images.id, kept) : undefined);
  await tx.delete(images).where(
    and(
      eq(images.postId, postId),
      kept.length ? notInArray(images.id, kept) : undefined,
      sql`not exists (
          select 1 from ${blogRevisions} r, jsonb_array_elements(r.post -> 'content') p
          where r.post_id = ${postId} and p ->> 'img' = ${images.id}::text
        )`,
    ),
  );
}

/** The last revisions kept per post; older ones go (and their images, unless still used). */
export const REVISIONS_KEPT = 50;

/** Who saved, for a revision: a publish or a manual save keeps one; autosave (no `by`) does not. */
export interface SaveOptions {
  by?: string;
  /** The colleague's id (with `by`, their e-mail): the audit log names them. */
  adminId?: string;
}

/** Who acted, for the audit log (nobody: the scheduler or a test). */
const actorOf = (options: SaveOptions): AuditActor | undefined =>
  options.by ? { id: options.adminId ?? null, email: options.by } : undefined;

/** Keeps what the post is now as a revision, then trims the post's revisions to the last 50. */
async function keepRevision(
  tx: Transaction,
  row: PostRow,
  by: string,
  reason: "published" | "saved" | "restored",
) {
  await tx.insert(blogRevisions).values({
    postId: row.id,
    savedBy: by,
    reason,
    post: {
      metaDataTitle: row.metaDataTitle,
      title: row.title,
      readTime: row.readTime,
      template: row.template,
      content: row.content,
      metaDescription: row.metaDescription,
      socialImageParagraph: row.socialImageParagraph,
    },
  });
  await tx.execute(sql`delete from ${blogRevisions} where post_id = ${row.id} and id not in (
    select id from ${blogRevisions} where post_id = ${row.id} order by saved_at desc, id desc limit ${REVISIONS_KEPT}
  )`);
}

/**
 * Blog posts: validated input in (common/content/blog.ts), sanitised HTML stored, API shapes (common/content/blog.ts) out.
 * Unknown posts throw NotFound, unusable images Invalid (common/errors.ts). Every write
 * that succeeds calls `changed` (what public pages show has changed: the page cache follows).
 */
export function createBlogService(
  db: Database,
  imageService: Pick<ImageService, "prepare" | "store">,
  { changed = () => {} }: { changed?: () => void } = {},
) {
  const newestFirst = [desc(blogPosts.dateAdded), desc(blogPosts.id)];

  /** Checks and re-encodes the picked files before any write: a bad one refuses the whole save. */
  async function preparePicked(template: number, files: NewImages): Promise<Array<PreparedImage | null>> {
    const allowed = IMAGE_PARAGRAPHS_BY_TEMPLATE[template] ?? [];
    const picked: Array<PreparedImage | null> = [];
    for (const [index, file] of files.entries()) {
      if (file && !allowed.includes(index)) throw new Invalid(MESSAGES.imageNotAllowed(template, index));
      picked.push(file ? await imageService.prepare(file) : null);
    }
    return picked;
  }

  /** Stores the picked images in the transaction and puts their ids into the paragraphs. */
  async function storePicked(
    tx: Transaction,
    content: StoredParagraph[],
    picked: ReadonlyArray<PreparedImage | null>,
  ) {
    for (const [index, image] of picked.entries())
      if (image) content[index].img = await imageService.store(image, tx);
  }

  /** The posts a list range takes, newest first: its filter, then its slice if it has one. */
  function inRange<Query extends PgSelect>(query: Query, range: ListRange) {
    const { limit, offset = 0 } = range;
    const sliced = query
      .where(listFilter(range))
      .orderBy(...newestFirst)
      .offset(offset);
    return limit === undefined ? sliced : sliced.limit(limit);
  }

  /** Published posts newest first: every one by default (the public list shows them all), or a slice. */
  async function list(range: ListRange = {}): Promise<BlogPost[]> {
    return (await inRange(db.select().from(blogPosts).$dynamic(), range)).map(toWire);
  }

  /** Like `list`, without the paragraph bodies: what cards and lists need, a fraction of the bytes. */
  async function listSummaries(range: ListRange = {}): Promise<BlogPostSummary[]> {
    const query = db
      .select({
        id: blogPosts.id,
        metaDataTitle: blogPosts.metaDataTitle,
        title: blogPosts.title,
        readTime: blogPosts.readTime,
        template: blogPosts.template,
        dateAdded: blogPosts.dateAdded,
        state: blogPosts.state,
        publishAt: blogPosts.publishAt,
        version: blogPosts.version,
        metaDescription: blogPosts.metaDescription,
        socialImageParagraph: blogPosts.socialImageParagraph,
        content: paragraphsWithoutBodies,
      })
      .from(blogPosts)
      .$dynamic();
    return (await inRange(query, range)).map(toSummary);
  }

  /** The post, if the read may see it: a draft or scheduled post is NotFound to the public. */
  async function findRow(id: string, { state }: Visibility = {}): Promise<PostRow> {
    if (!UUID_SHAPE.test(id)) throw new NotFound(MESSAGES.notFound);
    const [row] = await db
      .select()
      .from(blogPosts)
      .where(and(eq(blogPosts.id, id), stateFilter(state)));
    if (!row) throw new NotFound(MESSAGES.notFound);
    return row;
  }

  /** One post with the time it last changed (for dateModified). */
  async function getWithModified(
    id: string,
    visibility: Visibility = {},
  ): Promise<{ post: BlogPost; modified: string }> {
    const row = await findRow(id, visibility);
    return { post: toWire(row), modified: row.updatedAt.toISOString() };
  }

  /** Every published post's id and last change, newest first (sitemap). */
  async function lastModified(): Promise<Array<{ id: string; modified: string }>> {
    const rows = await db
      .select({ id: blogPosts.id, updatedAt: blogPosts.updatedAt })
      .from(blogPosts)
      .where(stateFilter())
      .orderBy(...newestFirst);
    return rows.map(({ id, updatedAt }) => ({ id, modified: updatedAt.toISOString() }));
  }

  async function count(range: Pick<ListRange, "titleContains" | "state"> = {}): Promise<number> {
    const [row] = await db.select({ n: countRows() }).from(blogPosts).where(listFilter(range));
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

  async function get(id: string, visibility: Visibility = {}): Promise<BlogPost> {
    return toWire(await findRow(id, visibility));
  }

  /**
   * What a save writes: the picked images checked and prepared, and the columns of the post's row
   * (its text, its stored paragraphs, the state and time the move decided).
   */
  async function prepareSave(input: PostWrite, files: NewImages, { state, publishAt }: Placement) {
    const picked = await preparePicked(input.template, files);
    const content = await toStored(input, picked);
    socialImageShown(input, content, picked);
    const columns = {
      metaDataTitle: input.meta_data_title,
      title: input.title,
      readTime: input.readTime,
      template: input.template,
      content,
      metaDescription: input.meta_description ?? "",
      socialImageParagraph: input.social_image_paragraph ?? null,
      state,
      publishAt,
    };
    return { picked, columns };
  }

  /** A new post in the state its move decided; `files` are stored with it in one transaction. */
  async function insert(input: PostWrite, files: NewImages, place: Placement, options: SaveOptions) {
    const { by } = options;
    const { picked, columns } = await prepareSave(input, files, place);
    const { content, state } = columns;
    const post = await db.transaction(async (tx) => {
      await storePicked(tx, content, picked);
      const [row] = await tx.insert(blogPosts).values(columns).returning();
      await claimImages(tx, row.id, content);
      if (by) await keepRevision(tx, row, by, state === "published" ? "published" : "saved");
      const actor = actorOf(options);
      if (actor && state === "published")
        await recordAudit(tx, { action: "post_published", actor, target: { id: row.id, label: row.title } });
      return toWire(row);
    });
    changed();
    return post;
  }

  /**
   * The post rewritten in the state its move decided (NotFound when there is none, Conflict when
   * `input.version` or the version read is no longer the post's). dateAdded changes only when the
   * post goes live; picked files are stored and images the post no longer uses deleted in the same
   * transaction (no orphans).
   */
  async function rewrite(
    current: PostRow,
    input: PostWrite,
    files: NewImages,
    place: Placement,
    options: SaveOptions,
  ) {
    const { by } = options;
    const { id } = current;
    const { picked, columns } = await prepareSave(input, files, place);
    const { content, state } = columns;
    const post = await db.transaction(async (tx) => {
      await storePicked(tx, content, picked);
      const [row] = await tx
        .update(blogPosts)
        .set({
          ...columns,
          dateAdded: dateWhenLive(state),
          updatedAt: new Date(),
          version: sql`${blogPosts.version} + 1`,
        })
        // Made from the version read: a save that landed meanwhile makes this one stale.
        .where(and(eq(blogPosts.id, id), eq(blogPosts.version, current.version)))
        .returning();
      // Throwing rolls back the images stored above.
      if (!row) {
        const [still] = await tx.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.id, id));
        throw still ? new Conflict(MESSAGES.stale) : new NotFound(MESSAGES.notFound);
      }
      await claimImages(tx, id, content);
      if (by) await keepRevision(tx, row, by, state === "published" ? "published" : "saved");
      const actor = actorOf(options);
      if (actor && state === "published" && current.state !== "published")
        await recordAudit(tx, { action: "post_published", actor, target: { id, label: row.title } });
      await deleteUnusedImages(tx, id, content);
      return toWire(row);
    });
    changed();
    return post;
  }

  /** The post a save to `id` starts from, refused when the version it was made from is not the post's. */
  async function current(id: string, input: PostWrite): Promise<PostRow> {
    const row = await findRow(id, { state: "all" });
    if (input.version !== undefined && input.version !== row.version) throw new Conflict(MESSAGES.stale);
    return row;
  }

  /**
   * The post's life, one method per move; the editor's screens and the REST API both come here, so
   * both refuse the same things with the same messages. `id` null makes a new post.
   */

  /**
   * 'Save draft': a new post is a Draft; an existing Draft stays one and a Scheduled post keeps its
   * time. A published post is never saved as a draft (Preview and Submit, or Unpublish first).
   * Keeps a revision when `by` is given.
   */
  async function saveDraft(
    id: string | null,
    input: PostWrite,
    files: NewImages = [],
    options: SaveOptions = {},
  ) {
    if (id === null) return insert(input, files, DRAFT, options);
    const row = await current(id, input);
    if (row.state === "published") throw new Conflict(BLOG_MESSAGES.states.publishedNoDraft);
    const place = row.state === "scheduled" ? { state: row.state, publishAt: row.publishAt } : DRAFT;
    return rewrite(row, input, files, place, options);
  }

  /** Autosave: what 'Save draft' does, and it keeps no revision. */
  function autosave(id: string | null, input: PostWrite, files: NewImages = []) {
    return saveDraft(id, input, files);
  }

  /** 'Schedule': the post goes live at `input.publishAt`, which must be in the future. */
  async function schedule(
    id: string | null,
    input: PostWrite,
    files: NewImages = [],
    options: SaveOptions = {},
  ) {
    const place = scheduledAt(input.publishAt);
    if (id === null) return insert(input, files, place, options);
    return rewrite(await current(id, input), input, files, place, options);
  }

  /** 'Submit' (Preview): the post goes live now, dated now unless it was already live. */
  async function publish(
    id: string | null,
    input: PostWrite,
    files: NewImages = [],
    options: SaveOptions = {},
  ) {
    if (id === null) return insert(input, files, PUBLISHED, options);
    return rewrite(await current(id, input), input, files, PUBLISHED, options);
  }

  /**
   * A save naming its state (the REST API's `state`): draft, scheduled or published go to the
   * move of that name; no state publishes a new post and leaves an existing one in its state.
   */
  async function save(id: string | null, input: PostWrite, files: NewImages = [], options: SaveOptions = {}) {
    let state = input.state;
    if (state === undefined && id !== null) state = (await findRow(id, { state: "all" })).state;
    if (state === "draft") return saveDraft(id, input, files, options);
    if (state === "scheduled") return schedule(id, input, files, options);
    return publish(id, input, files, options);
  }

  /** A new post by its `state` (published when none): `save` without an id. */
  function create(input: PostWrite, files: NewImages = [], options: SaveOptions = {}): Promise<BlogPost> {
    return save(null, input, files, options);
  }

  /** An existing post by its `state` (unchanged when none): `save` with its id. */
  function update(
    id: string,
    input: PostWrite,
    files: NewImages = [],
    options: SaveOptions = {},
  ): Promise<BlogPost> {
    return save(id, input, files, options);
  }

  /**
   * Deletes the post and its images in one transaction (NotFound when there is no such post); an
   * image a site page shows stays, the page's (releasePagePictures).
   */
  async function remove(id: string, options: SaveOptions = {}): Promise<void> {
    if (!UUID_SHAPE.test(id)) throw new NotFound(MESSAGES.notFound);
    await db.transaction(async (tx) => {
      await releasePagePictures(tx, id);
      await tx.delete(images).where(eq(images.postId, id));
      const deleted = await tx
        .delete(blogPosts)
        .where(eq(blogPosts.id, id))
        .returning({ id: blogPosts.id, title: blogPosts.title });
      if (!deleted.length) throw new NotFound(MESSAGES.notFound);
      const actor = actorOf(options);
      if (actor)
        await recordAudit(tx, { action: "post_deleted", actor, target: { id, label: deleted[0]?.title } });
    });
    changed();
  }

  /** 'Unpublish': the post goes back to Draft (a scheduled one loses its time). */
  async function unpublish(id: string, options: SaveOptions = {}): Promise<BlogPost> {
    await findRow(id, { state: "all" });
    const [row] = await db
      .update(blogPosts)
      .set({ state: "draft", publishAt: null, updatedAt: new Date(), version: sql`${blogPosts.version} + 1` })
      .where(eq(blogPosts.id, id))
      .returning();
    if (!row) throw new NotFound(MESSAGES.notFound);
    const actor = actorOf(options);
    if (actor) await recordAudit(db, { action: "post_unpublished", actor, target: { id, label: row.title } });
    changed();
    return toWire(row);
  }

  /**
   * Publishes every scheduled post whose time has come, dated at that time; the ids published.
   * One conditional UPDATE: when two instances run it at once, the second waits for the first's
   * row locks, then finds the rows no longer scheduled and publishes nothing, so each post is
   * published once.
   */
  async function publishDue(now = new Date()): Promise<string[]> {
    const rows = await db
      .update(blogPosts)
      .set({
        state: "published",
        dateAdded: sql`${blogPosts.publishAt}`,
        publishAt: null,
        updatedAt: now,
        version: sql`${blogPosts.version} + 1`,
      })
      .where(and(eq(blogPosts.state, "scheduled"), lte(blogPosts.publishAt, now)))
      .returning({ id: blogPosts.id });
    if (rows.length) changed();
    return rows.map((row) => row.id);
  }

  /** The post's revisions, newest first: who saved it, when, why, and its title then. */
  async function revisions(postId: string): Promise<BlogRevision[]> {
    await findRow(postId, { state: "all" });
    const rows = await db
      .select({
        id: blogRevisions.id,
        savedAt: blogRevisions.savedAt,
        savedBy: blogRevisions.savedBy,
        reason: blogRevisions.reason,
        title: sql<string>`${blogRevisions.post} ->> 'title'`,
      })
      .from(blogRevisions)
      .where(eq(blogRevisions.postId, postId))
      .orderBy(desc(blogRevisions.savedAt), desc(blogRevisions.id));
    return rows.map((row) => ({ ...row, savedAt: row.savedAt.toISOString() }));
  }

  /**
   * Restores a revision as the post's new draft: its text and images come back (they were kept
   * with the revision), the post becomes a Draft (to be published again with Submit), and the
   * restore is kept as a revision of its own.
   */
  async function restore(
    postId: string,
    revisionId: string,
    { by }: Required<Pick<SaveOptions, "by">>,
  ): Promise<BlogPost> {
    await findRow(postId, { state: "all" });
    if (!UUID_SHAPE.test(revisionId)) throw new NotFound(MESSAGES.revisionNotFound);
    const post = await db.transaction(async (tx) => {
      const [revision] = await tx
        .select({ post: blogRevisions.post })
        .from(blogRevisions)
        .where(and(eq(blogRevisions.id, revisionId), eq(blogRevisions.postId, postId)));
      if (!revision) throw new NotFound(MESSAGES.revisionNotFound);
      const { post } = revision;
      const [row] = await tx
        .update(blogPosts)
        .set({
          metaDataTitle: post.metaDataTitle,
          title: post.title,
          readTime: post.readTime,
          template: post.template,
          content: post.content,
          metaDescription: post.metaDescription ?? "",
          socialImageParagraph: post.socialImageParagraph ?? null,
          state: "draft",
          publishAt: null,
          updatedAt: new Date(),
          version: sql`${blogPosts.version} + 1`,
        })
        .where(eq(blogPosts.id, postId))
        .returning();
      if (!row) throw new NotFound(MESSAGES.notFound);
      await claimImages(tx, postId, row.content);
      await keepRevision(tx, row, by, "restored");
      await deleteUnusedImages(tx, postId, row.content);
      return toWire(row);
    });
    changed();
    return post;
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
    saveDraft,
    autosave,
    schedule,
    publish,
    save,
    create,
    update,
    remove,
    unpublish,
    publishDue,
    revisions,
    restore,
    hasPosts,
  };
}

export type BlogService = ReturnType<typeof createBlogService>;
