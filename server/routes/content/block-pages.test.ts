import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { BLOCK_PAGE_LIMITS, BLOCK_PAGE_MESSAGES as M } from "../../../common/content/block-pages";
import { ROLE_MESSAGES } from "../../../common/staff/roles";
import { auditEvents, blockPageRevisions, blockPages } from "../../db/schema";
import { bearer, uploadImage } from "../../test/content";
import { TEST_DATABASES } from "../../test/harness";
import { signedInApp, signInAs } from "../../test/signed-in";

const URL = "/api/admin/pages";

/** A page with one of every block (pictures filled in by the test). */
function fullPage(address: string, picture: string) {
  return {
    address,
    title: "Bakery waste collection",
    description: "Collections for bakeries in Peterborough",
    socialImageId: picture,
    noindex: false,
    canonical: "",
    area: { name: "Peterborough", districts: "pe1, PE2 PE3" },
    blocks: [
      {
        type: "hero",
        heading: "Bakery waste, collected",
        text: "Bread, dough, cake",
        imageId: picture,
        alt: "A baker's crates",
        action: { label: "Get a quote", target: "quote" },
      },
      { type: "rich-text", html: '<p>Hello <script>alert(1)</script><a href="https://x.example">x</a></p>' },
      { type: "picture", imageId: picture, alt: "Bins in a yard", caption: "Our 240 l bins" },
      { type: "cards", heading: "Why us", items: [{ title: "Weekly", text: "Every Tuesday" }] },
      { type: "figures", heading: "", items: [{ value: "98%", label: "diverted" }] },
      {
        type: "faq",
        heading: "Questions",
        items: [{ question: "Which bins?", answer: "240 l wheelie bins" }],
      },
      { type: "testimonial", quote: "Never missed a pick-up", name: "Sam", company: "Crumbs Ltd" },
      { type: "partners", heading: "", items: [{ imageId: picture, name: "Anaerobic Co" }] },
      {
        type: "call-to-action",
        heading: "Talk to us",
        text: "",
        action: { label: "Call", target: "phone", phone: "01733 555 014" },
      },
      { type: "form", heading: "Ask us", text: "" },
    ],
  };
}

