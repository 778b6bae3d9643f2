import { beforeAll, describe, expect, it } from "vitest";
import { BLOG_MESSAGES } from "../../../common/content/blog-messages";
import { SITE_CONTENT_MESSAGES } from "../../../common/content/site-content/messages";
import {
  PAGE_DOCUMENT_KEYS,
  PAGE_DOCUMENTS,
  type PageDocumentKey,
} from "../../../common/content/site-content/page-documents";
import { PAGE_CONTENT_MESSAGES as M } from "../../../common/content/site-content/page-messages";
import { ROLE_MESSAGES } from "../../../common/staff/roles";
import { bearer, uploadImage } from "../../test/content";
import { TEST_DATABASES } from "../../test/harness";
import { signedInApp, signInAs } from "../../test/signed-in";

// biome-ignore lint/suspicious/noExplicitAny: each case edits its own document's fields
type Doc = Record<string, any>;
const copy = (key: PageDocumentKey): Doc => structuredClone(PAGE_DOCUMENTS[key].defaults) as Doc;

/** Per page document: one value its schema refuses (where, and the catalogue's message), and one good change. */
const CASES: Record<
  PageDocumentKey,
  { bad(d: Doc, picture: string): void; at: string; message: string; good(d: Doc): void }
> = {
  "page-home": {
    bad: (d, picture) => {
      d.hero.picture = { imageId: picture, alt: " " };
    },
    at: "hero.picture.alt",
    message: M.altRequired,
    good: (d) => {
      d.hero.title = "Organic waste, collected";
    },
  },
  "page-about": {
    bad: (d) => {
      d.story.milestones[0].year = "16";
    },
    at: "story.milestones.0.year",
    message: M.year,
    good: (d) => {
      d.values.items.push({ title: "Honest", text: "We say what we collect and where it goes." });
    },
  },
  "page-services": {
    bad: (d) => {
      d.services.pop();
    },
    at: "services",
    message: M.tooFew("service", 4),
    good: (d) => {
      d.services[0].summary = "Food waste collected weekly in sealed bins.";
    },
  },
  "page-sustainability": {
    bad: (d) => {
      d.figures.items[0].value = "1234567890123";
    },
    at: "figures.items.0.value",
    message: M.tooLong("Figure", 12),
    good: (d) => {
      d.figures.items[1].value = "70k+";
    },
  },
  "page-tankering": {
    bad: (d) => {
      d.codes.items[0].code = "191308";
    },
    at: "codes.items.0.code",
    message: M.ewcCode,
    good: (d) => {
      d.codes.items.push({ code: "16 10 02", description: "Aqueous liquid wastes" });
    },
  },
  "page-contact": {
    bad: (d) => {
      d.formIntro = "x".repeat(251);
    },
    at: "formIntro",
    message: M.tooLong("Text above both forms", 250),
    good: (d) => {
      d.contact.lead = "Call us from six in the morning.";
    },
  },
  footer: {
    bad: (d) => {
      d.links.push({ label: "More" });
    },
    at: "links",
    message: M.tooMany("link", 6),
    good: (d) => {
      d.copyright = "copyright 2026";
    },
  },
};

