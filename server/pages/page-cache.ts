import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlib } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import { isKnownPagePath } from "../../common/content/pages";
import { OPEN_NOW_PLACEHOLDER } from "../../common/content/site-content/opening-hours";
import { QUOTE_STATE_COOKIE } from "../../common/leads/quote-state";
import { adminTokenFromCookies } from "../../common/staff/admin-cookie";
import { COOKIE_CONSENT_NAME } from "../../common/ui";
import { isAdminPath } from "../plugins/security";
import { type ContentTopic, readsDuring } from "../services/content/content-reads";
import type { ContentVersion } from "../services/content/content-version";
import { withCriticalStylesheet } from "./critical-css";
import { hasFormToken, hasOpenNow, type TokenIssuer, withFormTokens } from "./form-token";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Brotli's settings for a page compressed as it is served (quality 5, a form's fresh token) or
 * filled once per sentence (quality 9, 'open now'): a 64 KB window, which holds a whole page of the
 * site (40-61 KB). At qualities 5-9 with its default 4 MB window brotli sets up hash tables of up
 * to 32 MB for each page it compresses (28-30 MB more resident for one fill at quality 9, and
 * several fills at once under load); with a 64 KB window it uses about 1 MB, and the page comes
 * out as small or within 1 % (a page over 64 KB finds its matches in the last 64 KB).
 */
const servedBrotli = (quality: number) => ({
  params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_LGWIN]: 16 },
});

/** A page as every anonymous visitor with the same consent answer gets it. */
export interface RenderedPage {
  status: number;
  headers: Headers;
  body: Buffer;
}

interface CachedPage {
  /** 200, or 404 for the one shared answer to a paged list's page that does not exist. */
  status: number;
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  lastModified: string;
  /** The CSP naming this page's own inline scripts by hash. */
  csp: string;
  headers: Array<[string, string]>;
  bytes: number;
  /** The content version it was rendered at: kept only while that is still current. */
  version: number;
  /**
   * It holds an enquiry form: each response gets its own form token (form-token.ts), so it is
   * compressed as it is served (br and gzip stay empty) and carries no validator.
   */
  formToken: boolean;
  /**
   * It says "open now" (and holds no form): served filled with the minute's sentence, compressed
   * once per sentence (`filled`, the last one), with a validator of its own.
   */
  openNow: boolean;
  filled?: FilledPage;
  /**
   * The sentence being filled and compressed now: requests arriving meanwhile wait for that one
   * instead of each compressing the page again (a burst of them at brotli 9 held 370 MB).
   */
  filling?: { text: string; page: Promise<FilledPage> };
  /** What its render read (content-reads.ts): a change naming any of it drops the entry. */
  reads: ReadonlySet<ContentTopic>;
}

/** A page saying "open now" filled with one sentence, compressed once. */
interface FilledPage {
  text: string;
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  lastModified: string;
}

export interface PageCacheOptions {
  /** Changes with every deploy: part of every key. */
  buildId: string;
  content: ContentVersion;
  /** Renders `path` (with its query) for a visitor with this consent answer ("" when none). */
  render(path: string, consent: string): Promise<RenderedPage>;
  /** The CSP for a page whose inline scripts are these `'sha256-…'` sources. */
  policy(inlineScripts: string[]): string;
  maxBytes?: number;
  /** Paths of pages that can exist (default: the site's, `isKnownPagePath`); others are never kept. */
  isKnownPath?: (pathname: string) => boolean | Promise<boolean>;
  /**
   * Paths the catch-all route answers (it shows home, whatever the path). Its render does
   * not depend on the path, so all of them share one entry: a flood of made-up paths is answered
   * from memory, like the home page, instead of a render each.
   */
  isCatchAll?: (pathname: string) => boolean;
  /** Renders made for the cache at once; more wait their turn (default 2, one per core here). */
  maxConcurrentRenders?: number;
  /**
   * Renders that may wait their turn (default 32); beyond that the request is refused (the page
   * handler answers 503 with Retry-After) instead of queueing without bound.
   */
  maxWaitingRenders?: number;
  /**
   * The one list that pages with `?page=N` (the blog), and its real number of pages now. `page`
   * is honoured only there, within that number and written one way (`?page=1` and `?page=007`
   * are `/blog` and `?page=7`); on any other page it changes nothing and shares the page's entry.
   */
  pagedList?: { path: string; pages(): Promise<number> };
}

