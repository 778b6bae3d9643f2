import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlib } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import { bestEncoding } from "../pages/page-cache";
import type { ContentVersion } from "../services/content/content-version";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A public API answer as sent: JSON, and its brotli and gzip encodings, made once. */
interface CachedAnswer {
  version: number;
  json: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

/** What Fastify's `reply.serialize` gives. */
type Serialized = string | Buffer | ArrayBuffer;

/** Distinct answers kept (the blog list, its pages, each post); the oldest goes first. */
export const ANSWER_CACHE_ENTRIES = 200;

/**
 * Public content answers (`GET /api/blog`, `GET /api/blog/:id`) kept until the content changes,
 * like the page cache keeps pages: under load each request was a query, a JSON serialisation and
 * a brotli stream, about 30 MB of garbage and buffers at 20 connections and a third of the
 * throughput. An answer is kept only for the content version it was made at, so a write shows
 * on the next request (on every instance: the version follows the cross-instance announcement).
 * Only 200 answers are kept; a missing post is never kept.
 */
export function createAnswerCache(version: ContentVersion, entries = ANSWER_CACHE_ENTRIES) {
  const kept = new Map<string, CachedAnswer>();
  const making = new Map<string, Promise<CachedAnswer | undefined>>();
  let hits = 0;
  let misses = 0;

  async function make(json: Serialized, at: number): Promise<CachedAnswer> {
    const bytes = typeof json === "string" ? Buffer.from(json) : Buffer.from(json as ArrayBuffer);
    const [br, gz] = await Promise.all([
      brotli(bytes, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      }),
      gzipAsync(bytes, { level: 6 }),
    ]);
    const etag = `"a${createHash("sha256").update(bytes).digest("base64url").slice(0, 22)}"`;
    return { version: at, json: bytes, br, gzip: gz, etag };
  }

  /**
   * The answer under `key`: kept, or made by `produce` (a JSON string, or undefined for an answer
   * that is not to be kept, such as a 404). Concurrent first requests make it once.
   */
  async function answer(key: string, produce: () => Promise<Serialized | undefined>) {
    const at = version.current;
    const found = kept.get(key);
    if (found?.version === at) {
      hits++;
      kept.delete(key); // most recently used last
      kept.set(key, found);
      return found;
    }
    misses++;
    const slot = `${at} ${key}`;
    let pending = making.get(slot);
    if (!pending) {
      pending = produce()
        .then((json) => (json === undefined ? undefined : make(json, at)))
        .finally(() => making.delete(slot));
      making.set(slot, pending);
    }
    const made = await pending;
    // Kept only if nothing changed while it was made.
    if (made && made.version === version.current) {
      kept.delete(key);
      kept.set(key, made);
      while (kept.size > entries) kept.delete(kept.keys().next().value as string);
    }
    return made;
  }

  return {
    answer,
    stats: () => ({ hits, misses, entries: kept.size }),
  };
}

export type AnswerCache = ReturnType<typeof createAnswerCache>;

/** Sends a kept answer: 304 when the client's copy is current, else the best encoding it takes. */
export function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  reply
    .header("etag", answer.etag)
    .header("cache-control", "no-cache")
    .header("vary", "Accept-Encoding")
    .type("application/json; charset=utf-8");
  const match = request.headers["if-none-match"];
  if (match?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === answer.etag))
    return reply.status(304).send();
  const [encoding, body] = bestEncoding(request, { br: answer.br, gzip: answer.gzip, identity: answer.json });
  if (encoding) reply.header("content-encoding", encoding);
  return reply.header("content-length", body.length).status(200).send(body);
}
