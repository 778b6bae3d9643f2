/**
 * Pages from blocks (issue 47): pages the office composes at an address it chooses, from the
 * blocks common/content/block-pages.ts defines. Published like a site document (site-content):
 *
 *   create(page, admin)                   a new draft; its address and title must be valid and
 *                                         the address free (a deleted page's tombstone gives way)
 *   saveDraft(id, page, baseVersion, admin, {autosave?})
 *                                         kept as typed (autosave: not a word lost, even half-valid);
 *                                         Conflict naming who saved when another editor saved since
 *   publish(id, admin, {page?, baseVersion?, at?})
 *                                         valid as a whole (every field's message otherwise), rich
 *                                         text cleaned by the blog's sanitiser, pictures stored, the
 *                                         address free; now, or at `at` (the scheduler's pass)
 *   unpublish, cancelSchedule, remove(id, admin, {redirectTo?}), duplicate(id, address, admin)
 *   revisions(id, admin), restore(id, revisionId, admin)
 *   published(address), known(address), lastModified()
 *                                         the public reads, from memory until the content moves
 *
 * Every write asks `authorize(admin, "site")` (Owner and Editor; not Desk) and writes its audit
 * entry in its transaction. What a visitor can see changing bumps the content version naming the
 * page's address (`page:/…`, content-reads.ts): the page cache drops exactly the pages whose
 * render read it, on every instance. A page published at a new address keeps its old one as a
 * 301 (the site's redirects, redirects.ts); a deleted page's address answers 410, or 301 where the
 * editor chose a page (its row's tombstone).
 */
import { and, desc, eq, inArray, isNotNull, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { AuditAction } from "../../../common/audit";
import type { AreaServed } from "../../../common/content/areas";
import {
  addressSchema,
  BLOCK_PAGE_DRAFT_MAX_BYTES,
  BLOCK_PAGE_LIMITS,
  type BlockPage,
  type BlockPageRecord,
  type BlockPageRevision,
  type BlockPageState,
  type BlockPageSummary,
  blockPageDeleteSchema,
  blockPageSchema,
  BLOCK_PAGE_MESSAGES as M,
} from "../../../common/content/block-pages";
import { Conflict, Invalid, InvalidFields, NotFound } from "../../../common/errors";
import { UUID_SHAPE } from "../../../common/ids";
import type { Database } from "../../db/client";
import { blockPageRevisions, blockPages, images } from "../../db/schema";
import { sanitizeParagraphHtml } from "../../media/html-sanitiser";
import { authorize } from "../access";
import { recordAudit } from "../audit";
import type { SessionAdmin } from "../staff/sessions";
import { type BlockPageTopic, type ContentTopic, recordRead } from "./content-reads";
import type { ContentVersion } from "./content-version";
import type { RedirectService } from "./redirects";
import { ukMinute } from "./site-content";

/** The colleague acting: their id, address and role. */
export type PageEditor = Pick<SessionAdmin, "id" | "email" | "role">;

type Row = typeof blockPages.$inferSelect;
type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Reader = Pick<Database, "select">;

/** What an address answers publicly: a page, or a deleted one's 410 (or its redirect). */
export type PublicBlockPage =
  | { kind: "page"; id: string; page: BlockPage; publishedAt: string }
  | { kind: "gone"; redirectTo: string | null };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const topic = (address: string): BlockPageTopic => `page:${address as `/${string}`}`;

/** Each field's first problem (dotted path), empty when the page is valid. */
function issuesOf(data: unknown): Record<string, string> {
  const parsed = blockPageSchema.safeParse(data);
  const issues: Record<string, string> = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = issue.path.map(String).join(".") || "_";
      if (!(field in issues)) issues[field] = issue.message;
    }
  return issues;
}

