import { CATCH_ALL_ROUTE_ID } from "@common/content/pages";
import { LEAD_SOURCE_FIELD } from "@common/leads/lead-source-field";
import { FORM_TOKEN_FIELD } from "@common/leads/spam-fields";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { renderToString } from "react-dom/server";
import {
  type EntryContext,
  Links,
  Meta,
  Outlet,
  type ServerBuild,
  ServerRouter,
  UNSAFE_withComponentProps,
} from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { enquiries } from "../../server/db/schema";
import { loadContext } from "../../server/pages/load-context";
import type { PageEditor } from "../../server/services/content/block-pages";
import { ADMIN, makePng, signIn, uploadImage } from "../../server/test/content";
import { VALID_CONTACT } from "../../server/test/enquiry-fixtures";
import { openTestDatabase, TEST_DATABASES, testConfig } from "../../server/test/harness";
import { structuralProblems } from "../../server/test/html-structure";
import * as blockPage from "./block-page";
import * as sitemap from "./sitemap";

const SITE = "http://localhost";

/**
 * A production build of the site's catch-all alone (routes/block-page.tsx, its real loader, action,
 * meta and component) under a root that draws the meta and the route, served through the page
 * cache (production mode) as the site serves it.
 */
function Root() {
  return (
    <html lang="en-GB">
      <head>
        <Meta />
        <Links />
      </head>
      <body>
        <main>
          <Outlet />
        </main>
      </body>
    </html>
  );
}

function catchAllBuild(): ServerBuild {
  const render = (request: Request, status: number, headers: Headers, context: EntryContext) => {
    const html = renderToString(<ServerRouter context={context} url={request.url} />);
    headers.set("content-type", "text/html; charset=utf-8");
    return new Response(`<!DOCTYPE html>${html}`, { status, headers });
  };
  return {
    entry: { module: { default: render } },
    routes: {
      root: {
        id: "root",
        path: "",
        module: { default: Root, loader: () => ({ siteUrl: SITE, consent: null }) },
        hasLoader: true,
      },
      [CATCH_ALL_ROUTE_ID]: {
        id: CATCH_ALL_ROUTE_ID,
        parentId: "root",
        path: "*",
        module: { ...blockPage, default: UNSAFE_withComponentProps(blockPage.default as never) },
        hasLoader: true,
        hasAction: true,
      },
    },
    assets: {
      version: "block-page-test",
      url: "/manifest.js",
      entry: { module: "/entry.js", imports: [] },
      routes: {
        root: { id: "root", path: "", module: "/root.js", hasLoader: true, hasAction: false },
        [CATCH_ALL_ROUTE_ID]: {
          id: CATCH_ALL_ROUTE_ID,
          parentId: "root",
          path: "*",
          module: "/catch-all.js",
          hasLoader: true,
          hasAction: true,
        },
      },
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}

const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const fieldOf = (html: string, name: string) => {
  const tag = html.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0] ?? "";
  return (/ value="([^"]*)"/.exec(tag)?.[1] ?? "").replace(/&amp;/g, "&");
};
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1] as string),
  );