/** Thrown when the render queue is full: the page handler answers 503 with Retry-After. */
export class RenderQueueFull extends Error {
  override name = "RenderQueueFull";
  /** Seconds a client is asked to wait before trying again. */
  readonly retryAfterSeconds = 5;
}

/** The key of the one entry every catch-all path shares (no path starts with a space). */
const CATCH_ALL = " catch-all";

/** A render the cache may not keep but that answers the request as it is (a 404 page). */
export interface UncachedPage {
  status: number;
  headers: Array<[string, string]>;
  html: Buffer;
  csp: string;
}

/** Runs at most `max` tasks at once; up to `queue` others wait in order, more are refused. */
function limiter(max: number, queue: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= max && waiting.length >= queue) throw new RenderQueueFull("render queue full");
    if (active >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    active += 1;
    try {
      return await task();
    } finally {
      active -= 1;
      waiting.shift()?.();
    }
  };
}

/** `?page=N` as a list's page: a number of at most 4 digits, leading zeros allowed (normalised). */
const PAGE_QUERY = /^page=(\d{1,4})$/;
/** The key of a paged list's page that does not exist (0, past the last): one shared 404 render. */
const NO_SUCH_PAGE = "page=0";
const CONSENT_ANSWERS = new Set(["accepted", "rejected"]);
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;
const CAMPAIGN_TAG = /^utm_[a-z]+=/;

/** A query string without its `utm_…` parameters (links from newsletters and adverts). */
export function withoutCampaignTags(query: string): string {
  if (!query.includes("utm_")) return query;
  return query
    .split("&")
    .filter((part) => !CAMPAIGN_TAG.test(part))
    .join("&");
}

/**
 * The nonce pages are rendered with for the cache. It marks the inline scripts the app itself
 * renders (theme bootstrap, router context, JSON-LD, the paint-first activator); those that run are
 * trusted by hash, and the marks are removed before the page is kept. A script anywhere else in
 * the document (from content, say) carries no mark and stays blocked.
 */
export const PAGE_CACHE_NONCE = "page-cache-render";
const MARK = ` nonce="${PAGE_CACHE_NONCE}"`;
const APP_SCRIPT = new RegExp(`<script(?![^>]*\\bsrc=)[^>]*${MARK}[^>]*>([\\s\\S]*?)<\\/script>`, "g");
/** A data block (JSON-LD): never run, so the policy needs no hash for it. */
const DATA_BLOCK = /^<script[^>]*\btype="application\/ld\+json"/;

const sha256Source = (body: string) =>
  `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`;

/** The `'sha256-…'` source of every inline script in a document, in order, without repeats. */
export function inlineScriptHashes(html: string): string[] {
  return [...new Set([...html.matchAll(INLINE_SCRIPT)].map(([, body]) => sha256Source(body)))];
}

/** The document without the render's marks, and the hashes of the app's own inline scripts. */
export function appInlineScripts(html: string): { html: string; hashes: string[] } {
  const scripts = [...html.matchAll(APP_SCRIPT)].filter(([tag]) => !DATA_BLOCK.test(tag));
  const hashes = [...new Set(scripts.map(([, body]) => sha256Source(body)))];
  return { html: html.replaceAll(MARK, ""), hashes };
}

/**
 * Public pages for anonymous visitors, rendered once and kept in memory (most recently used
 * first, bounded in bytes) until the content changes or the build does. See
 * docs/decisions/0015-page-cache.md.
 */