describe.each(TEST_DATABASES)("pages from blocks on %s", (kind) => {
  const api = signedInApp(kind);
  const call = (
    method: "GET" | "PUT" | "POST" | "DELETE",
    url: string,
    payload?: object,
    token = api.token,
  ) => api.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const create = async (page: object) => {
    const res = await call("POST", URL, { page });
    return res;
  };
  const audits = (action: string, id: string) =>
    api.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, action as "page_published"), eq(auditEvents.targetId, id)));

  it("makes, saves, publishes a page of every block; rich text cleaned; every step in the audit log", async () => {
    const picture = await uploadImage(api.app, api.token);
    const made = await create({ address: "/bakery-waste", title: "Bakery waste" });
    expect(made.statusCode).toBe(201);
    const page = made.json().result;
    expect(page).toMatchObject({ address: "/bakery-waste", state: "draft", published: null });
    expect(page.issues).toEqual({});

    const saved = await call("PUT", `${URL}/${page.id}/draft`, {
      page: fullPage("/bakery-waste", picture),
      baseVersion: page.version,
    });
    expect(saved.statusCode).toBe(200);
    const draft = saved.json().result;
    expect(draft.issues).toEqual({});

    const published = await call("POST", `${URL}/${page.id}/publish`, { baseVersion: draft.version });
    expect(published.statusCode).toBe(200);
    const live = published.json().result;
    expect(live.state).toBe("published");
    expect(live.published.blocks).toHaveLength(10);
    expect(live.published.blocks[1].html).toBe(
      '<p>Hello <a href="https://x.example" rel="noopener noreferrer nofollow">x</a></p>',
    );
    expect(live.published.area).toEqual({ name: "Peterborough", districts: ["PE1", "PE2", "PE3"] });
    const shown = await api.app.services.blockPages.published("/bakery-waste");
    expect(shown).toMatchObject({ kind: "page", id: page.id });

    for (const action of ["page_created", "page_saved", "page_published"])
      expect(await audits(action, page.id)).toHaveLength(1);
    const list = (await call("GET", URL)).json().result;
    expect(list).toEqual([expect.objectContaining({ address: "/bakery-waste", state: "published" })]);
    expect(await api.app.services.blockPages.lastModified()).toEqual([
      { address: "/bakery-waste", modified: live.publishedAt },
    ]);
  });

  it("refuses a bad address, a reserved one, a taken one, with the catalogue's message; nothing made", async () => {
    const before = (await api.app.db.select().from(blockPages)).length;
    for (const [address, message] of [
      ["/Bakery_Waste", M.addressFormat],
      ["bakery", M.addressFormat],
      ["/a/b/c", M.addressFormat],
      ["/bakery--waste", M.addressFormat],
      ["/admin", M.addressReserved("/admin")],
      ["/api/pages", M.addressReserved("/api/pages")],
      ["/blog/new", M.addressReserved("/blog/new")],
      ["/quote", M.addressReserved("/quote")],
      ["/contact", M.addressReserved("/contact")],
      ["/about", M.addressReserved("/about")],
      ["/services/2", M.addressReserved("/services/2")],
      ["/legal/terms", M.addressReserved("/legal/terms")],
      ["/bakery-waste", M.addressTaken("/bakery-waste")],
    ]) {
      const res = await create({ address, title: "A page" });
      expect(res.statusCode, address).toBe(address === "/bakery-waste" ? 409 : 400);
      expect(res.json().message, address).toBe(message);
    }
    const untitled = await create({ address: "/new-page", title: " " });
    expect(untitled.json()).toMatchObject({
      message: M.titleRequired,
      fieldErrors: { title: M.titleRequired },
    });
    expect((await api.app.db.select().from(blockPages)).length).toBe(before);
  });

  it("refuses to publish a page breaking any block's rule, naming every field; nothing published", async () => {
    const page = (await create({ address: "/rules", title: "Rules" })).json().result;
    const bad = {
      address: "/rules",
      title: "x".repeat(BLOCK_PAGE_LIMITS.title + 1),
      description: "d".repeat(BLOCK_PAGE_LIMITS.description + 1),
      canonical: "http://insecure.example/x",
      area: { name: "", districts: "PE1, 12X" },
      blocks: [
        { type: "hero", heading: "" },
        { type: "rich-text", html: "<script>only</script>" },
        { type: "picture", imageId: "00000000-0000-4000-8000-000000000000", alt: "" },
        { type: "cards", items: [] },
        { type: "figures", items: [{ value: "1234567890123", label: "x" }] },
        { type: "faq", items: [{ question: "Q?", answer: "" }] },
        { type: "testimonial", quote: "q", name: "" },
        { type: "partners", items: [{ imageId: "nope", name: "x" }] },
        {
          type: "call-to-action",
          heading: "Call",
          action: { label: "Call", target: "phone", phone: "call me" },
        },
        {
          type: "call-to-action",
          heading: "Go",
          action: { label: "Go", target: "page", path: "https://evil" },
        },
        { type: "map" },
      ],
    };
    const res = await call("POST", `${URL}/${page.id}/publish`, { page: bad });
    expect(res.statusCode).toBe(400);
    const fields = res.json().fieldErrors;
    expect(fields).toMatchObject({
      title: M.titleTooLong,
      description: M.descriptionTooLong,
      canonical: M.canonicalFormat,
      "area.name": M.areaNameRequired,
      "area.districts": M.districtFormat("12X"),
      "blocks.0.heading": M.required("The heading"),
      "blocks.2.alt": M.altRequired,
      "blocks.3.items": M.itemsRange("Cards", 1, BLOCK_PAGE_LIMITS.items),
      "blocks.4.items.0.value": M.tooLong("A figure", BLOCK_PAGE_LIMITS.figureValue),
      "blocks.5.items.0.answer": M.required("Its answer"),
      "blocks.6.name": M.required("The person's name"),
      "blocks.7.items.0.imageId": M.pictureFormat,
      "blocks.8.action.phone": M.phoneFormat,
      "blocks.9.action.path": M.pathFormat,
      "blocks.10.type": M.unknownBlock,
    });
    // Rich text that the sanitiser empties, and a picture that is not stored.
    const cleaned = await call("POST", `${URL}/${page.id}/publish`, {
      page: {
        address: "/rules",
        title: "Rules",
        blocks: [{ type: "rich-text", html: "<script>x</script>" }],
      },
    });
    expect(cleaned.json().fieldErrors).toEqual({ "blocks.0.html": M.required("The text") });
    const missing = await call("POST", `${URL}/${page.id}/publish`, {
      page: {
        address: "/rules",
        title: "Rules",
        blocks: [{ type: "picture", imageId: "00000000-0000-4000-8000-000000000000", alt: "A bin" }],
      },
    });
    expect(missing.json().fieldErrors).toEqual({ "blocks.0.imageId": M.pictureFormat });
    const twoForms = await call("POST", `${URL}/${page.id}/publish`, {
      page: { address: "/rules", title: "Rules", blocks: [{ type: "form" }, { type: "form" }] },
    });
    expect(twoForms.json().message).toBe(M.oneForm);
    expect((await call("GET", `${URL}/${page.id}`)).json().result).toMatchObject({
      state: "draft",
      published: null,
    });
  });

  it("refuses an oversize page: more blocks than allowed, or too many bytes", async () => {
    const page = (await create({ address: "/big", title: "Big" })).json().result;
    const blocks = Array.from({ length: BLOCK_PAGE_LIMITS.blocks + 1 }, () => ({ type: "form" }));
    const many = await call("PUT", `${URL}/${page.id}/draft`, {
      page: { address: "/big", title: "Big", blocks },
      baseVersion: page.version,
      autosave: true,
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toBe(M.tooManyBlocks);
    const huge = await call("PUT", `${URL}/${page.id}/draft`, {
      page: { address: "/big", title: "Big", blocks: [{ type: "rich-text", html: "x".repeat(600_000) }] },
      baseVersion: page.version,
      autosave: true,
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toBe(M.tooLarge);
    expect((await call("GET", `${URL}/${page.id}`)).json().result.version).toBe(page.version);
  });

  it("keeps an autosave as typed; a save from a stale version is 409 naming who saved", async () => {
    const page = (await create({ address: "/autosave", title: "Autosave" })).json().result;
    const half = {
      address: "/autosave",
      title: "Autosave",
      blocks: [{ type: "faq", items: [{ question: "Half" }] }],
    };
    const kept = await call("PUT", `${URL}/${page.id}/draft`, {
      page: half,
      baseVersion: page.version,
      autosave: true,
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().result.draft).toEqual(half);
    expect(kept.json().result.issues).toEqual({ "blocks.0.items.0.answer": M.required("Its answer") });
    // Autosave keeps no revision and no audit entry.
    expect(await audits("page_saved", page.id)).toHaveLength(0);

    const editor = await signInAs(api.app, "editor", "second-editor@example.co.uk");
    const stale = await call(
      "PUT",
      `${URL}/${page.id}/draft`,
      { page: half, baseVersion: page.version },
      editor,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/^editor@example\.co\.uk saved this page at .+ since you opened it/);
    const unchanged = (await call("GET", `${URL}/${page.id}`)).json().result;
    expect(unchanged.version).toBe(kept.json().result.version);
  });

  it("refuses Desk every route with the catalogue's message, changing nothing", async () => {
    const page = (await create({ address: "/desk-test", title: "Desk" })).json().result;
    const desk = await signInAs(api.app, "desk");
    const routes: Array<["GET" | "PUT" | "POST" | "DELETE", string, object?]> = [
      ["GET", URL],
      ["POST", URL, { page: { address: "/desk-made", title: "x" } }],
      ["GET", `${URL}/${page.id}`],
      ["PUT", `${URL}/${page.id}/draft`, { page: { address: "/desk-test", title: "x" }, baseVersion: 1 }],
      ["POST", `${URL}/${page.id}/publish`, {}],
      ["POST", `${URL}/${page.id}/unpublish`],
      ["DELETE", `${URL}/${page.id}/schedule`],
      ["POST", `${URL}/${page.id}/delete`, {}],
      ["POST", `${URL}/${page.id}/duplicate`, { address: "/desk-copy" }],
      ["GET", `${URL}/${page.id}/revisions`],
    ];
    for (const [method, url, payload] of routes) {
      const res = await call(method, url, payload, desk);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(ROLE_MESSAGES.forbidden("site"));
    }
    expect((await call("GET", `${URL}/${page.id}`)).json().result.version).toBe(page.version);
    // An Editor may.
    const editor = await signInAs(api.app, "editor");
    expect((await call("GET", URL, undefined, editor)).statusCode).toBe(200);
  });

  it("publishes at a time (the scheduler's pass), unpublishes, and renames with a 301 from the old address", async () => {
    const page = (await create({ address: "/spring", title: "Spring" })).json().result;
    const soon = new Date(Date.now() + 60_000);
    const scheduled = await call("POST", `${URL}/${page.id}/publish`, { at: soon.toISOString() });
    expect(scheduled.json().result).toMatchObject({ state: "scheduled", publishAt: soon.toISOString() });
    expect(await api.app.services.blockPages.published("/spring")).toBeUndefined();
    const past = await call("POST", `${URL}/${page.id}/publish`, { at: "2020-01-01T00:00:00Z" });
    expect(past.json().message).toBe(M.publishAtPast);
    expect(await api.app.services.blockPages.publishDue(new Date(soon.getTime() + 1))).toEqual([page.id]);
    expect(await api.app.services.blockPages.published("/spring")).toMatchObject({ kind: "page" });

    const current = (await call("GET", `${URL}/${page.id}`)).json().result;
    const renamed = await call("POST", `${URL}/${page.id}/publish`, {
      page: { ...current.draft, address: "/spring-offer" },
      baseVersion: current.version,
    });
    expect(renamed.json().result.address).toBe("/spring-offer");
    // The old address is the site's redirect now (answered before any page), kept by itself.
    expect(await api.app.services.redirects.match("/spring", "utm_source=x")).toEqual({
      status: 301,
      location: "/spring-offer?utm_source=x",
    });
    expect(await api.app.services.blockPages.published("/spring")).toBeUndefined();

    const off = await call("POST", `${URL}/${page.id}/unpublish`);
    expect(off.json().result).toMatchObject({ state: "draft", published: null });
    expect(await api.app.services.blockPages.published("/spring-offer")).toBeUndefined();
    expect((await call("POST", `${URL}/${page.id}/unpublish`)).json().message).toBe(M.notPublished);
    expect(await audits("page_unpublished", page.id)).toHaveLength(1);
  });

  it("deletes a page: 410 after, or 301 to a chosen page; a new page may take the address", async () => {
    const gone = (await create({ address: "/gone-page", title: "Gone" })).json().result;
    await call("POST", `${URL}/${gone.id}/publish`, {});
    const bad = await call("POST", `${URL}/${gone.id}/delete`, { redirectTo: "https://evil.example" });
    expect(bad.json().message).toBe(M.redirectFormat);
    expect((await call("POST", `${URL}/${gone.id}/delete`, {})).statusCode).toBe(200);
    expect(await api.app.services.blockPages.published("/gone-page")).toEqual({
      kind: "gone",
      redirectTo: null,
    });
    expect((await call("GET", `${URL}/${gone.id}`)).statusCode).toBe(404);
    expect(
      await api.app.db.select().from(blockPageRevisions).where(eq(blockPageRevisions.pageId, gone.id)),
    ).toEqual([]);
    expect(await audits("page_deleted", gone.id)).toHaveLength(1);

    const moved = (await create({ address: "/moved-page", title: "Moved" })).json().result;
    await call("POST", `${URL}/${moved.id}/delete`, { redirectTo: "/services" });
    expect(await api.app.services.blockPages.published("/moved-page")).toEqual({
      kind: "gone",
      redirectTo: "/services",
    });

    const again = await create({ address: "/gone-page", title: "Back again" });
    expect(again.statusCode).toBe(201);
    expect(await api.app.services.blockPages.published("/gone-page")).toBeUndefined();
  });

  it("duplicates a page at a new address; revisions list and restore as a new draft", async () => {
    const picture = await uploadImage(api.app, api.token);
    const source = (await create(fullPage("/areas/cambridge", picture))).json().result;
    const noAddress = await call("POST", `${URL}/${source.id}/duplicate`, { address: "" });
    expect(noAddress.json().message).toBe(M.duplicateAddress);
    const taken = await call("POST", `${URL}/${source.id}/duplicate`, { address: "/areas/cambridge" });
    expect(taken.statusCode).toBe(409);
    const copy = await call("POST", `${URL}/${source.id}/duplicate`, { address: "/areas/ely" });
    expect(copy.statusCode).toBe(201);
    expect(copy.json().result).toMatchObject({ address: "/areas/ely", state: "draft" });
    expect(copy.json().result.draft.blocks).toHaveLength(10);

    const first = (await call("GET", `${URL}/${source.id}`)).json().result;
    const edited = await call("PUT", `${URL}/${source.id}/draft`, {
      page: { ...first.draft, title: "Cambridge, edited" },
      baseVersion: first.version,
    });
    expect(edited.statusCode).toBe(200);
    const revisions = (await call("GET", `${URL}/${source.id}/revisions`)).json().result;
    expect(revisions.map((r: { title: string }) => r.title)).toEqual([
      "Cambridge, edited",
      "Bakery waste collection",
    ]);
    const restored = await call("POST", `${URL}/${source.id}/revisions/${revisions[1].id}/restore`);
    expect(restored.json().result.draft.title).toBe("Bakery waste collection");
    expect((await call("GET", `${URL}/${source.id}/revisions`)).json().result[0].reason).toBe("restored");
    const unknown = await call("POST", `${URL}/${source.id}/revisions/${source.id}/restore`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(M.revisionNotFound);
    expect(await audits("page_restored", source.id)).toHaveLength(1);
  });

  it("answers made-up addresses from memory: one query a content version, none a path", async () => {
    const pages = api.app.services.blockPages;
    await pages.published("/warm-up"); // the addresses that answer, read once for this version
    const select = vi.spyOn(api.app.db, "select");
    try {
      for (let i = 0; i < 200; i += 1) expect(await pages.published(`/made-up-${i}`)).toBeUndefined();
      expect(select).not.toHaveBeenCalled();
    } finally {
      select.mockRestore();
    }
  });

  it("answers an unknown page 404 with the catalogue's message, never a 5xx", async () => {
    for (const id of ["not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      const res = await call("GET", `${URL}/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(M.notFound);
    }
    const noBody = await call("PUT", `${URL}/00000000-0000-4000-8000-000000000000/draft`, { page: "x" });
    expect(noBody.statusCode).toBe(400);
  });
});
