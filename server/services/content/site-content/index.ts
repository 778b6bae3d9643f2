/**
 * Site content: admin-editable documents (common/content/site-content/registry.ts: the company's details
 * and opening hours, each page's words), published like a post. The interface:
 *
 *   published(key)                        the document as the site shows it: the last published
 *                                         version (or its defaults), checked by its schema; cached in
 *                                         memory until the content version moves (here, or on another
 *                                         instance through the broadcast), so a page pays no query
 *   lastModified()                        when each document was last published (the sitemap)
 *   state(key, admin)                     the editor's view: the draft with each field's problem,
 *                                         the published version, the version, the schedule, who saved
 *   saveDraft(key, data, baseVersion, admin, {autosave?})
 *                                         keeps the draft as typed (autosave too: not a word lost,
 *                                         even half-valid); Conflict naming who saved when another
 *                                         editor saved since `baseVersion`; a manual save keeps a
 *                                         revision and an audit entry, and is refused
 *                                         (InvalidDocument) when a picture it names is not stored
 *   publish(key, admin, {data?, baseVersion?, at?})
 *                                         the draft (or `data`, saved first in the same transaction)
 *                                         goes live now, or at `at` (the scheduler publishes it);
 *                                         refused (InvalidDocument, every field's message) unless
 *                                         the whole document is valid and its pictures are stored:
 *                                         nothing is published half-valid
 *   cancelSchedule(key, admin)
 *   revisions(key, admin), restore(key, revisionId, admin)
 *                                         the last 50 saves; a restored revision becomes the draft
 *   publishDue(now)                       the scheduler's pass (scheduled-posts.ts runs it)
 *
 * Every read and write asks `authorize(admin, documentPermission(key))` ("site", Owner and Editor,
 * unless the document names its own: the quotes' terms are "pipeline-settings", Owner only), writes its audit entry in its
 * transaction, and a publication bumps the content version naming the document: the page cache
 * drops exactly the pages whose render read it (content-reads.ts), on every instance.
 */
