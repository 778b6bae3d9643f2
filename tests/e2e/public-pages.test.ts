import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBuiltServer } from "../../scripts/server-process.mjs";
import { axePage, axeViolations } from "./axe";
import { baseURL, launchBrowser, newPage, waitForHydration } from "./browser";

/** Every public page, its <h1>, and its canonical path. */
const PAGES = [
  { path: "/", h1: "Organic waste collection across England", canonical: "/" },
  { path: "/about", h1: "About Us", canonical: "/about" },
  { path: "/services", h1: "Services", canonical: "/services" },
  { path: "/services/2", h1: "Waste Water Tankering", canonical: "/services/2" },
  { path: "/sustainability", h1: "Sustainability", canonical: "/sustainability" },
  { path: "/contact", h1: "Contact Us", canonical: "/contact" },
  { path: "/contact/2", h1: "Contact Us", canonical: "/contact/2" },
  { path: "/legal/privacy-policy", h1: "Privacy Policy", canonical: "/legal/privacy-policy" },
];

const html = (path: string) => fetch(`${baseURL()}${path}`).then((r) => r.text());
const attr = (doc: string, re: RegExp) => re.exec(doc)?.[1];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("public pages: server-rendered HTML and search-engine tags", () => {
  let siteUrl = "";
  beforeAll(async () => {
    siteUrl = attr(await html("/"), /<link rel="canonical" href="([^"]+)\/"/) ?? "";
    expect(siteUrl).toMatch(/^https?:\/\//);
  });

  it.each(PAGES)(
    "$path holds its heading, title, description, canonical and Open Graph tags",
    async (page) => {
      const doc = await html(page.path);
      expect(attr(doc, /<h1[^>]*>([^<]*)<\/h1>/)).toBe(page.h1);
      expect(doc.match(/<h1[\s>]/g)).toHaveLength(1);
      const title = attr(doc, /<title>([^<]*)<\/title>/);
      expect(title).toMatch(/\| Fenland Organics$/);
      expect(attr(doc, /<meta name="description" content="([^"]{50,})"/)).toBeTruthy();
      expect(attr(doc, /<link rel="canonical" href="([^"]+)"/)).toBe(`${siteUrl}${page.canonical}`);
      expect(attr(doc, /<meta property="og:url" content="([^"]+)"/)).toBe(`${siteUrl}${page.canonical}`);
      expect(attr(doc, /<meta property="og:title" content="([^"]+)"/)).toBe(title);
    },
  );

  it.each(["/quote", "/quote/3"])(
    "%s gives the wizard's canonical address and Open Graph tags",
    async (path) => {
      const doc = await html(path);
      expect(attr(doc, /<h1[^>]*>([^<]*)<\/h1>/)).toBe("Get a Quote");
      expect(attr(doc, /<title>([^<]*)<\/title>/)).toBe("Get a Quote | Fenland Organics");
      expect(attr(doc, /<meta name="description" content="([^"]{50,})"/)).toBeTruthy();
      expect(attr(doc, /<link rel="canonical" href="([^"]+)"/)).toBe(`${siteUrl}/quote`);
      expect(attr(doc, /<meta property="og:url" content="([^"]+)"/)).toBe(`${siteUrl}/quote`);
      expect(attr(doc, /<meta property="og:image" content="([^"]+)"/)).toBe(`${siteUrl}/og-image.png`);
    },
  );

  it("gives every page its own title and description", async () => {
    const docs = await Promise.all(PAGES.map((p) => html(p.path)));
    const titles = docs.map((d) => attr(d, /<title>([^<]*)<\/title>/));
    const descriptions = docs.map((d) => attr(d, /<meta name="description" content="([^"]+)"/));
    expect(new Set(titles).size).toBe(PAGES.length);
    expect(new Set(descriptions).size).toBe(PAGES.length);
  });

  it.each(["/", "/contact"])("%s carries the organisation's JSON-LD", async (path) => {
    const doc = await html(path);
    const json = attr(doc, /<script type="application\/ld\+json"[^>]*>([^<]+)<\/script>/);
    const data = JSON.parse(json ?? "{}");
    expect(data["@type"]).toBe("LocalBusiness");
    expect(data.address.addressLocality).toBe("Peterborough");
    expect(data.telephone).toMatch(/^\+44/);
    expect(data.openingHoursSpecification).toEqual([
      expect.objectContaining({
        opens: "06:00",
        closes: "18:00",
        dayOfWeek: expect.arrayContaining(["Monday", "Friday"]),
      }),
      expect.objectContaining({ opens: "08:00", closes: "17:00", dayOfWeek: ["Saturday"] }),
    ]);
  });

  it("serves robots.txt disallowing /admin and a sitemap of the public pages", async () => {
    const robots = await fetch(`${baseURL()}/robots.txt`);
    expect(robots.headers.get("content-type")).toMatch(/text\/plain/);
    const text = await robots.text();
    expect(text).toMatch(/^Disallow: \/admin$/m);
    expect(text).toContain(`Sitemap: ${siteUrl}/sitemap.xml`);
    const sitemap = await fetch(`${baseURL()}/sitemap.xml`);
    expect(sitemap.headers.get("content-type")).toMatch(/application\/xml/);
    const xml = await sitemap.text();
    for (const page of PAGES) expect(xml).toContain(`<loc>${siteUrl}${page.canonical}</loc>`);
    expect(xml).toContain(`<loc>${siteUrl}/blog</loc>`);
    expect(xml).not.toContain("/admin");
  });

  it("lazily loaded sections are in the HTML even on a fresh server's first request", async () => {
    const server = await startBuiltServer();
    try {
      for (const [path, text] of [
        ["/about", "A registered waste carrier"],
        ["/", "Waste that works for you"],
      ]) {
        const doc = await (await fetch(`${server.url}${path}`)).text();
        expect(doc).toContain(text);
        // Not parked in a hidden streaming placeholder that needs JavaScript to reveal.
        expect(doc).not.toMatch(/<div hidden id="S:/);
      }
    } finally {
      await server.stop();
    }
  });

  it("the catch-all shows home", async () => {
    const doc = await html("/no/such/page");
    expect(attr(doc, /<h1[^>]*>([^<]*)<\/h1>/)).toBe(PAGES[0].h1);
  });
});

describe("public pages: content a visitor reads", () => {
  const text = async (path: string) => {
    const { page, context } = await newPage(browser, { javaScriptEnabled: false });
    await page.goto(path);
    // innerText: the text as a visitor reads it (layout-aware), not the raw DOM text.
    // biome-ignore lint/performance/useDomNodeTextContent: see above
    const body = (await page.locator("main").innerText()).replace(/\s+/g, " ");
    const links = await page
      .locator("main a")
      .evaluateAll((as) =>
        as.map((a) => ({ text: a.textContent?.trim() ?? "", href: a.getAttribute("href") })),
      );
    await context.close();
    return { body, links };
  };

  it("/ has a hero Get a Quote to /quote and the partner logos", async () => {
    const { links } = await text("/");
    expect(links).toContainEqual({ text: expect.stringContaining("Get a Quote"), href: "/quote" });
    const doc = await html("/");
    expect(doc.match(/aria-label="[^"]+ logo"/g)?.length).toBeGreaterThanOrEqual(4);
  });

  it("/services has the four cards, each to its page", async () => {
    const { page, context } = await newPage(browser);
    await page.goto("/services");
    const cards = page.locator("#service-cards li");
    expect(await cards.count()).toBe(4);
    const destinations = await cards.evaluateAll((items) =>
      items.map((li) => [li.querySelector("h2")?.textContent, li.querySelector("a")?.getAttribute("href")]),
    );
    expect(destinations).toEqual([
      ["Haulage", "/quote"],
      ["AD Plant Partnership", "/contact/2"],
      ["Waste Water Tankering", "/services/2"],
      ["Consultation", "/contact"],
    ]);
    await context.close();
  });

  it("/services/2 lists the tankering expertise and EWC codes", async () => {
    const { body } = await text("/services/2");
    for (const fact of [
      "3, 4 and 6 inch hoses",
      "30,000 litres",
      "Flood water extraction",
      "24/7 emergency service",
      "Coverage of England",
      "19 13 08",
      "02 01 01",
      "02 02 01",
      "19 08 05",
      "02 03 01",
    ])
      expect(body).toContain(fact);
  });

  it("/sustainability shows the statistics, the infographic and Contact Us to /contact", async () => {
    const { body, links } = await text("/sustainability");
    expect(body).toContain("98% client satisfaction");
    expect(body).toContain("67k+ tonnes of organic waste diverted");
    expect(body).toContain("21k+ CO2e saved");
    expect(links).toContainEqual({ text: "Contact Us", href: "/contact" });
    expect(await html("/sustainability")).toMatch(/<figure[^>]*><svg viewBox="0 0 400 400"/);
  });

  it.each(["/contact", "/contact/2"])("%s shows hours, phone and the general info e-mail", async (path) => {
    const { body } = await text(path);
    expect(body).toContain("Mon-Fri 06:00-18:00");
    expect(body).toContain("Sat 08:00-17:00");
    expect(body).toContain("01733 555 014");
    expect(body).toContain("info@fenlandorganics.co.uk");
  });

  it("/legal/privacy-policy is a complete policy", async () => {
    const { body } = await text("/legal/privacy-policy");
    expect(body).toContain("Last updated: March 09, 2025");
    expect(body).toContain("Interpretation and Definitions");
    for (const heading of ["Session Cookies", "Persistent Cookies", "Functionality Cookies"])
      expect(body).toContain(heading);
    expect(body).toContain("Administered by");
    expect(body).toContain("To provide and maintain our Service");
    expect(body).toContain("For business transfers");
    expect(body).toContain("under the age of 13");
    expect(body).toContain("contact us by email: info@fenlandorganics.co.uk");
  });
});

describe("accessibility: axe-core finds no violations", () => {
  it.each(["dark", "light"])("every public page in the %s theme", async (theme) => {
    const { page, context } = await axePage(browser, theme);
    const found: Record<string, string[]> = {};
    for (const { path } of PAGES) {
      await page.goto(path);
      await waitForHydration(page);
      expect(await page.evaluate(() => document.documentElement.classList.contains("light-theme"))).toBe(
        theme === "light",
      );
      const v = await axeViolations(page);
      if (v.length) found[path] = v;
    }
    expect(found).toEqual({});
    await context.close();
  });
});
