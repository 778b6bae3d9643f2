import { asc, count, desc, eq, lt, or, sql } from "drizzle-orm";
import { isbot } from "isbot";
import {
  isExternalTarget,
  isReservedPath,
  type MissingPath,
  normalisePath,
  REDIRECT_LIMITS,
  REDIRECT_MESSAGES,
  type Redirect,
  type RedirectInput,
  type RedirectStatus,
  redirectInputSchema,
} from "../../../common/content/redirects";
import { londonDay } from "../../../common/en-gb";
import { Conflict, Invalid, NotFound } from "../../../common/errors";
import { UUID_SHAPE } from "../../../common/ids";
import { firstIssue } from "../../../common/zod";
import type { Database } from "../../db/client";
import { notFoundPaths, redirects } from "../../db/schema";
import { createWorker } from "../../workers";
import { authorize } from "../access";
import { type AuditActor, type AuditWriter, recordAudit } from "../audit";
import { domainOf, remembered } from "../insights/rules";
import type { SessionAdmin } from "../staff/sessions";
import type { ContentVersion } from "./content-version";

/** Who acts on redirects: a colleague with the "site" permission (Owner, Editor). */
export type RedirectEditor = Pick<SessionAdmin, "id" | "email" | "role">;

/** What the site answers for a redirected path. */
export interface RedirectAnswer {
  status: RedirectStatus;
  /** The Location header (the request's query kept on a path of this site); none for 410. */
  location?: string;
}

type Row = typeof redirects.$inferSelect;
type Target = { to: string | null; status: RedirectStatus };

const toWire = (row: Row): Redirect => ({
  id: row.id,
  from: row.fromPath,
  to: row.toTarget,
  status: row.status as RedirectStatus,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
});

/** User agents that are not people: isbot's list and the tools it leaves to others. */
const TOOL =
  /bot|crawl|spider|slurp|curl|wget|python|httpclient|http-client|scanner|headless|java\/|go-http|okhttp|libwww|axios|node-fetch|undici/i;
const isPerson = remembered((agent) => agent !== "" && !isbot(agent) && !TOOL.test(agent));

/** The referring site's host (lower case, without www.); "" when none or unreadable. Never the rest. */
function referringHost(referer: string | undefined): string {
  if (!referer) return "";
  try {
    const url = new URL(referer);
    if (url.protocol !== "https:" && url.protocol !== "http:") return "";
    return domainOf(url.hostname) ?? "";
  } catch {
    return "";
  }
}