import { and, desc, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import type { AuditAction } from "../../../../common/audit";
import { SITE_CONTENT_MESSAGES as M } from "../../../../common/content/site-content/messages";
import {
  documentPermission,
  isSiteDocumentKey,
  SITE_DOCUMENTS,
  type SiteDocumentData,
  type SiteDocumentKey,
  type SiteDocumentRevision,
  type SiteDocumentState,
  type SiteRevisionReason,
} from "../../../../common/content/site-content/registry";
import { londonTime, SHORT_MONTHS, twoDigits } from "../../../../common/en-gb";
import { Conflict, Invalid, InvalidFields, NotFound } from "../../../../common/errors";
import { UUID_SHAPE } from "../../../../common/ids";
import type { Database } from "../../../db/client";
import { images, siteDocumentRevisions, siteDocuments } from "../../../db/schema";
import { authorize } from "../../access";
import { recordAudit } from "../../audit";
import type { SessionAdmin } from "../../staff/sessions";
import { recordRead } from "../content-reads";
import type { ContentVersion } from "../content-version";

/** The colleague acting: their id, address and role. */
export type SiteEditor = Pick<SessionAdmin, "id" | "email" | "role">;

/** The last revisions kept per document. */
export const SITE_REVISIONS_KEPT = 50;
/** The largest draft kept (its JSON), whatever the document. */
export const SITE_DRAFT_MAX_BYTES = 256 * 1024;

/** A document that is not valid as a whole: the first message, and every field's (dotted path). */
export class InvalidDocument extends InvalidFields {
  constructor(fieldErrors: Record<string, string>) {
    super(fieldErrors, M.invalid);
  }
}

type Row = typeof siteDocuments.$inferSelect;
type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

function documentOf(key: string) {
  if (!isSiteDocumentKey(key)) throw new NotFound(M.unknownDocument);
  return SITE_DOCUMENTS[key];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Each field's first problem (dotted path), empty when the document is valid. */
function issuesOf(key: SiteDocumentKey, data: unknown): Record<string, string> {
  const parsed = documentOf(key).schema.safeParse(data);
  const issues: Record<string, string> = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = issue.path.map(String).join(".") || "_";
      if (!(field in issues)) issues[field] = issue.message;
    }
  return issues;
}

/** The document checked as a whole: its parsed value, or InvalidDocument with every field's message. */
function valid<K extends SiteDocumentKey>(key: K, data: unknown): SiteDocumentData<K> {
  const parsed = documentOf(key).schema.safeParse(data);
  if (!parsed.success) throw new InvalidDocument(issuesOf(key, data));
  return parsed.data as SiteDocumentData<K>;
}

/**
 * What the site shows of a stored document: the stored value over the defaults (a field added to
 * the schema since it was published takes its default), checked; the defaults if it fails.
 */
function shown<K extends SiteDocumentKey>(key: K, stored: unknown): SiteDocumentData<K> {
  const { schema, defaults } = documentOf(key);
  if (!isObject(stored)) return defaults as SiteDocumentData<K>;
  const parsed = schema.safeParse({ ...defaults, ...stored });
  return (parsed.success ? parsed.data : defaults) as SiteDocumentData<K>;
}

/** A draft as sent: a JSON object within SITE_DRAFT_MAX_BYTES (its fields are checked at publication). */
function draftOf(data: unknown): Record<string, unknown> {
  if (!isObject(data)) throw new Invalid(M.notAnObject);
  if (Buffer.byteLength(JSON.stringify(data)) > SITE_DRAFT_MAX_BYTES) throw new Invalid(M.tooLarge);
  return data;
}

/** Each picture's image id in a document (an `imageId` anywhere in it), by its dotted path. */
function pictureIds(value: unknown, path: string[] = []): Array<[path: string, id: string]> {
  if (Array.isArray(value)) return value.flatMap((item, i) => pictureIds(item, [...path, String(i)]));
  if (!isObject(value)) return [];
  return Object.entries(value).flatMap(([name, inner]) =>
    name === "imageId" && typeof inner === "string"
      ? [[[...path, name].join("."), inner] as [string, string]]
      : pictureIds(inner, [...path, name]),
  );
}

/** The pictures a document names that are not stored images (each by its field's path): none, {}. */
async function missingPictures(tx: Pick<Database, "select">, data: unknown): Promise<Record<string, string>> {
  const named = pictureIds(data);
  const ids = [...new Set(named.map(([, id]) => id).filter((id) => UUID_SHAPE.test(id)))];
  const stored = ids.length
    ? new Set(
        (await tx.select({ id: images.id }).from(images).where(inArray(images.id, ids))).map((r) => r.id),
      )
    : new Set<string>();
  return Object.fromEntries(
    named.filter(([, id]) => !stored.has(id)).map(([path]) => [path, M.pictureMissing]),
  );
}

/** Refused (InvalidDocument, each field's message) when the document names a picture that is not stored. */
async function picturesStored(tx: Pick<Database, "select">, data: unknown) {
  const missing = await missingPictures(tx, data);
  if (Object.keys(missing).length) throw new InvalidDocument(missing);
}

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

/** JSON with every object's keys in order: two documents compare equal whatever order they were written in. */
const stable = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    isObject(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );

/**
 * A document as the site shows it, read now (no cache, no page's read recorded): for a service
 * that is not a page's render, such as a new quote taking the published terms.
 */
export async function publishedDocument<K extends SiteDocumentKey>(
  db: Pick<Database, "select">,
  key: K,
): Promise<SiteDocumentData<K>> {
  const [row] = await db
    .select({ published: siteDocuments.published })
    .from(siteDocuments)
    .where(eq(siteDocuments.key, key));
  return shown(key, row?.published);
}

export function createSiteContentService(
  db: Database,
  {
    content,
    scheduled = () => {},
  }: {
    content: ContentVersion;
    /** A publication set for `at` (the scheduler is woken then: it appears on time). */
    scheduled?: (at: Date) => void;
  },
) {
  /** The published documents read at a content version: dropped as soon as it moves. */
  let cache: { version: number; documents: Map<SiteDocumentKey, Promise<unknown>> } = {
    version: content.current,
    documents: new Map(),
  };

  const read = <K extends SiteDocumentKey>(key: K) => publishedDocument(db, key);

  function published<K extends SiteDocumentKey>(key: K): Promise<SiteDocumentData<K>> {
    documentOf(key);
    recordRead(`site:${key}`);
    if (cache.version !== content.current) cache = { version: content.current, documents: new Map() };
    const { documents } = cache;
    let value = documents.get(key) as Promise<SiteDocumentData<K>> | undefined;
    if (!value) {
      value = read(key);
      documents.set(key, value);
      value.catch(() => documents.delete(key)); // asked again next time
    }
    return value;
  }

  async function lastModified(): Promise<
    Array<{ key: SiteDocumentKey; paths: readonly string[]; modified: string }>
  > {
    const rows = await db
      .select({ key: siteDocuments.key, publishedAt: siteDocuments.publishedAt })
      .from(siteDocuments)
      .where(isNotNull(siteDocuments.publishedAt));
    return rows.flatMap(({ key, publishedAt }) =>
      isSiteDocumentKey(key) && publishedAt
        ? [{ key, paths: SITE_DOCUMENTS[key].paths, modified: publishedAt.toISOString() }]
        : [],
    );
  }

  async function rowOf(key: SiteDocumentKey, tx: Pick<Database, "select"> = db): Promise<Row | undefined> {
    const [row] = await tx.select().from(siteDocuments).where(eq(siteDocuments.key, key));
    return row;
  }

  function stateOf<K extends SiteDocumentKey>(
    key: K,
    row: Row | undefined,
  ): SiteDocumentState<SiteDocumentData<K>> {
    const publishedValue = shown(key, row?.published);
    const draft = (row?.draft ?? publishedValue) as SiteDocumentData<K>;
    return {
      key,
      label: SITE_DOCUMENTS[key].label,
      draft,
      issues: issuesOf(key, draft),
      published: publishedValue,
      unpublishedChanges: row?.draft != null && stable(row.draft) !== stable(publishedValue),
      version: row?.version ?? 0,
      publishedAt: iso(row?.publishedAt),
      publishAt: iso(row?.publishAt),
      updatedAt: row ? iso(row.updatedAt) : null,
      updatedBy: row?.updatedBy ?? null,
    };
  }

  async function state<K extends SiteDocumentKey>(key: K, admin: SiteEditor) {
    documentOf(key);
    authorize(admin, documentPermission(key));
    return stateOf(key, await rowOf(key));
  }

  /**
   * The row made from `baseVersion` with `changes` (version + 1), in `tx`: Conflict naming who
   * saved last when another save landed since (a document never saved is version 0).
   */
  async function write(
    tx: Transaction,
    key: SiteDocumentKey,
    baseVersion: number | undefined,
    changes: Partial<typeof siteDocuments.$inferInsert>,
    admin: SiteEditor | null,
  ): Promise<Row> {
    await tx.insert(siteDocuments).values({ key, version: 0 }).onConflictDoNothing();
    const [row] = await tx
      .update(siteDocuments)
      .set({
        ...changes,
        updatedAt: new Date(),
        ...(admin ? { updatedBy: admin.email } : {}),
        version: sql`${siteDocuments.version} + 1`,
      })
      .where(
        and(
          eq(siteDocuments.key, key),
          baseVersion === undefined ? undefined : eq(siteDocuments.version, baseVersion),
        ),
      )
      .returning();
    if (row) return row;
    const current = await rowOf(key, tx);
    throw new Conflict(M.stale(current?.updatedBy ?? null, current ? ukMinute(current.updatedAt) : null));
  }

  async function keepRevision(
    tx: Transaction,
    key: SiteDocumentKey,
    by: string,
    reason: SiteRevisionReason,
    data: unknown,
  ) {
    await tx.insert(siteDocumentRevisions).values({ key, savedBy: by, reason, data });
    await tx.execute(sql`delete from ${siteDocumentRevisions} where key = ${key} and id not in (
      select id from ${siteDocumentRevisions} where key = ${key} order by saved_at desc, id desc limit ${SITE_REVISIONS_KEPT}
    )`);
  }

  const audit = (
    tx: Transaction,
    action: AuditAction,
    admin: SiteEditor,
    key: SiteDocumentKey,
    detail?: string,
  ) =>
    recordAudit(tx, {
      action,
      actor: { id: admin.id, email: admin.email },
      target: {
        id: key,
        label: detail ? `${SITE_DOCUMENTS[key].label} (${detail})` : SITE_DOCUMENTS[key].label,
      },
    });

  /** What a publication changed: the pages that read the documents leave the page cache, everywhere. */
  const announce = (keys: SiteDocumentKey[]) =>
    content.bump(
      "here",
      keys.map((key) => `site:${key}` as const),
    );

  async function saveDraft<K extends SiteDocumentKey>(
    key: K,
    data: unknown,
    baseVersion: number,
    admin: SiteEditor,
    { autosave = false }: { autosave?: boolean } = {},
  ) {
    authorize(admin, documentPermission(key));
    documentOf(key);
    const draft = draftOf(data);
    const row = await db.transaction(async (tx) => {
      // A deliberate save names only stored pictures; autosave keeps the words whatever they show.
      if (!autosave) await picturesStored(tx, draft);
      const saved = await write(tx, key, baseVersion, { draft }, admin);
      if (!autosave) {
        await keepRevision(tx, key, admin.email, "saved", draft);
        await audit(tx, "site_content_saved", admin, key);
      }
      return saved;
    });
    return stateOf(key, row);
  }

  async function publish<K extends SiteDocumentKey>(
    key: K,
    admin: SiteEditor,
    {
      data,
      baseVersion,
      at,
      now = new Date(),
    }: { data?: unknown; baseVersion?: number; at?: Date; now?: Date } = {},
  ) {
    authorize(admin, documentPermission(key));
    documentOf(key);
    if (at !== undefined && Number.isNaN(at.getTime())) throw new Invalid(M.publishAtInvalid);
    if (at !== undefined && !(at > now)) throw new Invalid(M.publishAtPast);
    const row = await db.transaction(async (tx) => {
      const current = await rowOf(key, tx);
      const source = data === undefined ? (current?.draft ?? shown(key, current?.published)) : draftOf(data);
      const value = valid(key, source);
      await picturesStored(tx, value);
      const changes: Partial<typeof siteDocuments.$inferInsert> = at
        ? { draft: value, scheduled: value, publishAt: at }
        : { draft: value, published: value, publishedAt: now, scheduled: null, publishAt: null };
      const saved = await write(tx, key, baseVersion, changes, admin);
      await keepRevision(tx, key, admin.email, at ? "scheduled" : "published", value);
      await audit(
        tx,
        at ? "site_content_scheduled" : "site_content_published",
        admin,
        key,
        at ? ukMinute(at) : undefined,
      );
      return saved;
    });
    if (at) scheduled(at);
    else announce([key]);
    return stateOf(key, row);
  }

  async function cancelSchedule<K extends SiteDocumentKey>(key: K, admin: SiteEditor) {
    authorize(admin, documentPermission(key));
    documentOf(key);
    const row = await db.transaction(async (tx) => {
      const current = await rowOf(key, tx);
      if (!current?.publishAt) throw new Conflict(M.nothingScheduled);
      const saved = await write(tx, key, current.version, { scheduled: null, publishAt: null }, admin);
      await audit(tx, "site_content_schedule_cancelled", admin, key);
      return saved;
    });
    return stateOf(key, row);
  }

  async function publishDue(now = new Date()): Promise<string[]> {
    const rows = await db
      .update(siteDocuments)
      .set({
        published: sql`${siteDocuments.scheduled}`,
        publishedAt: sql`${siteDocuments.publishAt}`,
        scheduled: null,
        publishAt: null,
        updatedAt: now,
        version: sql`${siteDocuments.version} + 1`,
      })
      .where(and(isNotNull(siteDocuments.publishAt), lte(siteDocuments.publishAt, now)))
      .returning({ key: siteDocuments.key });
    const keys = rows.map((row) => row.key).filter(isSiteDocumentKey);
    if (keys.length) announce(keys);
    return keys;
  }

  async function revisions(key: SiteDocumentKey, admin: SiteEditor): Promise<SiteDocumentRevision[]> {
    authorize(admin, documentPermission(key));
    documentOf(key);
    const rows = await db
      .select({
        id: siteDocumentRevisions.id,
        savedAt: siteDocumentRevisions.savedAt,
        savedBy: siteDocumentRevisions.savedBy,
        reason: siteDocumentRevisions.reason,
      })
      .from(siteDocumentRevisions)
      .where(eq(siteDocumentRevisions.key, key))
      .orderBy(desc(siteDocumentRevisions.savedAt), desc(siteDocumentRevisions.id));
    return rows.map((row) => ({ ...row, savedAt: row.savedAt.toISOString() }));
  }

  /** The revision's content becomes the draft (publish it to show it); kept as a revision of its own. */
  async function restore<K extends SiteDocumentKey>(key: K, revisionId: string, admin: SiteEditor) {
    authorize(admin, documentPermission(key));
    documentOf(key);
    if (!UUID_SHAPE.test(revisionId)) throw new NotFound(M.revisionNotFound);
    const row = await db.transaction(async (tx) => {
      const [revision] = await tx
        .select({ data: siteDocumentRevisions.data, savedAt: siteDocumentRevisions.savedAt })
        .from(siteDocumentRevisions)
        .where(and(eq(siteDocumentRevisions.id, revisionId), eq(siteDocumentRevisions.key, key)));
      if (!revision) throw new NotFound(M.revisionNotFound);
      const saved = await write(tx, key, undefined, { draft: revision.data }, admin);
      await keepRevision(tx, key, admin.email, "restored", revision.data);
      await audit(tx, "site_content_restored", admin, key, ukMinute(revision.savedAt));
      return saved;
    });
    return stateOf(key, row);
  }

  return {
    published,
    lastModified,
    state,
    saveDraft,
    publish,
    cancelSchedule,
    publishDue,
    revisions,
    restore,
  };
}

export type SiteContentService = ReturnType<typeof createSiteContentService>;

/** "24 Dec 2025, 17:00" (UK time, common/en-gb.ts): a time as an audit label or a message says it. */
export function ukMinute(date: Date) {
  const t = londonTime(date.getTime());
  return `${t.day} ${SHORT_MONTHS[t.month - 1]} ${t.year}, ${twoDigits(t.hour)}:${twoDigits(t.minute)}`;
}