/** A draft as sent: a JSON object within BLOCK_PAGE_DRAFT_MAX_BYTES (checked as a whole at publication). */
function draftOf(data: unknown): Record<string, unknown> {
  if (!isObject(data)) throw new InvalidFields({ _: M.unknownBlock });
  if (Buffer.byteLength(JSON.stringify(data)) > BLOCK_PAGE_DRAFT_MAX_BYTES) throw new Invalid(M.tooLarge);
  if (Array.isArray(data.blocks) && data.blocks.length > BLOCK_PAGE_LIMITS.blocks)
    throw new InvalidFields({ blocks: M.tooManyBlocks });
  return data;
}

/** The page checked as a whole, its rich text cleaned: InvalidFields with every field's message otherwise. */
async function validPage(data: unknown): Promise<BlockPage> {
  const parsed = blockPageSchema.safeParse(data);
  if (!parsed.success) throw new InvalidFields(issuesOf(data));
  const page = parsed.data;
  const blocks = await Promise.all(
    page.blocks.map(async (block) =>
      block.type === "rich-text" ? { ...block, html: await sanitizeParagraphHtml(block.html) } : block,
    ),
  );
  const emptied = blocks.findIndex((block) => block.type === "rich-text" && block.html.trim() === "");
  if (emptied >= 0) throw new InvalidFields({ [`blocks.${emptied}.html`]: M.required("The text") });
  return { ...page, blocks };
}

/** Each picture the page names, by its dotted path. */
function pictureIds(page: BlockPage): Array<[path: string, id: string]> {
  const named: Array<[string, string]> = [];
  if (page.socialImageId) named.push(["socialImageId", page.socialImageId]);
  page.blocks.forEach((block, i) => {
    if ((block.type === "hero" || block.type === "picture") && block.imageId)
      named.push([`blocks.${i}.imageId`, block.imageId]);
    if (block.type === "partners")
      block.items.forEach((item, j) => {
        named.push([`blocks.${i}.items.${j}.imageId`, item.imageId]);
      });
  });
  return named;
}

/** Refused (every field's message) when the page names a picture that is not stored. */
async function picturesStored(tx: Reader, page: BlockPage) {
  const named = pictureIds(page);
  const ids = [...new Set(named.map(([, id]) => id))];
  if (!ids.length) return;
  const stored = new Set(
    (await tx.select({ id: images.id }).from(images).where(inArray(images.id, ids))).map((r) => r.id),
  );
  const missing = Object.fromEntries(
    named.filter(([, id]) => !stored.has(id)).map(([path]) => [path, M.pictureFormat]),
  );
  if (Object.keys(missing).length) throw new InvalidFields(missing);
}

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;
const titleOf = (data: unknown) =>
  isObject(data) && typeof data.title === "string" ? data.title.slice(0, 200) : "";
const addressOf = (data: unknown) => (isObject(data) && typeof data.address === "string" ? data.address : "");

function recordOf(row: Row): BlockPageRecord {
  return {
    id: row.id,
    address: row.address,
    state: row.state,
    draft: row.draft,
    issues: issuesOf(row.draft),
    published: (row.published as BlockPage | null) ?? null,
    publishedAt: iso(row.publishedAt),
    publishAt: iso(row.publishAt),
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
  };
}

/** Where a page's state goes after a change to its published and scheduled versions. */
const stateAfter = (published: unknown, publishAt: Date | null): BlockPageState =>
  published ? "published" : publishAt ? "scheduled" : "draft";