export function createPageCache(options: PageCacheOptions) {
  const maxBytes = options.maxBytes ?? 16 * 1024 * 1024;
  const entries = new Map<string, CachedPage>();
  const filling = new Map<string, Promise<Filled>>();
  const rendering = limiter(options.maxConcurrentRenders ?? 2, options.maxWaitingRenders ?? 32);
  const pagedList = options.pagedList;
  /** The paged list's number of pages, asked once per content version. */
  let listPages: { version: number; pages: Promise<number> } | undefined;
  const pagesNow = (list: NonNullable<typeof pagedList>) => {
    const version = options.content.current;
    if (listPages?.version !== version) {
      listPages = { version, pages: list.pages() };
      listPages.pages.catch(() => (listPages = undefined)); // asked again next time
    }
    return listPages.pages;
  };

  /**
   * The query that decides the page: none, or a paged list's page written one way. Undefined when
   * the query may change the page in other ways (the visitor gets their own render).
   */
  async function pageQuery(pathname: string, query: string): Promise<string | undefined> {
    const parts = query === "" ? [] : query.split("&").filter((part) => !part.startsWith("page="));
    const asked = query === "" ? [] : query.split("&").filter((part) => part.startsWith("page="));
    if (parts.length > 0 || asked.length > 1) return undefined;
    // Only the paged list reads `page`: anywhere else it changes nothing and makes no new entry.
    if (asked.length === 0 || !pagedList || pathname !== pagedList.path) return "";
    const number = PAGE_QUERY.exec(asked[0]);
    if (!number) return NO_SUCH_PAGE;
    const page = Number(number[1]);
    if (page === 1) return "";
    return page >= 2 && page <= (await pagesNow(pagedList)) ? `page=${page}` : NO_SUCH_PAGE;
  }
  const isKnownPath = options.isKnownPath ?? isKnownPagePath;
  const isCatchAll = options.isCatchAll ?? (() => false);
  let bytes = 0;
  let renders = 0;
  let hits = 0;
  let misses = 0;
  // A change naming what it changed drops the pages whose render read it; any other, all.
  options.content.onChange((_version, _where, topics) => {
    if (!topics) {
      entries.clear();
      bytes = 0;
      return;
    }
    for (const [key, entry] of entries)
      if (topics.some((topic) => entry.reads.has(topic))) {
        entries.delete(key);
        bytes -= entry.bytes;
      }
  });

  /** The cache key for this request, or undefined when it must be rendered for the visitor alone. */
  async function keyFor(
    request: FastifyRequest,
  ): Promise<{ key: string; path: string; consent: string } | undefined> {
    if (request.method !== "GET" && request.method !== "HEAD") return undefined;
    const queryAt = request.url.indexOf("?");
    const pathname = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
    if (isAdminPath(pathname)) return undefined;
    // Campaign tags change nothing on a page (Insights counts them from the request itself).
    const rawQuery = queryAt < 0 ? "" : withoutCampaignTags(request.url.slice(queryAt + 1));
    // Only pages that can exist, each under its own key; every path the catch-all answers shares
    // one (keeping each would let a flood of made-up paths evict the real pages, and each would
    // cost a render, brotli 11 and gzip 9). So does every way of writing one list page.
    const known = await isKnownPath(pathname);
    if (!known && !(rawQuery === "" && isCatchAll(pathname))) return undefined;
    const query = known ? await pageQuery(pathname, rawQuery) : "";
    if (query === undefined) return undefined;
    const url = `${pathname}${query ? `?${query}` : ""}`;
    const page = known ? url : CATCH_ALL;
    if (!page) return undefined;
    // Anyone who may be signed in gets their own render (the cookie is checked by the pages).
    if (adminTokenFromCookies(request.headers.cookie) !== undefined || request.headers.authorization)
      return undefined;
    // A visitor's quote answers sent without JavaScript are in their pages (common/leads/quote-state.ts).
    if (request.cookies[QUOTE_STATE_COOKIE] !== undefined) return undefined;
    const answer = request.cookies[COOKIE_CONSENT_NAME] ?? "";
    const consent = CONSENT_ANSWERS.has(answer) ? answer : "";
    return { key: `${options.buildId} ${consent} ${page}`, path: url, consent };
  }

  /**
   * Renders a page for the cache: kept when it is a 200 HTML page; a 404 (or other HTML answer
   * with no cookie) is answered as it is, never kept and never rendered a second time; anything
   * else (undefined) is rendered for the visitor.
   */
  async function fill(path: string, consent: string, keepNotFound = false): Promise<Filled> {
    const version = options.content.current;
    const { result: page, reads } = await rendering(() => {
      renders += 1;
      return readsDuring(() => options.render(path, consent));
    });
    const type = page.headers.get("content-type") ?? "";
    if (page.headers.has("set-cookie") || !type.startsWith("text/html")) return undefined;
    const headers = [...page.headers].filter(([name]) => !UNCOPIED_HEADERS.has(name));
    const app = appInlineScripts(page.body.toString("utf8"));
    if (page.status !== 200 && !(keepNotFound && page.status === 404))
      return {
        uncached: {
          status: page.status,
          headers,
          html: Buffer.from(app.html),
          csp: options.policy(app.hashes),
        },
      };
    const html = Buffer.from(withCriticalStylesheet(app.html));
    const formToken = hasFormToken(app.html);
    const openNow = !formToken && hasOpenNow(app.html);
    const [br, gz] =
      formToken || openNow
        ? [Buffer.alloc(0), Buffer.alloc(0)]
        : await Promise.all([
            brotli(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
            gzipAsync(html, { level: 9 }),
          ]);
    return {
      page: {
        status: page.status,
        version,
        html,
        br,
        gzip: gz,
        etag: `"${createHash("sha256").update(html).digest("base64url").slice(0, 27)}"`,
        lastModified: new Date().toUTCString(),
        csp: options.policy(app.hashes),
        headers,
        bytes: html.length + br.length + gz.length,
        formToken,
        openNow,
        reads,
      },
    };
  }

  function keep(key: string, entry: CachedPage) {
    // Content changed while it rendered: it may be stale, so it is served to its waiters only.
    if (entry.version !== options.content.current || entry.bytes > maxBytes) return;
    entries.set(key, entry);
    bytes += entry.bytes;
    for (const [oldest, old] of entries) {
      if (bytes <= maxBytes) break;
      entries.delete(oldest);
      bytes -= old.bytes;
    }
  }

  /**
   * The cached page for this request, rendering it first when needed; `uncached`: the answer as
   * rendered (not kept); undefined: not cacheable, render it for the visitor.
   */
  async function lookup(
    request: FastifyRequest,
  ): Promise<{ page: CachedPage; hit: boolean } | { uncached: UncachedPage } | undefined> {
    const target = await keyFor(request);
    if (!target) return undefined;
    const { key } = target;
    const kept = entries.get(key);
    if (kept) {
      entries.delete(key); // most recently used last
      entries.set(key, kept);
      hits += 1;
      return { page: kept, hit: true };
    }
    // One render per key at a time: a burst of first visitors waits for the same one.
    let pending = filling.get(key);
    if (!pending) {
      // A paged list's page that does not exist: one 404 kept for all of them, not a render each.
      const noSuchPage = target.path.endsWith(`?${NO_SUCH_PAGE}`);
      pending = fill(target.path, target.consent, noSuchPage).finally(() => filling.delete(key));
      filling.set(key, pending);
      pending.then((filled) => filled && "page" in filled && keep(key, filled.page)).catch(() => {});
    }
    misses += 1;
    const filled = await pending;
    if (!filled) return undefined;
    return "page" in filled ? { page: filled.page, hit: false } : filled;
  }

  return {
    lookup,
    /** Renders, entries, and cacheable requests served from memory or not (tests, /metrics). */
    stats: () => ({ renders, entries: entries.size, bytes, hits, misses }),
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

type Filled = { page: CachedPage } | { uncached: UncachedPage } | undefined;

const UNCOPIED_HEADERS = new Set(["content-length", "content-encoding", "content-security-policy", "etag"]);

/** The body in the best encoding the client accepts (brotli, gzip, or as it is), with its name. */
export function bestEncoding(
  request: FastifyRequest,
  bodies: { br: Buffer; gzip: Buffer; identity: Buffer },
): [encoding: "br" | "gzip" | undefined, body: Buffer] {
  const accepted = request.headers["accept-encoding"] ?? "";
  if (/\bbr\b/.test(accepted)) return ["br", bodies.br];
  if (/\bgzip\b/.test(accepted)) return ["gzip", bodies.gzip];
  return [undefined, bodies.identity];
}

/**
 * Sends a cached page: 304 when the visitor's copy is current, else the best encoding it accepts.
 * A page with an enquiry form gets its fresh form token (`issue`) and is never kept by the browser:
 * a copy shown again (Back) would send a token already used.
 */
export async function sendCachedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
  hit: boolean,
  issue: TokenIssuer = () => "",
) {
  for (const [name, value] of page.headers) reply.header(name, value);
  if (page.formToken) return sendWithFormToken(request, reply, page, hit, issue);
  const served = page.openNow ? await filledNow(page, issue) : page;
  reply
    .header("content-security-policy", page.csp)
    .header("etag", served.etag)
    .header("last-modified", served.lastModified)
    .header("cache-control", "no-cache")
    .header("vary", "Accept-Encoding, Cookie")
    .header("x-page-cache", hit ? "hit" : "miss");
  const match = request.headers["if-none-match"];
  const since = request.headers["if-modified-since"];
  const fresh = match
    ? match.split(",").some((tag) => tag.trim().replace(/^W\//, "") === served.etag)
    : since !== undefined && Date.parse(since) >= Date.parse(served.lastModified);
  if (fresh && page.status === 200) return reply.status(304).send();
  const [encoding, body] = bestEncoding(request, { br: served.br, gzip: served.gzip, identity: served.html });
  if (encoding) reply.header("content-encoding", encoding);
  reply.header("content-length", body.length);
  return reply.status(page.status).send(request.method === "HEAD" ? undefined : body);
}

/**
 * A page saying "open now", filled with the sentence for this minute: made and compressed once per
 * sentence (it changes at the office's opening and closing times, not every request), so it keeps
 * its validator: a browser's copy is good until the sentence changes.
 */
async function filledNow(page: CachedPage, issue: TokenIssuer): Promise<FilledPage> {
  const text = issue(OPEN_NOW_PLACEHOLDER);
  if (page.filled?.text === text) return page.filled;
  if (page.filling?.text === text) return page.filling.page;
  const filling = fill(page, issue, text);
  page.filling = { text, page: filling };
  try {
    page.filled = await filling;
    return page.filled;
  } finally {
    if (page.filling?.page === filling) page.filling = undefined;
  }
}

async function fill(page: CachedPage, issue: TokenIssuer, text: string): Promise<FilledPage> {
  const html = Buffer.from(withFormTokens(page.html.toString("utf8"), issue));
  const [br, gz] = await Promise.all([brotli(html, servedBrotli(9)), gzipAsync(html, { level: 9 })]);
  const etag = `"${createHash("sha256").update(html).digest("base64url").slice(0, 27)}"`;
  return { text, html, br, gzip: gz, etag, lastModified: new Date().toUTCString() };
}

async function sendWithFormToken(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
  hit: boolean,
  issue: TokenIssuer,
) {
  reply
    .header("content-security-policy", page.csp)
    .header("cache-control", "no-store")
    .header("vary", "Accept-Encoding, Cookie")
    .header("x-page-cache", hit ? "hit" : "miss")
    .status(page.status);
  if (request.method === "HEAD") return reply.send();
  const html = Buffer.from(withFormTokens(page.html.toString("utf8"), issue));
  // Fast levels: a few milliseconds for the site's largest form page, every time it is served.
  const [encoding] = bestEncoding(request, { br: html, gzip: html, identity: html });
  const body =
    encoding === "br"
      ? await brotli(html, servedBrotli(5))
      : encoding === "gzip"
        ? await gzipAsync(html, { level: 6 })
        : html;
  if (encoding) reply.header("content-encoding", encoding);
  return reply.header("content-length", body.length).send(body);
}

/** Sends a render the cache did not keep (a 404 page): as rendered, compressed on the way out. */
export function sendUncachedPage(reply: FastifyReply, page: UncachedPage, issue: TokenIssuer = () => "") {
  for (const [name, value] of page.headers) reply.header(name, value);
  reply.header("content-security-policy", page.csp).header("x-page-cache", "uncached");
  const html = hasFormToken(page.html.toString("utf8"))
    ? Buffer.from(withFormTokens(page.html.toString("utf8"), issue))
    : page.html;
  return reply.status(page.status).type("text/html; charset=utf-8").send(html);
}
