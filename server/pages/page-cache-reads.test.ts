import fastifyCookie from "@fastify/cookie";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPEN_NOW_ATTRIBUTE, OPEN_NOW_PLACEHOLDER } from "../../common/content/site-content/opening-hours";
import { readsAs, recordRead } from "../services/content/content-reads";
import { createContentVersion } from "../services/content/content-version";
import { createPageCache, sendCachedPage } from "./page-cache";

/**
 * A render records what it read from the content services: a change drops exactly the pages whose
 * render read it, and no list names them. "Open now" is filled into a cached page as it is served,
 * the same way as the form token.
 */
describe("the page cache and what a page read", () => {
  const content = createContentVersion();
  const renders: string[] = [];
  let sentence = "Open now · closes at 18:00";
  // A reader no list knows of: any page whose loader asks it is dropped when popups change.
  const popups = readsAs("popups", { active: async () => null, count: async () => 0 });
  /** What each page's "loaders" read. */
  const reads: Record<string, () => Promise<unknown>> = {
    "/contact": async () => recordRead("site:page-contact"),
    "/about": async () => recordRead("site:page-about"),
    "/services/2": async () => {
      recordRead("site:page-tankering");
      await popups.active();
    },
  };
  const app = Fastify();
  const cache = createPageCache({
    buildId: "build-1",
    content,
    policy: () => "default-src 'self'",
    isKnownPath: () => true,
    render: async (path) => {
      renders.push(path);
      recordRead("site:footer"); // every page shows the footer
      await new Promise((resolve) => setTimeout(resolve, 1)); // reads after an await count too
      await reads[path]?.();
      const body = `<!DOCTYPE html><html><body><p>${path}</p><footer><span ${OPEN_NOW_ATTRIBUTE}="">${OPEN_NOW_PLACEHOLDER}</span></footer></body></html>`;
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

  const visitAll = async () => {
    for (const path of ["/contact", "/about", "/services/2"]) await get(path);
  };

  it("drops only the pages whose render read what changed; a change naming nothing drops every page", async () => {
    await visitAll();
    renders.length = 0;
    content.bump("here", ["site:page-contact", "site:page-tankering"]);
    await visitAll();
    expect(renders).toEqual(["/contact", "/services/2"]);
    renders.length = 0;
    content.bump("elsewhere", ["posts"]); // no page here read the posts
    await visitAll();
    expect(renders).toEqual([]);
    content.bump("elsewhere", ["site:footer"]);
    await visitAll();
    expect(renders).toEqual(["/contact", "/about", "/services/2"]);
    renders.length = 0;
    content.bump();
    await get("/about");
    expect(renders).toEqual(["/about"]);
  });

  it("drops a page that asked a service the change names, though no list names the page", async () => {
    await visitAll();
    renders.length = 0;
    content.bump("here", ["popups"]);
    await visitAll();
    expect(renders).toEqual(["/services/2"]);
  });

  it("fills 'open now' per response, and keeps a validator until the sentence changes", async () => {
    sentence = "Open now · closes at 18:00";
    const first = await get("/contact");
    expect(first.body).toContain(`<span ${OPEN_NOW_ATTRIBUTE}="">Open now · closes at 18:00</span>`);
    expect(first.body).not.toContain(OPEN_NOW_PLACEHOLDER);
    const etag = String(first.headers.etag);
    expect((await get("/contact", { "if-none-match": etag })).statusCode).toBe(304);
    sentence = "Closed now · opens tomorrow at 06:00";
    const later = await get("/contact", { "if-none-match": etag });
    expect(later.statusCode).toBe(200);
    expect(later.headers["x-page-cache"]).toBe("hit");
    expect(later.body).toContain(
      `<span ${OPEN_NOW_ATTRIBUTE}="">Closed now · opens tomorrow at 06:00</span>`,
    );
    expect(later.headers.etag).not.toBe(etag);
  });
});
