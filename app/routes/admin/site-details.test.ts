import { SITE_DETAILS_MESSAGES as M, SITE_CONTENT_MESSAGES } from "@common/content/site-content/messages";
import { openNowText } from "@common/content/site-content/opening-hours";
import { PAGE_CONTENT_MESSAGES } from "@common/content/site-content/page-messages";
import { SITE_DETAILS_DEFAULTS, type SiteDetails } from "@common/content/site-content/site-details-defaults";
import { ADMIN_AUTH_COOKIE } from "@common/staff/admin-cookie";
import { ROLE_MESSAGES } from "@common/staff/roles";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvents } from "../../../server/db/schema";
import { loadContext } from "../../../server/pages/load-context";
import { TEST_DATABASES } from "../../../server/test/harness";
import { signedInApp, signInAs } from "../../../server/test/signed-in";
import { loader as publicLayout } from "../public-layout";
import { action, loader } from "./site-details";
import { loader as listLoader } from "./site-list";

const SCREEN = "http://localhost/admin/dashboard/site/site-details";

/** What React Router returns: data() with its init, or the plain answer (200). */
const statusOf = (answer: unknown) => (answer as { init?: { status?: number } } | null)?.init?.status ?? 200;
const bodyOf = (answer: unknown) => (answer as { data?: unknown }).data ?? answer;