export function createBlockPageService(
  db: Database,
  {
    content,
    scheduled = () => {},
    redirects,
  }: {
    content: ContentVersion;
    /** A publication set for `at` (the scheduler is woken then: it appears on time). */
    scheduled?: (at: Date) => void;
    /**
     * The site's redirects (redirects.ts): a page published at a new address keeps the old one as
     * their 301 (one hop, on every instance), and a redirect from the address a page now lives at
     * goes.
     */
    redirects: Pick<RedirectService, "keepOldAddress" | "release">;
  },
) {
  /** What each address answers, read at a content version: dropped as soon as it moves. */
  /**
   * What visitors can be answered, read at a content version and dropped as soon as it moves: the
   * addresses that answer (published pages and deleted ones' tombstones, one small query), and each
   * answering page's row as it is first asked. A flood of made-up paths costs a set lookup each and
   * keeps nothing: what is held is bounded by the pages there are.
   */
  let cache:
    | {
        version: number;
        addresses: Promise<ReadonlySet<string>>;
        answers: Map<string, Promise<PublicBlockPage | undefined>>;
      }
    | undefined;

  async function answering(): Promise<ReadonlySet<string>> {
    const rows = await db
      .select({ address: blockPages.address })
      .from(blockPages)
      .where(or(isNotNull(blockPages.goneAt), isNotNull(blockPages.published)));
    return new Set(rows.map((row) => row.address));
  }

  async function read(address: string): Promise<PublicBlockPage | undefined> {
    const [row] = await db
      .select({
        id: blockPages.id,
        published: blockPages.published,
        publishedAt: blockPages.publishedAt,
        goneAt: blockPages.goneAt,
        redirectTo: blockPages.redirectTo,
      })
      .from(blockPages)
      .where(eq(blockPages.address, address));
    if (!row) return undefined;
    if (row.goneAt) return { kind: "gone", redirectTo: row.redirectTo };
    if (!row.published || !row.publishedAt) return undefined;
    // Stored valid at its publication; a rule tightened since shows the page as it was kept.
    return {
      kind: "page",
      id: row.id,
      page: row.published as BlockPage,
      publishedAt: row.publishedAt.toISOString(),
    };
  }

  function current() {
    if (cache?.version !== content.current) {
      const addresses = answering();
      const fresh = { version: content.current, addresses, answers: new Map() };
      addresses.catch(() => {
        if (cache === fresh) cache = undefined; // asked again next time
      });
      cache = fresh;
    }
    return cache;
  }

  /** What `address` answers publicly (a published page, a deleted one's), from memory; undefined: nothing. */
  async function published(address: string): Promise<PublicBlockPage | undefined> {
    if (!addressSchema.safeParse(address).success) return undefined;
    recordRead(topic(address));
    const { addresses, answers } = current();
    if (!(await addresses).has(address)) return undefined;
    let value = answers.get(address);
    if (!value) {
      value = read(address);
      answers.set(address, value);
      value.catch(() => answers.delete(address));
    }
    return value;
  }

  /** Whether `address` answers as a page from blocks (published, or deleted: 410 or its redirect). */
  async function known(address: string): Promise<boolean> {
    return (await published(address)) !== undefined;
  }

  /** Every published page that search engines may list, with when it was last published (sitemap). */
  async function lastModified(): Promise<Array<{ address: string; modified: string }>> {
    recordRead("pages");
    const rows = await db
      .select({ address: blockPages.address, publishedAt: blockPages.publishedAt })
      .from(blockPages)
      .where(
        and(
          isNull(blockPages.goneAt),
          isNotNull(blockPages.published),
          sql`coalesce((${blockPages.published} ->> 'noindex')::boolean, false) = false`,
        ),
      )
      .orderBy(blockPages.address);
    return rows.flatMap(({ address, publishedAt }) =>
      publishedAt ? [{ address, modified: publishedAt.toISOString() }] : [],
    );
  }

  /**
   * The published pages that name a service area ("Areas we serve", the quote's postcode step), by
   * place name: read through the list's topic, so any page's publication drops the pages that show them.
   */
  async function areas(): Promise<AreaServed[]> {
    recordRead("pages");
    const rows = await db
      .select({ address: blockPages.address, published: blockPages.published })
      .from(blockPages)
      .where(and(isNull(blockPages.goneAt), isNotNull(blockPages.published)));
    return rows
      .flatMap(({ address, published }) => {
        const area = (published as BlockPage | null)?.area;
        return area ? [{ address, name: area.name, districts: [...area.districts] }] : [];
      })
      .sort((a, b) => a.name.localeCompare(b.name, "en-GB") || a.address.localeCompare(b.address));
  }

  /** Every address a page from blocks is published at now (Insights counts those under their own name). */
  async function publishedAddresses(): Promise<string[]> {
    const rows = await db
      .select({ address: blockPages.address })
      .from(blockPages)
      .where(and(isNull(blockPages.goneAt), isNotNull(blockPages.published)));
    return rows.map((row) => row.address);
  }

  async function rowOf(id: string, tx: Reader = db): Promise<Row> {
    if (!UUID_SHAPE.test(id)) throw new NotFound(M.notFound);
    const [row] = await tx
      .select()
      .from(blockPages)
      .where(and(eq(blockPages.id, id), isNull(blockPages.goneAt)));
    if (!row) throw new NotFound(M.notFound);
    return row;
  }

  async function list(admin: PageEditor): Promise<BlockPageSummary[]> {
    authorize(admin, "site");
    const rows = await db
      .select({
        id: blockPages.id,
        address: blockPages.address,
        draft: blockPages.draft,
        state: blockPages.state,
        publishedAt: blockPages.publishedAt,
        publishAt: blockPages.publishAt,
        updatedAt: blockPages.updatedAt,
        updatedBy: blockPages.updatedBy,
      })
      .from(blockPages)
      .where(isNull(blockPages.goneAt))
      .orderBy(blockPages.address);
    return rows.map(({ draft, ...row }) => ({
      ...row,
      title: titleOf(draft),
      publishedAt: iso(row.publishedAt),
      publishAt: iso(row.publishAt),
      updatedAt: row.updatedAt.toISOString(),
    }));
  }

  async function get(id: string, admin: PageEditor): Promise<BlockPageRecord> {
    authorize(admin, "site");
    return recordOf(await rowOf(id));
  }

  /**
   * Refused unless `address` is free for page `id` (undefined: a new page): no other page answers
   * or means to answer there. A deleted page's tombstone gives way (removed in `tx`).
   */
  async function claimAddress(tx: Transaction, address: string, id?: string) {
    const others = await tx
      .select({ id: blockPages.id, goneAt: blockPages.goneAt })
      .from(blockPages)
      .where(
        and(
          id ? ne(blockPages.id, id) : undefined,
          sql`(${blockPages.address} = ${address} or (${blockPages.goneAt} is null and ${blockPages.draft} ->> 'address' = ${address}))`,
        ),
      );
    if (others.some((other) => !other.goneAt)) throw new Conflict(M.addressTaken(address));
    const tombstones = others.map((other) => other.id);
    if (tombstones.length) await tx.delete(blockPages).where(inArray(blockPages.id, tombstones));
  }

  /** The address and title checked (a page needs both from its first save); their messages otherwise. */
  function firstFields(draft: Record<string, unknown>): string {
    const parsed = blockPageSchema.pick({ address: true, title: true }).safeParse(draft);
    if (!parsed.success) {
      const issues: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path.map(String).join(".") || "_";
        if (!(field in issues)) issues[field] = issue.message;
      }
      throw new InvalidFields(issues);
    }
    return parsed.data.address;
  }

  async function keepRevision(
    tx: Transaction,
    pageId: string,
    by: string,
    reason: BlockPageRevision["reason"],
    data: Record<string, unknown>,
  ) {
    await tx.insert(blockPageRevisions).values({ pageId, savedBy: by, reason, data });
    await tx.execute(sql`delete from ${blockPageRevisions} where page_id = ${pageId} and id not in (
      select id from ${blockPageRevisions} where page_id = ${pageId} order by saved_at desc, id desc limit ${BLOCK_PAGE_LIMITS.revisionsKept}
    )`);
  }

  const audit = (tx: Transaction, action: AuditAction, admin: PageEditor, id: string, label: string) =>
    recordAudit(tx, { action, actor: { id: admin.id, email: admin.email }, target: { id, label } });

  /** The row made from `baseVersion` with `changes` (version + 1): Conflict naming who saved last otherwise. */
  async function write(
    tx: Transaction,
    id: string,
    baseVersion: number | undefined,
    changes: Partial<typeof blockPages.$inferInsert>,
    admin: PageEditor | null,
  ): Promise<Row> {
    const [row] = await tx
      .update(blockPages)
      .set({
        ...changes,
        updatedAt: new Date(),
        ...(admin ? { updatedBy: admin.email } : {}),
        version: sql`${blockPages.version} + 1`,
      })
      .where(
        and(
          eq(blockPages.id, id),
          isNull(blockPages.goneAt),
          baseVersion === undefined ? undefined : eq(blockPages.version, baseVersion),
        ),
      )
      .returning();
    if (row) return row;
    const current = await rowOf(id, tx);
    throw new Conflict(M.stale(current.updatedBy, ukMinute(current.updatedAt)));
  }

  /** What visitors see changed at these addresses: their pages leave the page cache, everywhere. */
  const announce = (...addresses: string[]) => {
    const topics: ContentTopic[] = [...new Set(addresses)].map(topic);
    content.bump("here", [...topics, "pages"]);
  };

  async function create(data: unknown, admin: PageEditor): Promise<BlockPageRecord> {
    authorize(admin, "site");
    const draft = draftOf(data);
    const address = firstFields(draft);
    const row = await db.transaction(async (tx) => {
      await claimAddress(tx, address);
      const [row] = await tx
        .insert(blockPages)
        .values({ address, draft: { ...draft, address }, updatedBy: admin.email })
        .returning();
      await keepRevision(tx, row.id, admin.email, "saved", row.draft);
      await audit(tx, "page_created", admin, row.id, address);
      return row;
    });
    // A deleted page's tombstone may have given way: its address no longer answers 410.
    announce(address);
    return recordOf(row);
  }

  async function saveDraft(
    id: string,
    data: unknown,
    baseVersion: number,
    admin: PageEditor,
    { autosave = false }: { autosave?: boolean } = {},
  ): Promise<BlockPageRecord> {
    authorize(admin, "site");
    const draft = draftOf(data);
    const row = await db.transaction(async (tx) => {
      const current = await rowOf(id, tx);
      // A deliberate save must name a usable address (it is the page's from its publication).
      if (!autosave) {
        const address = firstFields(draft);
        if (address !== current.address) await claimAddress(tx, address, id);
      }
      const saved = await write(tx, id, baseVersion, { draft }, admin);
      if (!autosave) {
        await keepRevision(tx, id, admin.email, "saved", draft);
        await audit(tx, "page_saved", admin, id, addressOf(draft) || current.address);
      }
      return saved;
    });
    return recordOf(row);
  }

  async function publish(
    id: string,
    admin: PageEditor,
    {
      page,
      baseVersion,
      at,
      now = new Date(),
    }: { page?: unknown; baseVersion?: number; at?: Date; now?: Date } = {},
  ): Promise<BlockPageRecord> {
    authorize(admin, "site");
    if (at !== undefined && Number.isNaN(at.getTime())) throw new Invalid(M.publishAtInvalid);
    if (at !== undefined && !(at > now)) throw new Invalid(M.publishAtPast);
    const before = await rowOf(id);
    const value = await validPage(page === undefined ? before.draft : draftOf(page));
    const moved = before.published && before.address !== value.address ? before.address : null;
    const row = await db.transaction(async (tx) => {
      await picturesStored(tx, value);
      if (value.address !== before.address) await claimAddress(tx, value.address, id);
      const changes: Partial<typeof blockPages.$inferInsert> = at
        ? {
            draft: value,
            scheduled: value,
            publishAt: at,
            state: stateAfter(before.published, at),
          }
        : {
            draft: value,
            published: value,
            publishedAt: now,
            scheduled: null,
            publishAt: null,
            state: "published",
            address: value.address,
          };
      const saved = await write(tx, id, baseVersion ?? before.version, changes, admin);
      await keepRevision(tx, id, admin.email, at ? "scheduled" : "published", value);
      await audit(
        tx,
        at ? "page_scheduled" : "page_published",
        admin,
        id,
        at ? `${value.address} (${ukMinute(at)})` : value.address,
      );
      return saved;
    });
    if (at) scheduled(at);
    else {
      await movedRedirects(value.address, moved, admin);
      announce(value.address, ...(moved ? [moved] : []));
    }
    return recordOf(row);
  }

  /** The redirects follow a page published at `address` (from `moved`, when it moved). */
  async function movedRedirects(address: string, moved: string | null, admin?: PageEditor) {
    await redirects.release(address, admin);
    if (moved) await redirects.keepOldAddress(moved, address, admin);
  }

  async function unpublish(id: string, admin: PageEditor): Promise<BlockPageRecord> {
    authorize(admin, "site");
    const before = await rowOf(id);
    if (!before.published && !before.publishAt) throw new Conflict(M.notPublished);
    const row = await db.transaction(async (tx) => {
      const saved = await write(
        tx,
        id,
        before.version,
        { published: null, publishedAt: null, scheduled: null, publishAt: null, state: "draft" },
        admin,
      );
      await audit(tx, "page_unpublished", admin, id, before.address);
      return saved;
    });
    announce(before.address);
    return recordOf(row);
  }

  async function cancelSchedule(id: string, admin: PageEditor): Promise<BlockPageRecord> {
    authorize(admin, "site");
    const before = await rowOf(id);
    if (!before.publishAt) throw new Conflict(M.nothingScheduled);
    const row = await db.transaction(async (tx) =>
      write(
        tx,
        id,
        before.version,
        { scheduled: null, publishAt: null, state: stateAfter(before.published, null) },
        admin,
      ),
    );
    return recordOf(row);
  }

  /**
   * Deletes the page: its revisions go, its row stays as its address's tombstone (410, or 301 to
   * `redirectTo`, a path of this site) until a new page takes the address.
   */
  async function remove(id: string, admin: PageEditor, options: { redirectTo?: string } = {}): Promise<void> {
    authorize(admin, "site");
    const parsed = blockPageDeleteSchema.safeParse(options);
    if (!parsed.success) throw new InvalidFields({ redirectTo: M.redirectFormat });
    const redirectTo = parsed.data.redirectTo || null;
    const before = await rowOf(id);
    if (redirectTo === before.address) throw new InvalidFields({ redirectTo: M.redirectToItself });
    await db.transaction(async (tx) => {
      await tx.delete(blockPageRevisions).where(eq(blockPageRevisions.pageId, id));
      await write(
        tx,
        id,
        undefined,
        {
          draft: {},
          published: null,
          scheduled: null,
          publishAt: null,
          state: "draft",
          goneAt: new Date(),
          redirectTo,
        },
        admin,
      );
      // Tombstones that sent visitors here send them on (one hop), or are gone too.
      await tx
        .update(blockPages)
        .set({ redirectTo })
        .where(and(eq(blockPages.redirectTo, before.address), isNotNull(blockPages.goneAt)));
      await audit(
        tx,
        "page_deleted",
        admin,
        id,
        redirectTo ? `${before.address} → ${redirectTo}` : before.address,
      );
    });
    announce(before.address);
  }

  /** A copy of the page's draft at a new address (a draft: publish it to show it). */
  async function duplicate(id: string, address: unknown, admin: PageEditor): Promise<BlockPageRecord> {
    authorize(admin, "site");
    const source = await rowOf(id);
    if (typeof address !== "string" || address.trim() === "")
      throw new InvalidFields({ address: M.duplicateAddress });
    return create({ ...source.draft, address }, admin);
  }

  async function publishDue(now = new Date()): Promise<string[]> {
    const due = await db
      .select({
        id: blockPages.id,
        address: blockPages.address,
        scheduled: blockPages.scheduled,
        published: sql<boolean>`${blockPages.published} is not null`,
      })
      .from(blockPages)
      .where(and(isNotNull(blockPages.publishAt), lte(blockPages.publishAt, now), isNull(blockPages.goneAt)));
    const published: string[] = [];
    const addresses: string[] = [];
    for (const page of due) {
      const next = addressOf(page.scheduled) || page.address;
      // Conditional: when two instances run at once, the second finds nothing left to publish.
      const rows = await db
        .update(blockPages)
        .set({
          published: sql`${blockPages.scheduled}`,
          publishedAt: sql`${blockPages.publishAt}`,
          scheduled: null,
          publishAt: null,
          state: "published",
          address: next,
          updatedAt: now,
          version: sql`${blockPages.version} + 1`,
        })
        .where(
          and(eq(blockPages.id, page.id), isNotNull(blockPages.publishAt), lte(blockPages.publishAt, now)),
        )
        .returning({ id: blockPages.id })
        .catch(() => []); // its new address taken meanwhile: it stays scheduled, the editor sees it
      if (!rows.length) continue;
      const moved = page.published && next !== page.address ? page.address : null;
      await movedRedirects(next, moved).catch(() => {});
      published.push(page.id);
      addresses.push(next, page.address);
    }
    if (addresses.length) announce(...addresses);
    return published;
  }

  async function revisions(id: string, admin: PageEditor): Promise<BlockPageRevision[]> {
    authorize(admin, "site");
    await rowOf(id);
    const rows = await db
      .select({
        id: blockPageRevisions.id,
        savedAt: blockPageRevisions.savedAt,
        savedBy: blockPageRevisions.savedBy,
        reason: blockPageRevisions.reason,
        title: sql<string | null>`${blockPageRevisions.data} ->> 'title'`,
      })
      .from(blockPageRevisions)
      .where(eq(blockPageRevisions.pageId, id))
      .orderBy(desc(blockPageRevisions.savedAt), desc(blockPageRevisions.id));
    return rows.map((row) => ({ ...row, title: row.title ?? "", savedAt: row.savedAt.toISOString() }));
  }

  /** The revision becomes the page's draft (publish it to show it); kept as a revision of its own. */
  async function restore(id: string, revisionId: string, admin: PageEditor): Promise<BlockPageRecord> {
    authorize(admin, "site");
    await rowOf(id);
    if (!UUID_SHAPE.test(revisionId)) throw new NotFound(M.revisionNotFound);
    const row = await db.transaction(async (tx) => {
      const [revision] = await tx
        .select({ data: blockPageRevisions.data, savedAt: blockPageRevisions.savedAt })
        .from(blockPageRevisions)
        .where(and(eq(blockPageRevisions.id, revisionId), eq(blockPageRevisions.pageId, id)));
      if (!revision) throw new NotFound(M.revisionNotFound);
      const saved = await write(tx, id, undefined, { draft: revision.data }, admin);
      await keepRevision(tx, id, admin.email, "restored", revision.data);
      await audit(tx, "page_restored", admin, id, `${saved.address} (${ukMinute(revision.savedAt)})`);
      return saved;
    });
    return recordOf(row);
  }

  return {
    published,
    known,
    lastModified,
    areas,
    publishedAddresses,
    list,
    get,
    create,
    saveDraft,
    publish,
    unpublish,
    cancelSchedule,
    remove,
    duplicate,
    publishDue,
    revisions,
    restore,
  };
}

export type BlockPageService = ReturnType<typeof createBlockPageService>;