const PATH_CHARS = /^\/[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$/;

type HeaderValue = string | string[] | undefined;
const one = (value: HeaderValue) => (Array.isArray(value) ? value[0] : value);

/**
 * Redirects and the 404 log. Redirects are held in memory (at most REDIRECT_LIMITS.maxRedirects),
 * read again after every change here or on another instance (the content version's "redirects"
 * topic, which the broadcast carries), so the page handler's hook answers them without a query.
 * The rules: a path is redirected once (its source unique), and a redirect never leads to another
 * (no loops, no chains): its target may not be a redirected path and its source may not be
 * another's target. A page's new address (`keepOldAddress`) makes its old one a 301 and points
 * the redirects that led to the old address straight at the new one.
 *
 * The 404 log counts, in memory first, each path visitors found missing on a UK day (its count,
 * when last seen and the referring site's host; never an address or a user agent, never a bot),
 * written every minute by the "not-found-log" worker, which also keeps the log within its
 * bounds (REDIRECT_LIMITS.maxLogRows rows, logRetentionDays days).
 */
export function createRedirectService(
  db: Database,
  options: {
    content: ContentVersion;
    now?: () => number;
    /**
     * What a page from blocks answers at this path: "page" (published: it is not redirected, the
     * redirect would hide it), "gone" (a deleted page's 410 or 301: no redirect goes there, which
     * would be a dead end or a second hop), or undefined.
     */
    pageAt?: (path: string) => Promise<"page" | "gone" | undefined>;
  },
) {
  const now = options.now ?? Date.now;
  const { content } = options;

  // ---- Redirects, from memory ----
  let loaded: Map<string, Target> | undefined;
  let loading: Promise<Map<string, Target>> | undefined;
  let answered = 0;
  let missed = 0;

  function read(): Promise<Map<string, Target>> {
    const reading = db
      .select({ from: redirects.fromPath, to: redirects.toTarget, status: redirects.status })
      .from(redirects)
      .then((rows) => new Map(rows.map((r) => [r.from, { to: r.to, status: r.status as RedirectStatus }])));
    loading = reading;
    reading.then(
      (table) => {
        if (loading === reading) loaded = table;
      },
      () => {
        if (loading === reading) loading = undefined;
      },
    );
    return reading;
  }

  /** Forgets the table in memory and reads it again (a change here or on another instance). */
  function reload(): Promise<Map<string, Target>> {
    loaded = undefined;
    return read();
  }

  content.onChange((_version, where, topics) => {
    // Our own writes reload before they return; another instance's (or a lost broadcast) here.
    if (where === "elsewhere" && (!topics || topics.includes("redirects"))) reload().catch(() => {});
  });

  /** Announces a committed change: this instance reads the table again, the others are told. */
  async function changed(): Promise<void> {
    // The write has committed: a failed read is tried again by the next request, never this answer.
    await reload().catch(() => {});
    content.bump("here", ["redirects"]);
  }

  /**
   * The answer for a request's path (raw, as sent) and query, or undefined: not redirected. From
   * memory once the table is read (the first request after a start or a change waits for it).
   */
  async function match(rawPath: string, query: string): Promise<RedirectAnswer | undefined> {
    const table = loaded ?? (await (loading ?? read()));
    const target = table.get(normalisePath(rawPath));
    if (!target) return undefined;
    answered += 1;
    if (target.status === 410 || target.to === null) return { status: target.status };
    const location = isExternalTarget(target.to) || query === "" ? target.to : `${target.to}?${query}`;
    return { status: target.status, location };
  }

  async function list(admin: RedirectEditor): Promise<Redirect[]> {
    authorize(admin, "site");
    const rows = await db.select().from(redirects).orderBy(asc(redirects.fromPath));
    return rows.map(toWire);
  }

  /** A path of this site a target names, for the chain rules; undefined for another site. */
  const localTarget = (to: string | null) => (to !== null && !isExternalTarget(to) ? to : undefined);

  async function audited(
    tx: AuditWriter,
    by: AuditActor | undefined,
    action: "redirect_added" | "redirect_removed",
    row: Row,
  ) {
    if (!by) return;
    const label = row.toTarget
      ? `${row.fromPath} → ${row.toTarget} (${row.status})`
      : `${row.fromPath} (${row.status})`;
    await recordAudit(tx, { action, actor: by, target: { id: row.id, label } });
  }

  /** Adds a redirect, refusing duplicates, loops and chains (Conflict, the catalogue's message). */
  async function add(input: unknown, admin: RedirectEditor): Promise<Redirect> {
    authorize(admin, "site");
    const parsed = redirectInputSchema.safeParse(input ?? {});
    if (!parsed.success) throw new Invalid(firstIssue(parsed) ?? REDIRECT_MESSAGES.fromInvalid);
    // A redirect would hide the page (it is answered first); the page's own move keeps its address.
    const { from, to } = parsed.data;
    if ((await options.pageAt?.(from)) === "page") throw new Invalid(REDIRECT_MESSAGES.fromOwnPage);
    const local = localTarget(to);
    if (local && (await options.pageAt?.(local)) === "gone")
      throw new Conflict(REDIRECT_MESSAGES.targetGone(local));
    const redirect = await insert(parsed.data, admin);
    await changed();
    return redirect;
  }

  async function insert(input: RedirectInput, by: AuditActor): Promise<Redirect> {
    return db.transaction(async (tx) => {
      // One writer at a time: two adds checking each other's rows could make a chain together.
      await tx.execute(sql`lock table ${redirects} in share row exclusive mode`);
      const to = localTarget(input.to);
      const related = await tx
        .select()
        .from(redirects)
        .where(
          or(
            eq(redirects.fromPath, input.from),
            eq(redirects.toTarget, input.from),
            ...(to ? [eq(redirects.fromPath, to)] : []),
          ),
        );
      if (related.some((r) => r.fromPath === input.from))
        throw new Conflict(REDIRECT_MESSAGES.duplicate(input.from));
      if (to && related.some((r) => r.fromPath === to)) throw new Conflict(REDIRECT_MESSAGES.chainTo(to));
      if (related.some((r) => r.toTarget === input.from))
        throw new Conflict(REDIRECT_MESSAGES.chainFrom(input.from));
      const [{ n }] = await tx.select({ n: count() }).from(redirects);
      if (n >= REDIRECT_LIMITS.maxRedirects) throw new Conflict(REDIRECT_MESSAGES.tooMany);
      const [row] = await tx
        .insert(redirects)
        .values({ fromPath: input.from, toTarget: input.to, status: input.status, createdBy: by.email })
        .returning();
      // Redirected: it is no longer a missing path.
      await tx.delete(notFoundPaths).where(eq(notFoundPaths.path, input.from));
      await audited(tx, by, "redirect_added", row);
      return toWire(row);
    });
  }

  async function remove(id: string, admin: RedirectEditor): Promise<Redirect> {
    authorize(admin, "site");
    if (!UUID_SHAPE.test(id)) throw new NotFound(REDIRECT_MESSAGES.notFound);
    const removed = await db.transaction(async (tx) => {
      const [row] = await tx.delete(redirects).where(eq(redirects.id, id)).returning();
      if (!row) throw new NotFound(REDIRECT_MESSAGES.notFound);
      await audited(tx, admin, "redirect_removed", row);
      return toWire(row);
    });
    await changed();
    return removed;
  }

  /**
   * A page moved from `from` to `to` (both site paths): the old address answers 301 to the new
   * one by itself. Redirects that led to the old address now lead to the new one (A→B, then B→C,
   * makes A→C), a redirect from the new address goes (the page lives there now), and one from the
   * old address is replaced. Inside the caller's transaction when `tx` is given: call `changed()`
   * once it has committed. Recorded in the audit log as the colleague's when `by` is given.
   */
  async function keepOldAddress(
    fromPath: string,
    toPath: string,
    by?: RedirectEditor,
    tx?: AuditWriter & Pick<Database, "select" | "insert" | "delete" | "update" | "execute">,
  ): Promise<void> {
    if (by) authorize(by, "site");
    const from = normalisePath(fromPath);
    const to = normalisePath(toPath);
    if (from === to || isReservedPath(from) || !PATH_CHARS.test(from) || !PATH_CHARS.test(to)) return;
    const work = async (w: NonNullable<typeof tx>) => {
      await w.execute(sql`lock table ${redirects} in share row exclusive mode`);
      await w.delete(redirects).where(or(eq(redirects.fromPath, to), eq(redirects.fromPath, from)));
      await w.update(redirects).set({ toTarget: to }).where(eq(redirects.toTarget, from));
      const [row] = await w
        .insert(redirects)
        .values({ fromPath: from, toTarget: to, status: 301, createdBy: by?.email ?? null })
        .returning();
      await w.delete(notFoundPaths).where(eq(notFoundPaths.path, from));
      await audited(w, by, "redirect_added", row as Row);
    };
    if (tx) return work(tx);
    await db.transaction((t) => work(t));
    await changed();
  }

  /**
   * A page now lives at `path`: a redirect from it would hide the page, so it goes, and the path
   * is no longer missing (it leaves the 404 log).
   */
  async function release(path: string, by?: RedirectEditor): Promise<void> {
    if (by) authorize(by, "site");
    const at = normalisePath(path);
    const rows = await db.transaction(async (tx) => {
      // Found now: the path leaves the 404 log too.
      await tx.delete(notFoundPaths).where(eq(notFoundPaths.path, at));
      return tx.delete(redirects).where(eq(redirects.fromPath, at)).returning();
    });
    if (rows.length > 0) await changed();
  }

  // ---- The 404 log ----
  type Pending = { count: number; lastSeen: number; referrer: string };
  let pending = new Map<string, Pending>();

  /**
   * Counts a page the site answered as missing (the pages handler calls it): GET or HEAD of a
   * page path, from a person's browser. Only the path (no query), the UK day, when and the
   * referring site's host are kept.
   */
  function recordMiss(request: {
    method: string;
    url: string;
    headers: Record<string, HeaderValue>;
  }): boolean {
    if (request.method !== "GET" && request.method !== "HEAD") return false;
    const queryAt = request.url.indexOf("?");
    const raw = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
    if (raw.length > REDIRECT_LIMITS.maxPathLength || !PATH_CHARS.test(raw)) return false;
    const path = normalisePath(raw);
    if (isReservedPath(path)) return false;
    if (!isPerson(one(request.headers["user-agent"]) ?? "")) return false;
    const at = now();
    const key = `${londonDay(at)}\t${path}`;
    const seen = pending.get(key);
    const referrer = referringHost(one(request.headers.referer));
    if (seen) {
      seen.count += 1;
      seen.lastSeen = at;
      if (referrer) seen.referrer = referrer;
    } else {
      if (pending.size >= REDIRECT_LIMITS.maxPendingMisses) return false;
      pending.set(key, { count: 1, lastSeen: at, referrer });
    }
    missed += 1;
    return true;
  }

  /** Writes the misses counted since the last write (put back for the next one when it fails). */
  async function flush(): Promise<number> {
    if (pending.size === 0) return 0;
    const taken = pending;
    pending = new Map();
    const rows = [...taken].map(([key, value]) => {
      const [day, path] = key.split("\t") as [string, string];
      return { day, path, count: value.count, lastSeen: new Date(value.lastSeen), referrer: value.referrer };
    });
    try {
      for (let i = 0; i < rows.length; i += 500)
        await db
          .insert(notFoundPaths)
          .values(rows.slice(i, i + 500))
          .onConflictDoUpdate({
            target: [notFoundPaths.day, notFoundPaths.path],
            set: {
              count: sql`${notFoundPaths.count} + excluded.count`,
              lastSeen: sql`greatest(${notFoundPaths.lastSeen}, excluded.last_seen)`,
              referrer: sql`case when excluded.referrer <> '' then excluded.referrer else ${notFoundPaths.referrer} end`,
            },
          });
    } catch (error) {
      for (const [key, value] of taken) {
        const seen = pending.get(key);
        if (!seen) pending.set(key, value);
        else {
          seen.count += value.count;
          seen.lastSeen = Math.max(seen.lastSeen, value.lastSeen);
          seen.referrer ||= value.referrer;
        }
      }
      throw error;
    }
    return rows.length;
  }

  /** Keeps the log within its bounds: its days, then its rows (the least-hit, longest unseen go). */
  async function prune(): Promise<number> {
    // Today and the days before it, logRetentionDays in all.
    const cutoff = londonDay(now() - (REDIRECT_LIMITS.logRetentionDays - 1) * 86_400_000);
    const old = await db
      .delete(notFoundPaths)
      .where(lt(notFoundPaths.day, cutoff))
      .returning({ day: notFoundPaths.day });
    const beyond = db
      .select({ day: notFoundPaths.day, path: notFoundPaths.path })
      .from(notFoundPaths)
      .orderBy(desc(notFoundPaths.count), desc(notFoundPaths.lastSeen), asc(notFoundPaths.path))
      .offset(REDIRECT_LIMITS.maxLogRows);
    const over = await db
      .delete(notFoundPaths)
      .where(sql`(${notFoundPaths.day}, ${notFoundPaths.path}) in (${beyond})`)
      .returning({ day: notFoundPaths.day });
    return old.length + over.length;
  }

  /** A page of the 404 log, most counted first (this instance's latest counts written first). */
  async function missingPaths(
    admin: RedirectEditor,
    page = 1,
  ): Promise<{ rows: MissingPath[]; total: number; page: number; limit: number }> {
    authorize(admin, "site");
    await flush();
    const limit = REDIRECT_LIMITS.logPageSize;
    const [rows, [{ n }]] = await Promise.all([
      db
        .select()
        .from(notFoundPaths)
        .orderBy(desc(notFoundPaths.count), desc(notFoundPaths.lastSeen), asc(notFoundPaths.path))
        .limit(limit)
        .offset((page - 1) * limit),
      db.select({ n: count() }).from(notFoundPaths),
    ]);
    return {
      rows: rows.map((r) => ({
        day: r.day,
        path: r.path,
        count: r.count,
        lastSeen: r.lastSeen.toISOString(),
        referrer: r.referrer,
      })),
      total: Number(n),
      page,
      limit,
    };
  }

  /**
   * 'Create redirect' on a row of the 404 log: a redirect from its path (NotFound when the path is
   * no longer in the log); the path's rows leave the log.
   */
  async function redirectMissingPath(
    path: string,
    input: { to?: unknown; status?: unknown },
    admin: RedirectEditor,
  ) {
    authorize(admin, "site");
    const [row] = await db
      .select({ path: notFoundPaths.path })
      .from(notFoundPaths)
      .where(eq(notFoundPaths.path, normalisePath(path)))
      .limit(1);
    if (!row) throw new NotFound(REDIRECT_MESSAGES.missNotFound);
    return add({ from: row.path, to: input.to, status: input.status }, admin);
  }

  return {
    match,
    list,
    add,
    remove,
    keepOldAddress,
    release,
    reload,
    changed,
    recordMiss,
    flush,
    prune,
    missingPaths,
    redirectMissingPath,
    /** Redirects answered and misses counted by this instance since it started (/metrics). */
    stats: () => ({ answered, missed, redirects: loaded?.size ?? 0 }),
    // Writes the counted misses every minute and keeps the log within its bounds; the last counts at stop.
    worker: createWorker({
      name: "not-found-log",
      everyMs: REDIRECT_LIMITS.logFlushEveryMs,
      async run() {
        await flush();
        await prune();
      },
      onStop: () => flush(),
    }),
  };
}

export type RedirectService = ReturnType<typeof createRedirectService>;
