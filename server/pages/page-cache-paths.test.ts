import fastifyCookie from "@fastify/cookie";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPEN_NOW_PLACEHOLDER } from "../../common/site-content/opening-hours";
import { createContentVersion } from "../services/content/content-version";
import { createPageCache, sendCachedPage } from "./page-cache";

/**
 * Site content names the pages it shows: publishing it drops exactly those from the page cache.
 * "Open now" is filled into a cached page as it is served, the same way as the form token.
 */
describe("the page cache and site content", () => {
  const content = createContentVersion();
  const renders: string[] = [];
  let sentence = "Open now · closes at 18:00";
  const app = Fastify();
  const cache = createPageCache({
    buildId: "build-1",
    content,
    policy: () => "default-src 'self'",
    isKnownPath: () => true,
    render: async (path) => {
      renders.push(path);
      const body = `<!DOCTYPE html><html><body><p>${path}</p><footer><span>${OPEN_NOW_PLACEHOLDER}</span></footer></body></html>`;
      return {
        status: 200,
        headers: new Headers({ "content-type": "text/html; charset=utf-8" }),
        body: Buffer.from(body),
      };
    },
  });
  beforeAll(async () => {
    await app.register(fastifyCookie);
    app.get("/*", async (request, reply) => {
      const cached = await cache.lookup(request);
      if (!cached || "uncached" in cached) return reply.send("not cached");
      return sendCachedPage(request, reply, cached.page, cached.hit, (placeholder) =>
        placeholder === OPEN_NOW_PLACEHOLDER ? sentence : "token",
      );
    });
    await app.ready();
  });
  afterAll(() => app.close());
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: "GET", url, headers: { "accept-encoding": "identity", ...headers } });

  it("drops only the pages a change names; a change naming none drops every page", async () => {
    await get("/contact");
    await get("/about");
    await get("/services/2");
    renders.length = 0;
    content.bump("here", ["/contact", "/services/*"]);
    for (const path of ["/contact", "/about", "/services/2"]) await get(path);
    expect(renders).toEqual(["/contact", "/services/2"]);
    renders.length = 0;
    content.bump("elsewhere", ["/*"]);
    await get("/about");
    content.bump();
    await get("/contact");
    expect(renders).toEqual(["/about", "/contact"]);
  });

  it("fills 'open now' per response, and keeps a validator until the sentence changes", async () => {
    sentence = "Open now · closes at 18:00";
    const first = await get("/contact");
    expect(first.body).toContain("<span>Open now · closes at 18:00</span>");
    expect(first.body).not.toContain(OPEN_NOW_PLACEHOLDER);
    const etag = String(first.headers.etag);
    expect((await get("/contact", { "if-none-match": etag })).statusCode).toBe(304);
    sentence = "Closed now · opens tomorrow at 06:00";
    const later = await get("/contact", { "if-none-match": etag });
    expect(later.statusCode).toBe(200);
    expect(later.headers["x-page-cache"]).toBe("hit");
    expect(later.body).toContain("<span>Closed now · opens tomorrow at 06:00</span>");
    expect(later.headers.etag).not.toBe(etag);
  });
});
