import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlib } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import { ADMIN_AUTH_COOKIE, COOKIE_CONSENT_NAME } from "../../common/constants";
import type { ContentVersion } from "../services/content-version";
import { withCriticalStylesheet } from "./critical-css";
import { isAdminPath } from "./security";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A page as every anonymous visitor with the same consent answer gets it. */
export interface RenderedPage {
  status: number;
  headers: Headers;
  body: Buffer;
}

interface CachedPage {
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
}

/** Query strings that never change a page (none) or that page through a list (`?page=N`). */
const CACHEABLE_QUERY = /^(page=\d{1,4})?$/;
const CONSENT_ANSWERS = new Set(["accepted", "rejected"]);
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

/** The `'sha256-…'` source of every inline script in a document, in order, without repeats. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, body] of html.matchAll(INLINE_SCRIPT))
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  return [...hashes];
}

/**
 * Public pages for anonymous visitors, rendered once and kept in memory (most recently used
 * first, bounded in bytes) until the content changes or the build does. See
 * docs/decisions/0015-page-cache.md.
 */
export function createPageCache(options: PageCacheOptions) {
  const maxBytes = options.maxBytes ?? 16 * 1024 * 1024;
  const entries = new Map<string, CachedPage>();
  const filling = new Map<string, Promise<CachedPage | undefined>>();
  let bytes = 0;
  let renders = 0;
  let hits = 0;
  let misses = 0;
  options.content.onChange(() => {
    entries.clear();
    bytes = 0;
  });

  /** The cache key for this request, or undefined when it must be rendered for the visitor alone. */
  function keyFor(request: FastifyRequest): { key: string; path: string; consent: string } | undefined {
    if (request.method !== "GET" && request.method !== "HEAD") return undefined;
    const url = request.url;
    const queryAt = url.indexOf("?");
    const query = queryAt < 0 ? "" : url.slice(queryAt + 1);
    if (isAdminPath(url) || !CACHEABLE_QUERY.test(query)) return undefined;
    // Anyone who may be signed in gets their own render (the cookie is checked by the pages).
    if (request.cookies[ADMIN_AUTH_COOKIE] !== undefined || request.headers.authorization) return undefined;
    const answer = request.cookies[COOKIE_CONSENT_NAME] ?? "";
    const consent = CONSENT_ANSWERS.has(answer) ? answer : "";
    return { key: `${options.buildId} ${consent} ${url}`, path: url, consent };
  }

  async function fill(path: string, consent: string): Promise<CachedPage | undefined> {
    const version = options.content.current;
    renders += 1;
    const page = await options.render(path, consent);
    const type = page.headers.get("content-type") ?? "";
    if (page.status !== 200 || page.headers.has("set-cookie") || !type.startsWith("text/html"))
      return undefined;
    const html = Buffer.from(withCriticalStylesheet(page.body.toString("utf8")));
    const [br, gz] = await Promise.all([
      brotli(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
      gzipAsync(html, { level: 9 }),
    ]);
    const headers = [...page.headers].filter(([name]) => !UNCOPIED_HEADERS.has(name));
    return {
      version,
      html,
      br,
      gzip: gz,
      etag: `"${createHash("sha256").update(html).digest("base64url").slice(0, 27)}"`,
      lastModified: new Date().toUTCString(),
      csp: options.policy(inlineScriptHashes(html.toString("utf8"))),
      headers,
      bytes: html.length + br.length + gz.length,
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

  /** The cached page for this request, rendering it first when needed; undefined: not cacheable. */
  async function lookup(request: FastifyRequest): Promise<{ page: CachedPage; hit: boolean } | undefined> {
    const target = keyFor(request);
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
      pending = fill(target.path, target.consent).finally(() => filling.delete(key));
      filling.set(key, pending);
      pending.then((entry) => entry && keep(key, entry)).catch(() => {});
    }
    misses += 1;
    const page = await pending;
    return page && { page, hit: false };
  }

  return {
    lookup,
    /** Renders, entries, and cacheable requests served from memory or not (tests, /metrics). */
    stats: () => ({ renders, entries: entries.size, bytes, hits, misses }),
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

const UNCOPIED_HEADERS = new Set(["content-length", "content-encoding", "content-security-policy", "etag"]);

/** Sends a cached page: 304 when the visitor's copy is current, else the best encoding it accepts. */
export function sendCachedPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage, hit: boolean) {
  for (const [name, value] of page.headers) reply.header(name, value);
  reply
    .header("content-security-policy", page.csp)
    .header("etag", page.etag)
    .header("last-modified", page.lastModified)
    .header("cache-control", "no-cache")
    .header("vary", "Accept-Encoding, Cookie")
    .header("x-page-cache", hit ? "hit" : "miss");
  const match = request.headers["if-none-match"];
  const since = request.headers["if-modified-since"];
  const fresh = match
    ? match.split(",").some((tag) => tag.trim().replace(/^W\//, "") === page.etag)
    : since !== undefined && Date.parse(since) >= Date.parse(page.lastModified);
  if (fresh) return reply.status(304).send();
  const accepted = request.headers["accept-encoding"] ?? "";
  const [encoding, body] = /\bbr\b/.test(accepted)
    ? ["br", page.br]
    : /\bgzip\b/.test(accepted)
      ? ["gzip", page.gzip]
      : [undefined, page.html];
  if (encoding) reply.header("content-encoding", encoding);
  reply.header("content-length", body.length);
  return reply.status(200).send(request.method === "HEAD" ? undefined : body);
}
