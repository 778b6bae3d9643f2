import { createHash } from "node:crypto";
import { isLivePage, PUBLIC_PAGES } from "@common/content/pages";
import { describe, expect, it } from "vitest";
import { adminToken } from "./blog-content";
import { baseURL } from "./browser";

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${baseURL()}${path}`, { headers, redirect: "manual" });
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
const scriptSources = (csp: string | null) =>
  (csp ?? "")
    .split(";")
    .find((d) => d.startsWith("script-src"))
    ?.split(" ") ?? [];

describe("page cache on the production build", () => {
  it("/book is rendered for each visitor, never kept: its free times change with each booking", async () => {
    await get("/book");
    const res = await get("/book");
    expect(res.status).toBe(200);
    expect(res.headers.get("x-page-cache")).toBeNull();
  });

  it.each(PUBLIC_PAGES.filter((path) => !isLivePage(path)))(
    "%s is rendered once, then served from memory with its scripts' hashes",
    async (path) => {
      await get(path);
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("x-page-cache")).toBe("hit");
      const html = await res.text();
      expect(html).not.toMatch(/\snonce=/);
      const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)];
      // JSON-LD and an island's props (application/json) are data the browser never runs: CSP does
      // not govern them, so they need no hash.
      const data = scripts.filter(([, attributes]) => /type="application\/(ld\+)?json"/.test(attributes));
      const inline = scripts.filter((script) => !data.includes(script)).map(([, , body]) => sha256(body));
      expect(inline.length).toBeGreaterThan(0);
      const allowed = scriptSources(res.headers.get("content-security-policy"));
      expect(allowed.filter((s) => s.startsWith("'sha256-")).sort()).toEqual([...new Set(inline)].sort());
      for (const [, , body] of data) expect(allowed).not.toContain(sha256(body));
      expect(allowed.join(" ")).not.toMatch(/unsafe-inline|nonce-/);
    },
  );

  it("never serves a cached page to anyone with an admin session cookie", async () => {
    const token = await adminToken();
    for (const cookie of [`admin_auth=${token}`, "admin_auth=stale"]) {
      const res = await get("/", { cookie });
      expect(res.status).toBe(200);
      expect(res.headers.get("x-page-cache")).toBeNull();
      const nonce = scriptSources(res.headers.get("content-security-policy")).find((s) =>
        s.startsWith("'nonce-"),
      );
      expect(nonce).toBeTruthy();
      expect(await res.text()).toContain(`nonce="${nonce?.slice(7, -1)}"`);
    }
  });

  it("renders again the page that shows the popup after a popup changes, and only that one", async () => {
    for (const path of ["/", "/about"]) {
      await get(path);
      expect((await get(path)).headers.get("x-page-cache"), path).toBe("hit");
    }
    const token = await adminToken();
    const created = await fetch(`${baseURL()}/api/admin/popup-message`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ title: `Cache ${Date.now()}`, content: "A change the cache must notice" }),
    });
    expect(created.status).toBe(201);
    // The home page's loader asked for the popup; /about's did not (the render recorded it).
    expect((await get("/")).headers.get("x-page-cache")).toBe("miss");
    expect((await get("/about")).headers.get("x-page-cache")).toBe("hit");
  });

  it("keeps only pages that exist: a flood of made-up paths leaves the real pages cached", async () => {
    await get("/about");
    expect((await get("/about")).headers.get("x-page-cache")).toBe("hit");
    await get("/made-up-first");
    const flood = await Promise.all(Array.from({ length: 60 }, (_, i) => get(`/made-up-${i}`)));
    // The catch-all still shows home: every made-up path shares one entry, answered from memory.
    expect(flood.map((res) => res.status)).toEqual(Array(60).fill(200));
    expect(flood.map((res) => res.headers.get("x-page-cache"))).toEqual(Array(60).fill("hit"));
    expect(await flood[0].text()).toContain("Organic waste collection across England");
    expect((await get("/about")).headers.get("x-page-cache")).toBe("hit");
    // A path a route of its own answers never shares the catch-all's page.
    expect((await get("/about/")).headers.get("x-page-cache")).toBeNull();
    expect((await get("/made-up-x?q=flood")).headers.get("x-page-cache")).toBeNull();
    // Campaign tags change nothing on a page: the catch-all's entry answers (Insights counts them).
    expect((await get("/made-up-x?utm_source=flood")).headers.get("x-page-cache")).toBe("hit");
    for (const step of ["/quote", "/quote/4"]) {
      await get(step);
      expect((await get(step)).headers.get("x-page-cache"), step).toBe("hit");
    }
  });

  it("answers an unknown post with a 404 page that is never kept", async () => {
    const missing = "/blog/00000000-0000-4000-8000-000000000000";
    for (let i = 0; i < 2; i++) {
      const res = await get(missing);
      expect(res.status).toBe(404);
      expect(res.headers.get("x-page-cache")).toBe("uncached");
      expect(await res.text()).toContain("<h1");
    }
  });

  it("answers 304 to the ETag it sent", async () => {
    const first = await get("/services");
    const etag = first.headers.get("etag") ?? "";
    expect(etag).toMatch(/^".+"$/);
    expect((await get("/services", { "if-none-match": etag })).status).toBe(304);
  });
});
