import { BLOG_PAGE_SIZE, IMAGE_PARAGRAPHS_BY_TEMPLATE } from "@common/content/blog-rules";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogDate } from "~/lib/content/blog-display";
import budgets from "../../budgets.json";
import { axePage, axeViolations } from "./axe";
import { adminToken, createPost, uploadImage } from "./blog-content";
import { baseURL, launchBrowser, newPage, waitForHydration } from "./browser";

const run = Date.now().toString(36);
const html = (path: string) => fetch(`${baseURL()}${path}`).then((r) => r.text());
const attr = (doc: string, re: RegExp) => re.exec(doc)?.[1];

let browser: Browser;
let token: string;
let siteUrl: string;
/** One post per template, images wherever the template allows them. */
const byTemplate: Record<number, { _id: string; title: string }> = {};
let longPost: Awaited<ReturnType<typeof createPost>>;
let trickyPost: Awaited<ReturnType<typeof createPost>>;
const TRICKY = `Tricky </script><b>&" title ${run}`;

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  siteUrl = attr(await html("/"), /<link rel="canonical" href="([^"]+)\/"/) ?? "";
  // At least two pages of cards, whatever the other test files made.
  const { total } = await (await fetch(`${baseURL()}/api/blog?limit=1&fields=summary`)).json();
  for (let i = total; i < BLOG_PAGE_SIZE + 1; i++)
    await createPost(token, { title: `Filler ${run} ${i}`, template: 1 });
  for (const template of [1, 2, 3, 4, 5]) {
    const images = await Promise.all(
      [0, 1, 2].map((i) => (IMAGE_PARAGRAPHS_BY_TEMPLATE[template].includes(i) ? uploadImage(token) : null)),
    );
    byTemplate[template] = await createPost(token, {
      title: `Template ${template} post ${run}`,
      template,
      images,
    });
  }
  trickyPost = await createPost(token, {
    title: TRICKY,
    meta_data_title: `Meta ${TRICKY}`,
    template: 2,
    images: [await uploadImage(token, 800, 500), null, null],
  });
  longPost = await createPost(token, {
    title: `Zucchini peelings ${run} and other vegetable waste collected weekly from packhouses`,
    template: 3,
    readTime: 7,
  });
});
afterAll(() => browser?.close());

