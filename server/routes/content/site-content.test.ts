import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  SITE_DETAILS_MESSAGES as M,
  SITE_CONTENT_MESSAGES,
} from "../../../common/content/site-content/messages";
import {
  SITE_DETAILS_DEFAULTS,
  type SiteDetails,
} from "../../../common/content/site-content/site-details-defaults";
import { ROLE_MESSAGES } from "../../../common/staff/roles";
import { auditEvents, siteDocuments } from "../../db/schema";
import { bearer } from "../../test/content";
import { TEST_DATABASES } from "../../test/harness";
import { signedInApp, signInAs } from "../../test/signed-in";

const URL = "/api/admin/site/site-details";
const details = (change: (d: SiteDetails) => void = () => {}): SiteDetails => {
  const copy = structuredClone(SITE_DETAILS_DEFAULTS);
  change(copy);
  return copy;
};
const CHRISTMAS = {
  from: "2099-12-25",
  to: "2099-12-26",
  hours: { closed: true as const },
  note: "emergency tankering only",
};

/** The site details document through the REST API: every rule, message, role, revision and record. */
describe.each(TEST_DATABASES)("site details on %s", (kind) => {
  const api = signedInApp(kind);
  const call = (
    method: "GET" | "PUT" | "POST" | "DELETE",
    url: string,
    token = api.token,
    payload?: object,
  ) => api.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const state = async () => (await call("GET", URL)).json().result;
  const audits = (action: string) =>
    api.app.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, action as "site_content_published"),
          eq(auditEvents.targetId, "site-details"),
        ),
      );

  it("shows today's details on an empty database", async () => {
    expect(await api.app.services.siteContent.published("site-details")).toEqual(SITE_DETAILS_DEFAULTS);
    const first = await state();
    expect(first).toMatchObject({
      version: 0,
      published: SITE_DETAILS_DEFAULTS,
      issues: {},
      publishedAt: null,
    });
  });

  it("refuses to publish a half-valid document, naming every field's problem; nothing changes", async () => {
    const bad = details((d) => {
      d.name = " ";
      d.address.postcode = "PE1 XXX";
      d.phone = "0173 555";
      d.email = "info@";
      d.wasteCarrierRegistration = "12";
      d.social.facebook = "http://www.facebook.com/x";
      d.reviews.read = "ftp://x";
      d.hours.mon = { closed: false, opens: "18:00", closes: "06:00" };
      d.hours.tue = { closed: false, opens: "6am", closes: "18:00" };
      d.hoursNote = "x".repeat(201);
      d.specialDays = [
        { from: "2099-02-30", to: "", hours: { closed: true }, note: "" },
        { from: "2099-12-24", to: "2099-12-23", hours: { closed: true }, note: "" },
        CHRISTMAS,
        { from: "2099-12-26", to: "", hours: { closed: false, opens: "10:00", closes: "12:00" }, note: "" },
        { from: "2099-12-31", to: "", hours: { closed: true }, note: "x".repeat(121) },
      ];
    });
    const res = await call("POST", `${URL}/publish`, api.token, { data: bad, baseVersion: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      name: M.required("company name"),
      "address.postcode": M.postcode,
      phone: M.phone,
      email: M.email,
      wasteCarrierRegistration: M.wasteCarrier,
      "social.facebook": M.url,
      "reviews.read": M.url,
      "hours.mon.closes": M.opensBeforeCloses,
      "hours.tue.opens": M.time,
      hoursNote: M.tooLong("line under the hours", 200),
      "specialDays.0.from": M.date,
      "specialDays.1.to": M.toBeforeFrom,
      "specialDays.3.from": M.overlap("2099-12-25 to 2099-12-26"),
      "specialDays.4.note": M.tooLong("note", 120),
    });
    expect(res.json().message).toBe(M.required("company name"));
    expect(await api.app.services.siteContent.published("site-details")).toEqual(SITE_DETAILS_DEFAULTS);
    expect((await state()).version).toBe(0);
  });

  it("accepts UK phone numbers with or without spaces and refuses others", async () => {
    const check = (phone: string) =>
      call("POST", `${URL}/publish`, api.token, {
        data: details((d) => (d.phone = phone)),
        at: "2099-01-01T00:00:00Z",
      });
    for (const phone of ["01733 555 014", "020 7946 0000", "0300 123 4567", "07700900123", "0800 123 456"])
      expect((await check(phone)).statusCode, phone).toBe(200);
    for (const phone of ["04733 555 014", "01733 55", "+44 1733 555014", "01733 555 014 99", "0173a555014"])
      expect((await check(phone)).json().fieldErrors, phone).toEqual({ phone: M.phone });
    await call("DELETE", `${URL}/schedule`);
  });

  it("keeps a half-valid draft as typed, with each field's problem, and warns of another editor's save", async () => {
    const before = await state();
    const draft = details((d) => (d.phone = "0173"));
    const saved = await call("PUT", `${URL}/draft`, api.token, { data: draft, baseVersion: before.version });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().result).toMatchObject({
      draft,
      issues: { phone: M.phone },
      unpublishedChanges: true,
    });
    const editor = await signInAs(api.app, "editor", "second-editor@example.co.uk");
    const theirs = await call("PUT", `${URL}/draft`, editor, {
      data: details(),
      baseVersion: saved.json().result.version,
      autosave: true,
    });
    expect(theirs.statusCode).toBe(200);
    const stale = await call("PUT", `${URL}/draft`, api.token, {
      data: draft,
      baseVersion: saved.json().result.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain("second-editor@example.co.uk");
    expect(stale.json().message).toMatch(/^Someone else changed this since you opened it/);
    expect((await state()).draft).toEqual(details());
    // Bad requests: 4xx with the catalogue's message, never a 5xx.
    expect((await call("PUT", `${URL}/draft`, api.token, { data: [], baseVersion: 0 })).json().message).toBe(
      SITE_CONTENT_MESSAGES.notAnObject,
    );
    expect((await call("PUT", `${URL}/draft`, api.token, { data: {} })).json().message).toBe(
      SITE_CONTENT_MESSAGES.staleVersionMissing,
    );
    const huge = await call("PUT", `${URL}/draft`, api.token, {
      data: { x: "x".repeat(300_000) },
      baseVersion: 0,
    });
    expect([huge.statusCode, huge.json().message]).toEqual([400, SITE_CONTENT_MESSAGES.tooLarge]);
    expect((await call("GET", "/api/admin/site/nothing")).statusCode).toBe(404);
  });

  it("publishes: the site shows it at once, the pages that show it are named, and it is recorded", async () => {
    const changes: Array<readonly string[] | undefined> = [];
    const stop = api.app.services.contentVersion.onChange((_v, _where, paths) => changes.push(paths));
    const { version } = await state();
    const data = details((d) => {
      d.phone = "01733 999 000";
      d.specialDays = [CHRISTMAS];
    });
    const res = await call("POST", `${URL}/publish`, api.token, { data, baseVersion: version });
    stop();
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ published: data, unpublishedChanges: false, issues: {} });
    expect(changes).toEqual([["site:site-details"]]);
    expect((await api.app.services.siteContent.published("site-details")).phone).toBe("01733 999 000");
    const [entry] = await audits("site_content_published");
    expect(entry).toMatchObject({
      actorEmail: "editor@example.co.uk",
      targetLabel: "Site details and opening hours",
    });
    const [last] = await api.app.services.siteContent.lastModified();
    expect(last).toMatchObject({ key: "site-details", paths: ["/*"] });
  });

  it("reads a publication made on another instance once the broadcast arrives", async () => {
    const before = await api.app.services.siteContent.published("site-details");
    await api.app.db
      .update(siteDocuments)
      .set({ published: { ...before, phone: "01733 111 222" } })
      .where(eq(siteDocuments.key, "site-details"));
    expect((await api.app.services.siteContent.published("site-details")).phone).toBe(before.phone); // from memory
    api.app.services.contentVersion.bump("elsewhere", ["site:site-details"]);
    expect((await api.app.services.siteContent.published("site-details")).phone).toBe("01733 111 222");
  });

  it("schedules a publication: nothing before its time, live at its time (clock injected)", async () => {
    const at = new Date(Date.now() + 3_600_000);
    const data = details((d) => (d.hours.sat = { closed: false, opens: "09:00", closes: "13:00" }));
    const past = await call("POST", `${URL}/publish`, api.token, {
      data,
      at: new Date(Date.now() - 1000).toISOString(),
    });
    expect([past.statusCode, past.json().message]).toEqual([400, SITE_CONTENT_MESSAGES.publishAtPast]);
    const bad = await call("POST", `${URL}/publish`, api.token, { data, at: "tomorrow" });
    expect([bad.statusCode, bad.json().message]).toEqual([400, SITE_CONTENT_MESSAGES.publishAtInvalid]);
    const recorded = (await audits("site_content_scheduled")).length;
    const res = await call("POST", `${URL}/publish`, api.token, { data, at: at.toISOString() });
    expect(res.json().result.publishAt).toBe(at.toISOString());
    expect((await audits("site_content_scheduled")).length).toBe(recorded + 1);
    const { scheduledPosts, siteContent } = api.app.services;
    await scheduledPosts.publishDue(new Date(at.getTime() - 1));
    expect((await siteContent.published("site-details")).hours.sat).toEqual(SITE_DETAILS_DEFAULTS.hours.sat);
    await scheduledPosts.publishDue(at);
    expect((await siteContent.published("site-details")).hours.sat).toEqual({
      closed: false,
      opens: "09:00",
      closes: "13:00",
    });
    expect((await state()).publishAt).toBeNull();
    expect((await call("DELETE", `${URL}/schedule`)).json().message).toBe(
      SITE_CONTENT_MESSAGES.nothingScheduled,
    );
  });

  it("lists revisions and restores one as the draft, recorded", async () => {
    const list = (await call("GET", `${URL}/revisions`)).json().result;
    expect(list[0]).toMatchObject({ reason: "scheduled", savedBy: "editor@example.co.uk" });
    const published = list.find((r: { reason: string }) => r.reason === "published");
    const res = await call("POST", `${URL}/revisions/${published.id}/restore`);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.draft.phone).toBe("01733 999 000");
    expect((await audits("site_content_restored")).length).toBe(1);
    expect((await call("GET", `${URL}/revisions`)).json().result[0].reason).toBe("restored");
    expect((await call("POST", `${URL}/revisions/${crypto.randomUUID()}/restore`)).json().message).toBe(
      SITE_CONTENT_MESSAGES.revisionNotFound,
    );
  });

  it("lets an Editor edit and publish, never a Desk", async () => {
    const desk = await signInAs(api.app, "desk");
    const forbidden = ROLE_MESSAGES.forbidden("site");
    for (const [method, url, payload] of [
      ["GET", URL],
      ["GET", "/api/admin/site"],
      ["PUT", `${URL}/draft`, { data: details(), baseVersion: 0 }],
      ["POST", `${URL}/publish`, { data: details() }],
      ["GET", `${URL}/revisions`],
    ] as const) {
      const res = await call(method, url, desk, payload);
      expect([res.statusCode, res.json().message], `${method} ${url}`).toEqual([403, forbidden]);
    }
    const editor = await signInAs(api.app, "editor");
    expect((await call("GET", "/api/admin/site", editor)).statusCode).toBe(200);
    const desker = await api.app.services.accounts.findByEmail("staff-desk@example.co.uk");
    await expect(
      api.app.services.siteContent.publish("site-details", {
        id: desker?.id ?? "",
        email: "d",
        role: "desk",
      }),
    ).rejects.toThrow(forbidden);
  });
});