/** The page documents through the REST API: validation, roles, and the pages a publication drops. */
describe.each(TEST_DATABASES)("page words on %s", (kind) => {
  const api = signedInApp(kind);
  const call = (
    method: "GET" | "PUT" | "POST" | "DELETE",
    url: string,
    token = api.token,
    payload?: object,
  ) => api.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  /** A stored picture for the cases that set one (an unknown id is refused: see below). */
  let picture = "";
  beforeAll(async () => {
    picture = await uploadImage(api.app, api.token);
  });

  it.each(PAGE_DOCUMENT_KEYS)("%s: today's words on an empty database", async (key) => {
    expect(await api.app.services.siteContent.published(key)).toEqual(PAGE_DOCUMENTS[key].defaults);
    const res = await call("GET", `/api/admin/site/${key}`);
    expect(res.json().result).toMatchObject({
      version: 0,
      issues: {},
      published: PAGE_DOCUMENTS[key].defaults,
    });
  });

  it.each(PAGE_DOCUMENT_KEYS)(
    "%s: a bad value is refused with its message; nothing is published",
    async (key) => {
      const doc = copy(key);
      CASES[key].bad(doc, picture);
      CASES[key].good(doc); // a valid change beside it is not published either
      const before = (await call("GET", `/api/admin/site/${key}`)).json().result;
      const res = await call("POST", `/api/admin/site/${key}/publish`, api.token, {
        data: doc,
        baseVersion: before.version,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(CASES[key].message);
      expect(res.json().fieldErrors).toEqual({ [CASES[key].at]: CASES[key].message });
      const after = (await call("GET", `/api/admin/site/${key}`)).json().result;
      expect(after.version).toBe(before.version);
      expect(await api.app.services.siteContent.published(key)).toEqual(PAGE_DOCUMENTS[key].defaults);
    },
  );

  it.each(PAGE_DOCUMENT_KEYS)("%s: a draft keeps a bad value as typed, with its message", async (key) => {
    const doc = copy(key);
    CASES[key].bad(doc, picture);
    const { version } = (await call("GET", `/api/admin/site/${key}`)).json().result;
    const res = await call("PUT", `/api/admin/site/${key}/draft`, api.token, {
      data: doc,
      baseVersion: version,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.issues).toEqual({ [CASES[key].at]: CASES[key].message });
    expect(res.json().result.draft).toEqual(doc);
    expect(await api.app.services.siteContent.published(key)).toEqual(PAGE_DOCUMENTS[key].defaults);
  });

  it.each(PAGE_DOCUMENT_KEYS)(
    "%s: an Editor publishes it; exactly its pages leave the page cache",
    async (key) => {
      const editor = await signInAs(api.app, "editor");
      const doc = copy(key);
      CASES[key].good(doc);
      const { version } = (await call("GET", `/api/admin/site/${key}`, editor)).json().result;
      const changes: Array<readonly string[] | undefined> = [];
      const stop = api.app.services.contentVersion.onChange((_v, _where, paths) => changes.push(paths));
      const res = await call("POST", `/api/admin/site/${key}/publish`, editor, {
        data: doc,
        baseVersion: version,
      });
      stop();
      expect(res.statusCode).toBe(200);
      expect(changes).toEqual([[`site:${key}`]]);
      expect(await api.app.services.siteContent.published(key)).toEqual(doc);
    },
  );

  it("refuses a picture that is not stored, beside its field, on save and publish (autosave keeps it)", async () => {
    const doc = copy("page-about");
    doc.hero.picture = { imageId: "5f0c7a4e-8a1b-4c2d-9e3f-0a1b2c3d4e5f", alt: "Our yard" };
    const at = "hero.picture.imageId";
    const { version } = (await call("GET", "/api/admin/site/page-about")).json().result;
    for (const [method, url] of [
      ["PUT", "/api/admin/site/page-about/draft"],
      ["POST", "/api/admin/site/page-about/publish"],
    ] as const) {
      const res = await call(method, url, api.token, { data: doc, baseVersion: version });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({
        message: SITE_CONTENT_MESSAGES.pictureMissing,
        fieldErrors: { [at]: SITE_CONTENT_MESSAGES.pictureMissing },
      });
    }
    expect((await call("GET", "/api/admin/site/page-about")).json().result.version).toBe(version);
    const autosaved = await call("PUT", "/api/admin/site/page-about/draft", api.token, {
      data: doc,
      baseVersion: version,
      autosave: true,
    });
    expect(autosaved.statusCode).toBe(200);
    // Put back for the other cases.
    await call("PUT", "/api/admin/site/page-about/draft", api.token, {
      data: copy("page-about"),
      baseVersion: autosaved.json().result.version,
    });
  });

  it("keeps a picture a page uses (draft or published) from being deleted, with the document named", async () => {
    const used = await uploadImage(api.app, api.token);
    const doc = copy("page-tankering");
    doc.hero.picture = { imageId: used, alt: "Our tanker" };
    const remove = () => call("DELETE", `/api/admin/delete-image/${used}`);
    const refusal = BLOG_MESSAGES.images.inSiteContent(`'${PAGE_DOCUMENTS["page-tankering"].label}'`);
    let { version } = (await call("GET", "/api/admin/site/page-tankering")).json().result;
    const drafted = await call("PUT", "/api/admin/site/page-tankering/draft", api.token, {
      data: doc,
      baseVersion: version,
    });
    version = drafted.json().result.version;
    const inDraft = await remove();
    expect(inDraft.statusCode).toBe(409);
    expect(inDraft.json().message).toBe(refusal);
    const published = await call("POST", "/api/admin/site/page-tankering/publish", api.token, {
      data: doc,
      baseVersion: version,
    });
    expect(published.statusCode).toBe(200);
    expect((await remove()).statusCode).toBe(409);
    // Out of the draft but still published: kept.
    const emptied = await call("PUT", "/api/admin/site/page-tankering/draft", api.token, {
      data: copy("page-tankering"),
      baseVersion: published.json().result.version,
    });
    expect((await remove()).json().message).toBe(refusal);
    // Out of both: deleted.
    await call("POST", "/api/admin/site/page-tankering/publish", api.token, {
      baseVersion: emptied.json().result.version,
    });
    expect((await remove()).statusCode).toBe(200);
  });

  it("names the pages each document shows", () => {
    expect(Object.fromEntries(PAGE_DOCUMENT_KEYS.map((key) => [key, PAGE_DOCUMENTS[key].paths]))).toEqual({
      "page-home": ["/"],
      "page-about": ["/about"],
      "page-services": ["/services", "/"],
      "page-sustainability": ["/sustainability", "/"],
      "page-tankering": ["/services/2"],
      "page-contact": ["/contact", "/contact/2"],
      footer: ["/*"],
    });
  });

  it("lets a Desk neither read nor change the pages' words", async () => {
    const desk = await signInAs(api.app, "desk");
    const read = await call("GET", "/api/admin/site/page-services", desk);
    expect(read.statusCode).toBe(403);
    expect(read.json().message).toBe(ROLE_MESSAGES.forbidden("site"));
    const doc = copy("page-services");
    CASES["page-services"].good(doc);
    const publish = await call("POST", "/api/admin/site/page-services/publish", desk, { data: doc });
    expect(publish.statusCode).toBe(403);
    const draft = await call("PUT", "/api/admin/site/page-services/draft", desk, {
      data: doc,
      baseVersion: 0,
    });
    expect(draft.statusCode).toBe(403);
  });
});
