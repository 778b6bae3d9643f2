import { LEAD_SOURCE_FIELD } from "@common/leads/lead-source-field";
import { FORM_TOKEN_FIELD } from "@common/leads/spam-fields";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { renderToStaticMarkup } from "react-dom/server";
import type { EntryContext, ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ContactForm } from "~/components/enquiry/ContactForm";
import type { EnquiryFormAnswer } from "~/lib/leads/enquiry-api";
import { buildApp } from "../../server/app";
import { enquiries } from "../../server/db/schema";
import { servedLeadSource } from "../../server/services/leads/lead-source";
import { VALID_CONTACT } from "../../server/test/enquiry-fixtures";
import { openTestDatabase, TEST_DATABASES, testConfig } from "../../server/test/harness";
import * as contact from "./contact";

const SITE = "http://localhost";

/**
 * A production build of one page, /contact: its real contact form (ContactForm) drawn as the server
 * draws it, refused answers included, and the route's real action. Served through the page cache
 * (production mode), so every GET after the first is the cached page filled for its own request.
 */
function contactBuild(): ServerBuild {
  const render = (_request: Request, status: number, headers: Headers, context: EntryContext) => {
    const answer = (context.staticHandlerContext.actionData?.["routes/contact"] ?? undefined) as
      | EnquiryFormAnswer
      | undefined;
    const html = renderToStaticMarkup(
      <html lang="en">
        <body>
          <main>
            <ContactForm action="/contact" sent="" labelledBy="contact-heading" answer={answer} />
          </main>
        </body>
      </html>,
    );
    headers.set("content-type", "text/html; charset=utf-8");
    return new Response(`<!DOCTYPE html>${html}`, { status, headers });
  };
  return {
    entry: { module: { default: render } },
    routes: {
      root: { id: "root", path: "", module: {} },
      "routes/contact": {
        id: "routes/contact",
        parentId: "root",
        path: "contact",
        module: { action: contact.action, default: () => null },
      },
    },
    assets: {
      version: "source-test",
      url: "/manifest.js",
      entry: { module: "/entry.js", imports: [] },
      routes: {},
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
const decodeAttribute = (value: string) =>
  value
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&#39;/g, "'");
const fieldOf = (html: string, name: string) => {
  const tag = html.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0] ?? "";
  return decodeAttribute(/ value="([^"]*)"/.exec(tag)?.[1] ?? "");
};

describe("the lead source the server knows from a page's own request", () => {
  const page = (path: string, query: string, referer?: string, untracked = false) =>
    servedLeadSource({ path, query, referer, ownHosts: ["fenland.example", "localhost"], untracked });

  it("is the page, the referring domain and the utm_ values when the page is where the visit landed", () => {
    expect(
      page(
        "/contact",
        "utm_source=Newsletter&utm_medium=email&utm_campaign=Spring&x=1",
        "https://www.google.co.uk/search?q=waste",
      ),
    ).toEqual({
      landing: "/contact",
      referrer: "google.co.uk",
      utmSource: "newsletter",
      utmMedium: "email",
      utmCampaign: "spring",
    });
    // Typed in, a bookmark, or a site that sends no referrer: still the landing, without a domain.
    expect(page("/services/2", "", undefined)).toEqual({ landing: "/services/2" });
    expect(page("/contact", "", "not a url")).toEqual({ landing: "/contact" });
  });

  it("is nothing for a page reached from one of the site's own pages, or when the browser asks not to be tracked", () => {
    expect(page("/contact", "utm_source=x", "https://www.fenland.example/about")).toBeUndefined();
    expect(page("/contact", "", "http://localhost/")).toBeUndefined();
    expect(page("/contact", "utm_source=x", "https://www.google.com/", true)).toBeUndefined();
  });
});

describe.each(TEST_DATABASES)(
  "the contact form's source without anything stored on the device (%s)",
  (kind) => {
    let app: FastifyInstance;
    beforeAll(async () => {
      const database = await openTestDatabase(kind);
      app = await buildApp({
        config: testConfig({ SITE_URL: SITE, ENQUIRY_RATE_LIMIT: "1000" }),
        database,
        logger: false,
        pages: { build: contactBuild(), mode: "production" },
      });
    });
    afterAll(() => app?.close());

    let client = 0;
    const get = (url: string, referer?: string) =>
      app.inject({ url, headers: { "user-agent": CHROME, ...(referer ? { referer } : {}) } });
    const send = (fields: Record<string, string>) =>
      app.inject({
        method: "POST",
        url: "/contact",
        headers: {
          origin: SITE,
          referer: `${SITE}/contact`,
          "user-agent": CHROME,
          "content-type": "application/x-www-form-urlencoded",
        },
        payload: new URLSearchParams(fields).toString(),
        remoteAddress: `10.45.0.${++client}`,
      });
    const storedSource = async (name: string) =>
      (await app.db.select().from(enquiries).where(sql`${enquiries.fields}->>'name' = ${name}`))[0]?.source;

    it("is filled into the cached page per request and sent back by the form posted without JavaScript", async () => {
      await get("/contact"); // the cache's first render
      const landed = await get("/contact?utm_source=Newsletter&utm_campaign=spring", "https://www.bing.com/");
      expect(landed.headers["x-page-cache"]).toBe("hit");
      expect(landed.headers["cache-control"]).toBe("no-store");
      const source = fieldOf(landed.body, LEAD_SOURCE_FIELD);
      expect(source).toBe("landing=%2Fcontact&referrer=bing.com&utmSource=newsletter&utmCampaign=spring");
      // From one of the site's own pages: not a landing, so not known (nothing was kept to say more).
      const inside = await get("/contact", `${SITE}/about`);
      expect(inside.headers["x-page-cache"]).toBe("hit");
      expect(fieldOf(inside.body, LEAD_SOURCE_FIELD)).toBe("");

      const name = `Source ${kind} ${Date.now()}`;
      const token = fieldOf(landed.body, FORM_TOKEN_FIELD);
      const sent = await send({
        ...VALID_CONTACT,
        name,
        [FORM_TOKEN_FIELD]: token,
        [LEAD_SOURCE_FIELD]: source,
      });
      expect(sent.statusCode).toBe(303);
      expect(await storedSource(name)).toEqual({
        landing: "/contact",
        referrer: "bing.com",
        utmSource: "newsletter",
        utmMedium: null,
        utmCampaign: "spring",
      });

      const unknown = `Unknown ${kind} ${Date.now()}`;
      const token2 = fieldOf(inside.body, FORM_TOKEN_FIELD);
      expect(
        (await send({ ...VALID_CONTACT, name: unknown, [FORM_TOKEN_FIELD]: token2, [LEAD_SOURCE_FIELD]: "" }))
          .statusCode,
      ).toBe(303);
      expect(await storedSource(unknown)).toBeNull();
    });

    it("keeps the page's source in a refused form, not the refusal's own request", async () => {
      const landed = await get("/contact?utm_source=flyer", "https://www.google.com/");
      const source = fieldOf(landed.body, LEAD_SOURCE_FIELD);
      expect(source).toBe("landing=%2Fcontact&referrer=google.com&utmSource=flyer");
      const refused = await send({
        ...VALID_CONTACT,
        email: "",
        [FORM_TOKEN_FIELD]: fieldOf(landed.body, FORM_TOKEN_FIELD),
        [LEAD_SOURCE_FIELD]: source,
      });
      expect(refused.statusCode).toBe(400);
      expect(fieldOf(refused.body, LEAD_SOURCE_FIELD)).toBe(source);
    });
  },
);
