import { PUBLIC_PAGES } from "@common/content/pages";
import { describe, expect, it } from "vitest";
import { baseURL } from "./browser";

const get = (path: string) => fetch(`${baseURL()}${path}`, { redirect: "manual" });

describe("headers on pages", () => {
  it("sends a restrictive Permissions-Policy on every public page", async () => {
    for (const path of PUBLIC_PAGES) {
      const policy = (await get(path)).headers.get("permissions-policy");
      expect(policy, path).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
    }
  });

  it("marks every admin page no-store, signed in or not", async () => {
    for (const path of [
      "/admin",
      "/admin/",
      "/admin/anything",
      "/admin/dashboard",
      "/admin/dashboard/blog",
    ]) {
      const res = await get(path);
      expect(res.status, path).toBeLessThan(500);
      expect(res.headers.get("cache-control"), path).toBe("no-store");
    }
  });

  it("answers a malformed percent-escape in a page address with a plain 400", async () => {
    for (const path of ["/about%", "/%E0%A4%A", "/services/%ED%A0%80"]) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect(res.headers.get("content-type"), path).toMatch(/^text\/plain/);
      expect(res.headers.get("permissions-policy"), path).toContain("camera=()");
    }
  });

  it("sends a built asset only the headers it needs: no document policy, no validators", async () => {
    const html = await (await get("/")).text();
    const script = /href="(\/assets\/page-[\w-]+\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    const res = await fetch(`${baseURL()}${script}`, { headers: { "accept-encoding": "br" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    for (const name of [
      "content-security-policy",
      "permissions-policy",
      "x-request-id",
      "x-frame-options",
      "referrer-policy",
      "etag",
      "last-modified",
    ])
      expect(res.headers.get(name), name).toBeNull();
    // A page keeps them all.
    const page = await get("/about");
    expect(page.headers.get("content-security-policy")).toContain("script-src");
    expect(page.headers.get("x-frame-options")).toBe("SAMEORIGIN");
  });
});