/** The editor's form as the browser posts it: every control named by its dotted path. */
function formOf(details: SiteDetails, fields: Record<string, string>): FormData {
  const form = new FormData();
  const add = (path: string, value: unknown) => {
    if (Array.isArray(value)) {
      form.set(`${path}.count`, String(value.length));
      for (const [i, item] of value.entries()) add(`${path}.${i}`, item);
    } else if (value && typeof value === "object") {
      for (const [name, inner] of Object.entries(value)) {
        if (name === "closed") {
          if (inner) form.set(`${path}.closed`, "on");
        } else add(`${path}.${name}`, inner);
      }
    } else form.set(path, String(value));
  };
  for (const [name, value] of Object.entries(details)) add(name, value);
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

const details = (change: (d: SiteDetails) => void = () => {}): SiteDetails => {
  const copy = structuredClone(SITE_DETAILS_DEFAULTS);
  change(copy);
  return copy;
};

/** The site details' screen (route loader and action, as React Router calls them) on both databases. */
describe.each(TEST_DATABASES)("'Site details' screen on %s", (kind) => {
  const api = signedInApp(kind);
  const context = () => loadContext(api.app.services, { nonce: "", ip: "127.0.0.1" });
  const cookieOf = (token: string) => `${ADMIN_AUTH_COOKIE}=${token}`;
  const load = (cookie: string) =>
    loader({
      request: new Request(SCREEN, { headers: { cookie } }),
      context: context(),
      params: {},
    } as never);
  const post = (cookie: string, form: FormData) =>
    action({
      request: new Request(SCREEN, { method: "POST", headers: { cookie }, body: form }),
      context: context(),
      params: {},
    } as never);
  /** A thrown answer (requireAdmin's 403) or the returned one. */
  const settle = async (answer: Promise<unknown>) => answer.catch((thrown: unknown) => thrown);

  it("saves a draft as typed (a revision and an activity entry), the site unchanged until published", async () => {
    const cookie = cookieOf(await signInAs(api.app, "editor", "site-editor@example.co.uk"));
    const { state } = await load(cookie);
    const draft = details((d) => {
      d.phone = "01733 000 111";
      d.hoursNote = "Sundays: emergency tankering only, on 07700 900 123.";
      d.specialDays = [
        { from: "2099-12-25", to: "", hours: { closed: true }, note: "Emergency tankering only" },
      ];
    });
    const saved = await post(cookie, formOf(draft, { intent: "save", baseVersion: String(state.version) }));
    expect(statusOf(saved)).toBe(200);
    expect(bodyOf(saved)).toMatchObject({
      ok: true,
      message: SITE_CONTENT_MESSAGES.saved,
      state: {
        draft,
        unpublishedChanges: true,
        version: state.version + 1,
        updatedBy: "site-editor@example.co.uk",
      },
    });
    expect((await api.app.services.siteContent.published("site-details")).phone).toBe(
      SITE_DETAILS_DEFAULTS.phone,
    );
    const after = await load(cookie);
    expect(after.revisions[0]).toMatchObject({ reason: "saved", savedBy: "site-editor@example.co.uk" });
    const entries = await api.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "site_content_saved"), eq(auditEvents.targetId, "site-details")));
    expect(entries.map((e) => e.actorEmail)).toContain("site-editor@example.co.uk");

    // Published from the form: the site shows it, and the 'Site' list says so.
    const published = await post(
      cookie,
      formOf(draft, { intent: "publish", baseVersion: String(after.state.version) }),
    );
    expect(bodyOf(published)).toMatchObject({ ok: true, message: SITE_CONTENT_MESSAGES.published });
    expect(await api.app.services.siteContent.published("site-details")).toEqual(draft);
    const list = await listLoader({
      request: new Request("http://localhost/admin/dashboard/site", { headers: { cookie } }),
      context: context(),
      params: {},
    } as never);
    const row = list.documents.find((d) => d.key === "site-details");
    expect(row?.state).toHaveLength(1);
    expect(row?.state[0]).toMatch(/^Published /);
  });

  it("refuses to publish a half-valid document with every field's message by its path; nothing is published", async () => {
    const cookie = cookieOf(api.token);
    const before = await api.app.services.siteContent.published("site-details");
    const { state } = await load(cookie);
    const bad = details((d) => {
      d.phone = "0173 555";
      d.email = "info@";
      d.address.postcode = "PE1 XXX";
      d.hours.sat = { closed: false, opens: "17:00", closes: "08:00" };
      d.specialDays = [
        { from: "2099-12-25", to: "", hours: { closed: true }, note: "" },
        { from: "2099-12-25", to: "", hours: { closed: false, opens: "10:00", closes: "12:00" }, note: "" },
        { from: "2099-02-30", to: "", hours: { closed: true }, note: "" },
      ];
    });
    const refused = await post(
      cookie,
      formOf(bad, { intent: "publish", baseVersion: String(state.version) }),
    );
    expect(statusOf(refused)).toBe(400);
    expect(bodyOf(refused)).toEqual({
      ok: false,
      error: M.postcode,
      fieldErrors: {
        "address.postcode": M.postcode,
        phone: M.phone,
        email: M.email,
        "hours.sat.closes": M.opensBeforeCloses,
        "specialDays.2.from": M.date,
        "specialDays.1.from": M.overlap("2099-12-25"),
      },
    });
    expect(await api.app.services.siteContent.published("site-details")).toEqual(before);
    // Its preview is refused in the same way: a half-valid draft is never shown.
    const preview = await post(
      cookie,
      formOf(bad, { intent: "preview", baseVersion: String(state.version) }),
    );
    expect(statusOf(preview)).toBe(400);
    expect(bodyOf(preview)).toMatchObject({ ok: false, error: PAGE_CONTENT_MESSAGES.previewInvalid });
    // A schedule without a time says so beside the time.
    const after = await load(cookie);
    const noTime = await post(
      cookie,
      formOf(details(), { intent: "schedule", at: "", baseVersion: String(after.state.version) }),
    );
    expect(bodyOf(noTime)).toEqual({
      ok: false,
      error: SITE_CONTENT_MESSAGES.publishAtInvalid,
      fieldErrors: { at: SITE_CONTENT_MESSAGES.publishAtInvalid },
    });
  });

  it("refuses a save made from an older version, naming who saved since; their save stays", async () => {
    const owner = cookieOf(api.token);
    const editor = cookieOf(await signInAs(api.app, "editor", "second-editor@example.co.uk"));
    const { state } = await load(owner);
    const theirs = details((d) => {
      d.phone = "01733 222 333";
    });
    await post(editor, formOf(theirs, { intent: "autosave", baseVersion: String(state.version) }));
    const mine = await post(
      owner,
      formOf(
        details((d) => {
          d.phone = "01733 444 555";
        }),
        {
          intent: "save",
          baseVersion: String(state.version),
        },
      ),
    );
    expect(statusOf(mine)).toBe(409);
    const { error } = bodyOf(mine) as { error: string };
    expect(error).toContain("second-editor@example.co.uk");
    expect(error.startsWith(SITE_CONTENT_MESSAGES.stale(null, null).split(".")[0])).toBe(true);
    expect((await load(owner)).state.draft).toEqual(theirs);
  });

  it("previews a valid draft on the public pages for its editor only, 'open now' from the draft's hours", async () => {
    const cookie = cookieOf(await signInAs(api.app, "editor", "preview-editor@example.co.uk"));
    const { state } = await load(cookie);
    const closedAllWeek = details((d) => {
      d.phone = "01733 999 000";
      for (const day of Object.keys(d.hours) as Array<keyof SiteDetails["hours"]>)
        d.hours[day] = { closed: true };
    });
    const preview = await settle(
      post(cookie, formOf(closedAllWeek, { intent: "preview", baseVersion: String(state.version) })),
    );
    expect((preview as Response).status).toBe(302);
    expect((preview as Response).headers.get("location")).toBe("/contact?preview=site-details");
    const layout = (url: string, headers: Record<string, string> = {}) =>
      publicLayout({ request: new Request(url, { headers }), context: context(), params: {} } as never);
    const shown = await layout("http://localhost/contact?preview=site-details", { cookie });
    expect(shown.site).toEqual(closedAllWeek);
    expect(shown.openNow).toBe(openNowText(closedAllWeek, new Date()));
    // A visitor asking for the same address, and the editor without it, get what is published.
    const published = await api.app.services.siteContent.published("site-details");
    expect(await layout("http://localhost/contact?preview=site-details")).toEqual({
      site: published,
      footer: expect.anything(),
      menu: { main: [], footer: [] },
    });
    expect((await layout("http://localhost/contact", { cookie })).site).toEqual(published);
  });

  it("answers a Desk the screens' refusal (403), reading and writing", async () => {
    const desk = cookieOf(await signInAs(api.app, "desk"));
    for (const answer of [
      await settle(load(desk)),
      await settle(post(desk, formOf(details(), { intent: "save", baseVersion: "0" }))),
      await settle(
        listLoader({
          request: new Request("http://localhost/admin/dashboard/site", { headers: { cookie: desk } }),
          context: context(),
          params: {},
        } as never),
      ),
    ]) {
      expect(statusOf(answer)).toBe(403);
      expect(bodyOf(answer)).toBe(ROLE_MESSAGES.forbidden("site"));
    }
  });
});
