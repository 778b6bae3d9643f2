import { createHash } from "node:crypto";
import { PUBLIC_PAGES } from "@common/content/pages";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newPage, waitForHydration } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("server rendering and hydration", () => {
  it.each([
    ["/", "Organic waste"],
    ["/about", "About Us"],
  ])("%s arrives with its heading in the HTML", async (path, heading) => {
    const res = await fetch(`${baseURL()}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toMatch(new RegExp(`<h1[^>]*>[^<]*${heading}`));
    // Every inline script is allowed by name: this response's nonce, or (a cached page) its hash.
    const csp = res.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(inline.length).toBeGreaterThan(0);
    for (const [, attrs, body] of inline) {
      const hash = `'sha256-${createHash("sha256").update(body).digest("base64")}'`;
      if (nonce) expect(attrs).toContain(`nonce="${nonce}"`);
      // JSON-LD is data the browser never runs: CSP does not govern it, so a cached page lists no hash.
      else if (attrs.includes('type="application/ld+json"')) expect(csp).not.toContain(hash);
      else expect(csp).toContain(hash);
    }
  });

  it("shows the heading before any script runs", async () => {
    const { page, context } = await newPage(browser, { javaScriptEnabled: false });
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toContain("About Us");
    await context.close();
  });

  it("pages without a form are documents: / and /about run no React, each link loads the next page", async () => {
    const { page, context, errors } = await newPage(browser);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About Us" }).click();
    await page.waitForURL("**/about");
    await page.getByRole("heading", { level: 1, name: "About Us" }).waitFor();
    await waitForHydration(page);
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Home", exact: true })
      .click();
    await page.waitForURL(`${baseURL()}/`);
    await page.getByRole("heading", { level: 1, name: /Organic waste/ }).waitFor();
    // The page script alone (app/page-script), the same immutable file on every page.
    expect(new Set(scripts).size).toBe(1);
    expect(scripts[0]).toMatch(/^\/assets\/page-[\w-]+\.js$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows home for an unknown path", async () => {
    const res = await fetch(`${baseURL()}/this/path/does-not-exist`);
    expect(res.status).toBe(200);
    const homeHeading = /<h1[^>]*>(.*?)<\/h1>/.exec(await (await fetch(`${baseURL()}/`)).text())?.[1];
    expect(homeHeading).toBeTruthy();
    expect(await res.text()).toContain(`${homeHeading}</h1>`);
  });

  it("serves hashed assets with immutable caching, pre-compressed", async () => {
    const html = await (await fetch(`${baseURL()}/`)).text();
    const asset = /href="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const res = await fetch(`${baseURL()}${asset}`, { headers: { "accept-encoding": "br" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("content-encoding")).toBe("br");
    // A hashed file the build does not hold (an old page's script after a deploy) is not found,
    // never the home page under a script's name; the files at the top still answer.
    const missing = await fetch(`${baseURL()}/assets/page-0000000.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toMatch(/^application\/json/);
    expect((await fetch(`${baseURL()}/favicon.svg`)).headers.get("content-type")).toBe("image/svg+xml");
  });

  it.each(PUBLIC_PAGES)(
    "%s runs under the Content-Security-Policy without a single violation",
    async (path) => {
      const { page, context, errors } = await newPage(browser);
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { cspViolations: string[] }).cspViolations = seen;
        document.addEventListener("securitypolicyviolation", (e) =>
          seen.push(`${e.violatedDirective} ${e.blockedURI}`),
        );
      });
      await page.goto(path);
      await waitForHydration(page);
      await page.waitForLoadState("networkidle");
      expect(
        await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
      ).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it("shows the cookie consent banner on public pages only, not in the admin area", async () => {
    const { page, context } = await newPage(browser);
    await page.goto("/about");
    await waitForHydration(page);
    await page.getByRole("region", { name: "Cookie consent" }).waitFor();
    await page.goto("/admin");
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await page.getByRole("region", { name: "Cookie consent" }).count()).toBe(0);
    await context.close();
  });
});