describe("blog cards on /blog follow the display rules", () => {
  it("cuts a long title to 60 characters plus '...', shows a placeholder letter, the read time and the date", async () => {
    const { page, context } = await newPage(browser, { width: 375 });
    await page.goto("/blog");
    const card = page.locator(`a[href="/blog/${longPost._id}"]`);
    expect(await card.getByRole("heading", { level: 2 }).textContent()).toBe(
      `${longPost.title.slice(0, 60)}...`,
    );
    expect(await card.locator(".blog-card-placeholder").textContent()).toBe("Z");
    expect(await card.locator("img").count()).toBe(0);
    const meta = await card.locator(".blog-card-meta").textContent();
    expect(meta).toContain("7 mins");
    expect(meta).toContain(blogDate(longPost.dateAdded));
    expect(meta).toMatch(/^(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day, \d{1,2} [A-Z][a-z]+ \d{4}/);
    await context.close();
  });

  it("shows the card image with its dimensions and srcset; short titles whole", async () => {
    const { page, context } = await newPage(browser);
    await page.goto("/blog");
    const card = page.locator(`a[href="/blog/${byTemplate[5]._id}"]`);
    expect(await card.getByRole("heading").textContent()).toBe(byTemplate[5].title);
    const img = card.locator("img");
    expect(await img.getAttribute("width")).toBe("1200");
    expect(await img.getAttribute("height")).toBe("750");
    expect(await img.getAttribute("srcset")).toMatch(/\?w=480 480w, .*\?w=960 960w, .*\?w=1600 1200w$/);
    expect(await img.getAttribute("sizes")).toBeTruthy();
    await context.close();
  });

  it("clicking a card opens the post, with and without JavaScript", async () => {
    for (const javaScriptEnabled of [true, false]) {
      const { page, context, errors } = await newPage(browser, { javaScriptEnabled });
      await page.goto("/blog");
      if (javaScriptEnabled) await waitForHydration(page);
      await page.locator(`a[href="/blog/${byTemplate[1]._id}"]`).click();
      await page.waitForURL(`**/blog/${byTemplate[1]._id}`);
      await page.getByRole("heading", { level: 1, name: byTemplate[1].title }).waitFor();
      expect(await page.locator("h1").count()).toBe(1);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it("pages 12 cards at a time with numbered links", async () => {
    const first = await html("/blog");
    expect(first.match(/class="blog-card"/g)).toHaveLength(BLOG_PAGE_SIZE);
    expect(first).toContain('href="/blog?page=2"');
    expect(attr(first, /<link rel="canonical" href="([^"]+)"/)).toBe(`${siteUrl}/blog`);
    const second = await html("/blog?page=2");
    expect(second).toMatch(/aria-current="page"[^>]*>2</);
    expect(attr(second, /<link rel="canonical" href="([^"]+)"/)).toBe(`${siteUrl}/blog?page=2`);
    expect(attr(second, /<title>([^<]*)<\/title>/)).toBe("Blog, page 2 | Fenland Organics");
  });

  it("the landing page shows the newest three posts", async () => {
    const doc = await html("/");
    const section = doc.slice(doc.indexOf('id="blog"'));
    expect(section.match(/class="blog-card"/g)).toHaveLength(3);
    expect(section).toContain(`href="/blog/${longPost._id}"`);
  });
});

describe("post pages", () => {
  it("a post's text is in the server HTML and readable with JavaScript disabled", async () => {
    const { page, context } = await newPage(browser, { javaScriptEnabled: false });
    const response = await page.goto(`/blog/${byTemplate[3]._id}`);
    expect(response?.status()).toBe(200);
    // What a visitor sees (innerText: rendered text, not hidden nodes).
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point here
    const text = await page.locator("main").innerText();
    for (const n of [1, 2, 3]) expect(text).toContain(`Template 3 post ${run}: paragraph ${n} text.`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(byTemplate[3].title);
    await context.close();
  });

  it.each([1, 2, 3, 4, 5])(
    "template %i: its layout, headers 2 and 3, sized and described images",
    async (n) => {
      const { page, context, errors } = await newPage(browser, { width: 375 });
      await page.goto(`/blog/${byTemplate[n]._id}`);
      await waitForHydration(page);
      const article = page.locator(`article.post-t${n}`);
      expect(await article.count()).toBe(1);
      expect(await page.locator("h1").count()).toBe(1);
      expect(await article.locator("h2").allTextContents()).toEqual(["Header 2", "Header 3"]);
      const images = article.locator("img");
      expect(await images.count()).toBe(IMAGE_PARAGRAPHS_BY_TEMPLATE[n].length);
      const attrs = await images.evaluateAll((imgs) =>
        imgs.map((img) => ({
          alt: img.getAttribute("alt"),
          width: img.getAttribute("width"),
          srcset: img.getAttribute("srcset"),
          loading: img.getAttribute("loading"),
        })),
      );
      attrs.forEach((a, i) => {
        expect(a.alt).toMatch(/^Picture \d$/);
        expect(a.width).toBe("1200");
        expect(a.srcset).toContain("?w=480");
        expect(a.loading).toBe(i === 0 ? null : "lazy");
      });
      // No horizontal scrolling on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it.each([
    "/blog/00000000-0000-4000-8000-000000000000",
    "/blog/not-a-post",
    "/blog/'%20or%201=1--",
    "/blog?page=999",
    "/blog?page=abc",
  ])("%s is a real 404 page in the public layout", async (path) => {
    const res = await fetch(`${baseURL()}${path}`);
    expect(res.status).toBe(404);
    const doc = await res.text();
    expect(attr(doc, /<h1[^>]*>([^<]*)<\/h1>/)).toBe("Blog post not found");
    expect(doc).toContain("<footer");
    expect(doc).toContain('name="robots" content="noindex"');
    expect(doc).not.toContain("Organic waste collection across England");
  });

  it("titles are escaped in the title, meta tags and JSON-LD; Open Graph and Twitter card are complete", async () => {
    const path = `/blog/${trickyPost._id}`;
    const doc = await html(path);
    expect(doc).not.toContain("</script><b>");
    expect(doc).not.toContain("<b>&");
    const { page, context } = await newPage(browser);
    await page.goto(path);
    const meta = (key: string) =>
      page.locator(`meta[property="${key}"], meta[name="${key}"]`).first().getAttribute("content");
    expect(await page.title()).toBe(`Meta ${TRICKY} | Fenland Organics`);
    expect(await page.locator("h1").textContent()).toBe(TRICKY);
    expect(await page.locator("h1 b").count()).toBe(0);
    expect(await meta("og:title")).toBe(`Meta ${TRICKY} | Fenland Organics`);
    expect(await meta("og:type")).toBe("article");
    expect(await meta("og:url")).toBe(`${siteUrl}${path}`);
    expect(await meta("description")).toBe(`Tricky /scriptb title ${run}: paragraph 1 text.`);
    const image = await meta("og:image");
    expect(image).toMatch(new RegExp(`^${siteUrl}/api/blog/blog-image/[0-9a-f-]{36}$`));
    expect((await fetch(image ?? "")).status).toBe(200);
    expect(await meta("og:image:width")).toBe("800");
    expect(await meta("twitter:card")).toBe("summary_large_image");
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${siteUrl}${path}`);
    const json = await page.locator('script[type="application/ld+json"]').textContent();
    expect(json).toContain("\\u003c/script>");
    expect(JSON.parse(json ?? "{}")).toMatchObject({
      "@type": "BlogPosting",
      headline: TRICKY,
      datePublished: trickyPost.dateAdded,
      dateModified: expect.any(String),
      image: [image],
      url: `${siteUrl}${path}`,
      publisher: { "@type": "Organization", name: "Fenland Organics" },
    });
    await context.close();
  });

  it("the JavaScript of a post page holds no editor code and stays within a public page's budget", async () => {
    const { page, context } = await newPage(browser);
    /** Every script the page loaded (lazy chunks too): compressed bytes and code. */
    const scripts = async (path: string) => {
      await page.goto(path);
      await waitForHydration(page);
      await page.waitForLoadState("networkidle");
      const entries = await page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .filter((e) => e.name.endsWith(".js"))
          .map((e) => ({ url: e.name, bytes: (e as PerformanceResourceTiming).encodedBodySize })),
      );
      return { bytes: entries.reduce((sum, e) => sum + e.bytes, 0), urls: entries.map((e) => e.url) };
    };
    const post = await scripts(`/blog/${byTemplate[2]._id}`);
    for (const url of post.urls) expect(await (await fetch(url)).text()).not.toMatch(/tiptap|prosemirror/i);
    expect(post.bytes).toBeGreaterThan(0);
    // The one home of the rule: budgets.json's budget for a public page (npm run budget:bytes).
    expect(post.bytes).toBeLessThanOrEqual(budgets.javascript.publicPage.kb * 1024);
    await context.close();
  });
});

describe("sitemap and feed", () => {
  it("list a new post with its last change, escaped, at absolute addresses; every public page links the feed", async () => {
    const sitemap = await html("/sitemap.xml");
    expect(sitemap).toMatch(
      new RegExp(`<loc>${siteUrl}/blog/${trickyPost._id}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT[^<]+</lastmod>`),
    );
    const res = await fetch(`${baseURL()}/blog/rss.xml`);
    expect(res.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    const feed = await res.text();
    expect(feed).toContain('<rss version="2.0"');
    expect(feed).toContain(`<link>${siteUrl}/blog/${trickyPost._id}</link>`);
    expect(feed).toContain(`<title>Tricky &lt;/script&gt;&lt;b&gt;&amp;&quot; title ${run}</title>`);
    for (const path of ["/", "/about", "/blog", `/blog/${trickyPost._id}`])
      expect(await html(path)).toMatch(
        /<link [^>]*rel="alternate" type="application\/rss\+xml"[^>]*href="\/blog\/rss.xml"/,
      );
  });
});

describe("accessibility: axe-core finds no violations", () => {
  it.each(["dark", "light"])("on /blog and a post in each template, %s theme", async (theme) => {
    const { page, context } = await axePage(browser, theme);
    const found: Record<string, string[]> = {};
    for (const path of ["/blog", ...[1, 2, 3, 4, 5].map((n) => `/blog/${byTemplate[n]._id}`)]) {
      await page.goto(path);
      await waitForHydration(page);
      const v = await axeViolations(page);
      if (v.length) found[path] = v;
    }
    expect(found).toEqual({});
    await context.close();
  });
});
