import cookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContentVersion } from "../services/content/content-version";
import { createPageCache, RenderQueueFull, sendCachedPage, sendUncachedPage } from "./page-cache";

/**
 * `?page=N` is honoured only on the paged list (the blog), within its real number of pages and
 * written one way; anywhere else it makes no new entry. The render queue is bounded: a flood of
 * first visits is refused with 503 and Retry-After instead of waiting without end.
 */
describe("page numbers and the render queue in the page cache", () => {
  const content = createContentVersion();
  let app: FastifyInstance;
  let renders: string[] = [];
  let listPages = 3;
  let pageCountAsked = 0;
  /** Holds every render until released (a slow renderer under a flood). */
  let hold: Promise<void> | undefined;
  const cache = createPageCache({
    buildId: "b",
    content,
    policy: () => "default-src 'self'",
    isKnownPath: (path) => ["/", "/about", "/blog"].includes(path),
    maxConcurrentRenders: 1,
    maxWaitingRenders: 2,
    pagedList: {
      path: "/blog",
      pages: async () => {
        pageCountAsked += 1;
        return listPages;
      },
    },
    render: async (path) => {
      renders.push(path);
      await hold;
      const page = /page=(\d+)/.exec(path)?.[1];
      return {
        status: page === "0" ? 404 : 200,
        headers: new Headers({ "content-type": "text/html; charset=utf-8" }),
        body: Buffer.from(`<!DOCTYPE html><p>${path}</p>`),
      };
    },
  });

  beforeAll(async () => {
    app = Fastify();
    await app.register(cookie);
    app.get("/*", async (request, reply) => {
      try {
        const cached = await cache.lookup(request);
        if (cached && "uncached" in cached) return sendUncachedPage(reply, cached.uncached);
        if (cached) return sendCachedPage(request, reply, cached.page, cached.hit);
        return reply.header("x-page-cache", "bypass").send("own render");
      } catch (error) {
        if (!(error instanceof RenderQueueFull)) throw error;
        return reply.status(503).header("retry-after", String(error.retryAfterSeconds)).send("busy");
      }
    });
  });
  afterAll(() => app.close());

  const get = (url: string) => app.inject({ method: "GET", url });

  it("makes no entry for ?page=N on a page that is not the paged list", async () => {
    renders = [];
    await get("/about");
    const flood = await Promise.all(Array.from({ length: 60 }, (_, i) => get(`/about?page=${i}`)));
    expect(flood.every((res) => res.statusCode === 200 && res.headers["x-page-cache"] === "hit")).toBe(true);
    expect(renders).toEqual(["/about"]);
    expect(cache.stats().entries).toBe(1);
  });

  it("keys the paged list's pages one way each, within its real number of pages", async () => {
    renders = [];
    const before = cache.stats().entries;
    for (const url of ["/blog?page=2", "/blog?page=02", "/blog?page=0002"]) await get(url);
    expect(renders).toEqual(["/blog?page=2"]);
    // Page 1 is the list itself.
    await get("/blog");
    expect((await get("/blog?page=1")).headers["x-page-cache"]).toBe("hit");
    expect((await get("/blog?page=001")).headers["x-page-cache"]).toBe("hit");
    expect(renders).toEqual(["/blog?page=2", "/blog"]);
    expect(cache.stats().entries).toBe(before + 2);
    // Past the last page, nought, or not a number: one 404, rendered once and kept for all.
    for (const url of [
      "/blog?page=4",
      "/blog?page=9999",
      "/blog?page=0",
      "/blog?page=x",
      "/blog?page=12345",
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain("/blog?page=0");
    }
    expect(renders.slice(2)).toEqual(["/blog?page=0"]);
    expect(cache.stats().entries).toBe(before + 3);
    expect(pageCountAsked).toBe(1); // asked once per content version
  });

  it("follows the real number of pages when the content changes", async () => {
    listPages = 5;
    content.bump();
    renders = [];
    expect((await get("/blog?page=5")).statusCode).toBe(200);
    expect(renders).toEqual(["/blog?page=5"]);
    expect(pageCountAsked).toBe(2);
  });

  it("refuses renders beyond the queue with 503 and Retry-After; the queued ones are answered", async () => {
    let release = () => {};
    hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const pending = Promise.all(["/", "/blog?page=2", "/blog?page=3"].map((url) => get(url)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const refused = await get("/blog?page=4");
    expect(refused.statusCode).toBe(503);
    expect(refused.headers["retry-after"]).toBe("5");
    release();
    hold = undefined;
    expect((await pending).map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect((await get("/blog?page=4")).statusCode).toBe(200);
  });
});