describe.each(TEST_DATABASES)("a page from blocks on the site (%s)", (kind) => {
  let app: FastifyInstance;
  let owner: PageEditor;
  let picture: string;
  let token: string;
  beforeAll(async () => {
    const database = await openTestDatabase(kind);
    app = await buildApp({
      config: testConfig({ SITE_URL: SITE, ENQUIRY_RATE_LIMIT: "1000" }),
      database,
      logger: false,
      pages: { build: catchAllBuild(), mode: "production" },
    });
    token = await signIn(app);
    picture = await uploadImage(app, token);
    const account = await app.services.accounts.findByEmail(ADMIN.email);
    owner = { id: account?.id ?? "", email: ADMIN.email, role: "owner" };
  });
  afterAll(() => app?.close());
  const get = (url: string, referer?: string) =>
    app.inject({ url, headers: { "user-agent": CHROME, ...(referer ? { referer } : {}) } });

  const publish = async (page: Record<string, unknown>) => {
    const made = await app.services.blockPages.create(page, owner);
    return app.services.blockPages.publish(made.id, owner);
  };

  it("answers at its address from the page cache: its blocks as HTML, meta, JSON-LD, lazy pictures", async () => {
    const before = await get("/bakery-waste");
    expect(before.body).not.toContain("Bakery waste, collected");
    await publish({
      address: "/bakery-waste",
      title: "Bakery waste",
      description: "Collections for bakeries",
      socialImageId: picture,
      area: { name: "Peterborough", districts: "PE1 PE2" },
      blocks: [
        { type: "hero", heading: "Bakery waste, collected", imageId: picture, alt: "Crates of bread" },
        { type: "rich-text", html: "<h2>Why</h2><p>Bread is <strong>food</strong>.</p>" },
        { type: "picture", imageId: picture, alt: "Bins in a yard", caption: "Our bins" },
        {
          type: "faq",
          heading: "Questions",
          items: [{ question: "Which bins?", answer: "240 l wheelie bins" }],
        },
        {
          type: "call-to-action",
          heading: "Ready?",
          action: { label: "Call us", target: "phone", phone: "01733 555 014" },
        },
        { type: "form", heading: "Ask us" },
      ],
    });
    const first = await get("/bakery-waste");
    expect(first.statusCode).toBe(200);
    const second = await get("/bakery-waste");
    expect(second.headers["x-page-cache"]).toBe("hit");
    const html = first.body;
    expect(html).toContain('<h1 class="h-display">Bakery waste, collected</h1>');
    expect(html).toContain("<h2>Why</h2><p>Bread is <strong>food</strong>.</p>");
    expect(html).toContain("<figcaption");
    expect(html).toContain('href="tel:01733555014"');
    // The hero's picture loads first; the next one lazily, each with its stored size and WebP widths.
    const imgs = [...html.matchAll(/<img[^>]*>/g)].map((m) => m[0]);
    expect(imgs[0]).toContain('loading="eager"');
    expect(imgs[1]).toContain('loading="lazy"');
    for (const img of imgs) expect(img).toMatch(/width="64" height="48"/);
    expect(imgs[1]).toMatch(/srcSet="[^"]*\?w=\d+ \d+w/);
    // Meta: title, description, canonical, og:image.
    expect(html).toContain("<title>Bakery waste | ");
    expect(html).toContain(`<link rel="canonical" href="${SITE}/bakery-waste"/>`);
    expect(html).toContain(`content="${SITE}/api/blog/blog-image/${picture}"`);
    const data = jsonLd(html);
    expect(data.map((d) => d["@type"])).toEqual(["BreadcrumbList", "FAQPage", "Service"]);
    expect(data[1].mainEntity[0]).toEqual({
      "@type": "Question",
      name: "Which bins?",
      acceptedAnswer: { "@type": "Answer", text: "240 l wheelie bins" },
    });
    expect(data[2].areaServed).toContainEqual({
      "@type": "PostalCodeSpecification",
      postalCodePrefix: "PE2",
    });
    // The form block: the contact form, posting to this page.
    expect(html).toMatch(/<form[^>]*action="\/bakery-waste"/);
    // Another address is still the home page's, not this page.
    const other = await get("/not-a-page");
    expect(other.body).not.toContain("Bakery waste, collected");
  });

  it("is dropped from the page cache when it is published again, and only it", async () => {
    await publish({
      address: "/other-page",
      title: "Other",
      blocks: [{ type: "hero", heading: "Other page" }],
    });
    await get("/other-page");
    expect((await get("/other-page")).headers["x-page-cache"]).toBe("hit");
    expect((await get("/bakery-waste")).headers["x-page-cache"]).toBe("hit");
    const [page] = (await app.services.blockPages.list(owner)).filter((p) => p.address === "/bakery-waste");
    const record = await app.services.blockPages.get(page.id, owner);
    await app.services.blockPages.publish(page.id, owner, {
      page: { ...record.draft, blocks: [{ type: "hero", heading: "Bakery waste, spring" }] },
    });
    const again = await get("/bakery-waste");
    expect(again.headers["x-page-cache"]).not.toBe("hit");
    expect(again.body).toContain("Bakery waste, spring");
    expect((await get("/other-page")).headers["x-page-cache"]).toBe("hit");
  });

  it("takes an enquiry on its form without JavaScript, with this page as the landing page", async () => {
    await publish({
      address: "/areas/cambridge",
      title: "Cambridge",
      blocks: [{ type: "form" }],
    });
    const landed = await get("/areas/cambridge", "https://www.google.co.uk/");
    const source = fieldOf(landed.body, LEAD_SOURCE_FIELD);
    expect(source).toBe("landing=%2Fareas%2Fcambridge&referrer=google.co.uk");
    const name = `Block ${kind} ${Date.now()}`;
    const sent = await app.inject({
      method: "POST",
      url: "/areas/cambridge",
      headers: {
        origin: SITE,
        referer: `${SITE}/areas/cambridge`,
        "user-agent": CHROME,
        "content-type": "application/x-www-form-urlencoded",
      },
      payload: new URLSearchParams({
        ...VALID_CONTACT,
        name,
        [FORM_TOKEN_FIELD]: fieldOf(landed.body, FORM_TOKEN_FIELD),
        [LEAD_SOURCE_FIELD]: source,
      }).toString(),
      remoteAddress: "10.47.0.1",
    });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toMatch(/^\/areas\/cambridge\?sent=.+#page-enquiry$/);
    const [row] = await app.db.select().from(enquiries).where(sql`${enquiries.fields}->>'name' = ${name}`);
    expect(row.source).toMatchObject({ landing: "/areas/cambridge", referrer: "google.co.uk" });
    // A page without a form takes no posts.
    const refused = await app.inject({
      method: "POST",
      url: "/other-page",
      headers: { origin: SITE, "content-type": "application/x-www-form-urlencoded" },
      payload: "name=x",
    });
    expect(refused.statusCode).toBe(405);
  });

  it("answers 410 once deleted, 301 where the editor chose a page, and is in the sitemap unless noindex", async () => {
    const hidden = await publish({ address: "/hidden", title: "Hidden", noindex: true, blocks: [] });
    const shown = await app.services.blockPages.lastModified();
    expect(shown.map((p) => p.address)).toContain("/bakery-waste");
    expect(shown.map((p) => p.address)).not.toContain("/hidden");
    const map = await (
      await sitemap.loader({
        request: new Request(`${SITE}/sitemap.xml`),
        context: loadContext(app.services, { nonce: "" }),
        params: {},
      } as never)
    ).text();
    expect(map).toMatch(new RegExp(`<loc>${SITE}/bakery-waste</loc><lastmod>[^<]+</lastmod>`));
    expect(map).not.toContain("/hidden");
    const hiddenPage = await get("/hidden");
    expect(hiddenPage.body).toContain('<meta name="robots" content="noindex"/>');

    await app.services.blockPages.remove(hidden.id, owner);
    const gone = await get("/hidden");
    expect(gone.statusCode).toBe(410);
    expect(gone.body).toContain("This page has been removed");
    const other = (await app.services.blockPages.list(owner)).find((p) => p.address === "/other-page");
    await app.services.blockPages.remove(other?.id ?? "", owner, { redirectTo: "/bakery-waste" });
    const moved = await get("/other-page");
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe("/bakery-waste");
    // A trailing slash is sent to the page's one address.
    const slash = await get("/bakery-waste/");
    expect(slash.statusCode).toBe(301);
    expect(slash.headers.location).toBe("/bakery-waste");
  });
  it("draws a page of every block as well-formed HTML, its pictures through the image pipeline", async () => {
    const photo = await uploadImage(app, token, await makePng(1600, 1000));
    const action = { label: "Get a Quote", target: "quote" };
    await publish({
      address: "/every-block",
      title: "Every block",
      description: "A page of every kind of block",
      socialImageId: photo,
      area: { name: "Ely", districts: "CB6, CB7" },
      blocks: [
        { type: "hero", heading: "Every block", text: "Its lead", imageId: photo, alt: "A yard", action },
        {
          type: "rich-text",
          html: '<h2>Why</h2><p>Bread is <a href="/services">food</a>.</p><ul><li>Dough</li></ul>',
        },
        { type: "picture", imageId: photo, alt: "Bins", caption: "Our bins" },
        { type: "cards", heading: "Reasons", items: [{ title: "One", text: "First" }, { title: "Two" }] },
        { type: "figures", heading: "Figures", items: [{ value: "98%", label: "diverted" }] },
        {
          type: "faq",
          heading: "Questions",
          items: [
            { question: "Which bins?", answer: "240 l" },
            { question: "How often?", answer: "Weekly" },
          ],
        },
        { type: "testimonial", quote: "They come every week.", name: "A. Baker", company: "Fen Bakery" },
        { type: "partners", heading: "Partners", items: [{ imageId: photo, name: "Fen Mills" }] },
        {
          type: "call-to-action",
          heading: "Call us",
          action: { label: "Call", target: "phone", phone: "01733 555 014" },
        },
        {
          type: "call-to-action",
          heading: "Or read on",
          action: { label: "Services", target: "page", path: "/services" },
        },
        { type: "form", heading: "Ask us" },
      ],
    });
    const page = await get("/every-block");
    expect(page.statusCode).toBe(200);
    expect(structuralProblems(page.body)).toEqual([]);
    // Every picture: its stored size reserves its space, WebP widths in srcset, lazy below the fold.
    const imgs = [...page.body.matchAll(/<img[^>]*>/g)].map((m) => m[0]);
    expect(imgs).toHaveLength(3);
    for (const img of imgs) expect(img, img).toMatch(/width="1600" height="1000"/);
    expect(imgs[0]).toContain('loading="eager"');
    expect(imgs[0]).toContain('fetchPriority="high"');
    for (const img of imgs.slice(1)) expect(img).toContain('loading="lazy"');
    const srcSet = /srcSet="([^"]*)"/.exec(imgs[1] ?? "")?.[1] ?? "";
    const widths = srcSet.split(",").map((entry) => entry.trim().split(" "));
    expect(widths.map(([, width]) => width)).toEqual(["480w", "960w", "1600w"]);
    for (const [url, width] of widths) {
      const rendition = await app.inject({ url: url ?? "", headers: { accept: "image/webp" } });
      expect(rendition.statusCode, url).toBe(200);
      expect(rendition.headers["content-type"], url).toBe("image/webp");
      expect(rendition.rawPayload.subarray(8, 12).toString("latin1"), width).toBe("WEBP");
    }
  });

  it("finds what the structural check is for: mis-nesting, a missing id, a picture without a size", () => {
    expect(structuralProblems("<main><h1>A</h1><p><span><div>x</div></span></p></main>")).toContain(
      "<div> is flow content inside <p>",
    );
    expect(
      structuralProblems(
        '<main><h1>A</h1><p><div>x</div></p><label for="nowhere">L</label><img src="/a.png" alt=""><h3>Skipped</h3><a href="/"><button>B</button></a></main>',
      ),
    ).toEqual([
      // The parser closes the <p> as the <div> opens (so the <div> is not in it), then drops the stray </p>.
      "<p> was not closed where it should be (inside <main>)",
      "<img> (/a.png) has no width",
      "<img> (/a.png) has no height",
      "<h3> follows an <h1>: a heading level is skipped",
      "<button> is interactive content inside <a>",
      '<label> refers to the id "nowhere", which no element has',
    ]);
  });
});
