import { BOOKING_MESSAGES } from "@common/bookings/bookings";
import { ADMIN_AUTH_COOKIE } from "@common/staff/admin-cookie";
import { ROLE_MESSAGES } from "@common/staff/roles";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { londonLocal } from "~/lib/bookings/bookings-admin.server";
import { bookings } from "../../../server/db/schema";
import { loadContext } from "../../../server/pages/load-context";
import { ADMIN } from "../../../server/test/content";
import { withFormToken } from "../../../server/test/enquiry-fixtures";
import { TEST_DATABASES } from "../../../server/test/harness";
import { signedInApp, signInAs } from "../../../server/test/signed-in";
import { action, loader } from "./bookings";

const SCREEN = "http://localhost/admin/dashboard/bookings";
const statusOf = (answer: unknown) => (answer as { init?: { status?: number } } | null)?.init?.status ?? 200;
const bodyOf = (answer: unknown) => (answer as { data?: unknown }).data ?? answer;

/** 'Bookings' (issue 48): the desk's list and changes through the screen's loader and action. */
describe.each(TEST_DATABASES)("'Bookings' screen on %s", (kind) => {
  const api = signedInApp(kind);
  const context = () => loadContext(api.app.services, { nonce: "", ip: "127.0.0.1" });
  const cookieOf = (token: string) => `${ADMIN_AUTH_COOKIE}=${token}`;
  const load = (cookie: string, query = "") =>
    loader({
      request: new Request(`${SCREEN}${query}`, { headers: { cookie } }),
      context: context(),
      params: {},
    } as never);
  const post = (cookie: string, fields: Record<string, string | string[]>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields))
      for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
    return action({
      request: new Request(SCREEN, { method: "POST", headers: { cookie }, body: form }),
      context: context(),
      params: {},
    } as never);
  };
  const settle = async (answer: Promise<unknown>) => answer.catch((thrown: unknown) => thrown);

  it("lists the reviews to come, reassigns, moves and cancels them; Editor is refused", async () => {
    const days = await api.app.services.bookings.availableDays();
    const start = days[0].slots[0].start;
    const res = await api.app.inject({
      method: "POST",
      url: "/api/bookings",
      payload: await withFormToken(api.app, {
        start,
        name: "Desk Visitor",
        email: "desk.visitor@example.co.uk",
        phone: "01733 555 333",
        company: "Desk Farm",
        postcode: "PE1 1AA",
      }),
      headers: { origin: "http://localhost" },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await api.app.db
      .select()
      .from(bookings)
      .where(eq(bookings.reference, res.json().reference));

    const editor = cookieOf(await signInAs(api.app, "editor"));
    const refusedLoad = await settle(load(editor));
    expect(
      (refusedLoad as { init?: { status?: number } }).init?.status ?? (refusedLoad as Response).status,
    ).toBe(403);
    const refusedPost = await settle(post(editor, { intent: "cancel", id: row.id, reason: "x" }));
    expect(JSON.stringify(bodyOf(refusedPost))).toContain(ROLE_MESSAGES.forbidden("enquiries"));

    const desk = cookieOf(await signInAs(api.app, "desk"));
    const screen = await load(desk, "?range=upcoming");
    expect(screen.bookings.map((b) => b.id)).toContain(row.id);
    expect(screen.canChangeSettings).toBe(false);
    const deskAccount = screen.reviewers.find((r) => r.email === "staff-desk@example.co.uk");
    expect(deskAccount).toBeDefined();
    const given = await post(desk, { intent: "reassign", id: row.id, staffId: deskAccount!.id });
    expect(bodyOf(given)).toMatchObject({ ok: true });
    const mine = await load(desk, `?range=upcoming&staff=${deskAccount!.id}`);
    expect(mine.bookings.map((b) => b.id)).toEqual([row.id]);
    // 'Reschedule': the free times as the desk may give them, then one chosen.
    const moving = await load(desk, `?move=${row.id}&day=${days[0].day}`);
    expect(moving.move?.day?.slots.length).toBeGreaterThan(0);
    const to = moving.move!.day!.slots.find((s) => s.start !== start)!.start;
    expect(bodyOf(await post(desk, { intent: "reschedule", id: row.id, start: to }))).toMatchObject({
      ok: true,
    });
    const noReason = await post(desk, { intent: "cancel", id: row.id, reason: "" });
    expect(statusOf(noReason)).toBe(400);
    expect(
      bodyOf(await post(desk, { intent: "cancel", id: row.id, reason: "Called to cancel" })),
    ).toMatchObject({
      ok: true,
    });
    const [after] = await api.app.db.select().from(bookings).where(eq(bookings.id, row.id));
    expect(after).toMatchObject({ status: "cancelled", cancelReason: "Called to cancel" });
    expect(after.startsAt.toISOString()).toBe(to);
    // Settings are the Owner's.
    const settings = {
      intent: "settings",
      lengthMinutes: "45",
      bufferMinutes: "15",
      noticeDays: "1",
      horizonWeeks: "8",
    };
    expect(statusOf(await post(desk, settings))).toBe(403);
    const owner = cookieOf(api.token);
    expect(bodyOf(await post(owner, settings))).toMatchObject({ ok: true });
    expect((await api.app.services.bookings.settings()).lengthMinutes).toBe(45);
  });

  it("'Who takes reviews' is the Owner's: marked, refused for one not on enquiries, cleared back to the office", async () => {
    const desk = cookieOf(await signInAs(api.app, "desk"));
    const editorId = (await api.app.services.accounts.findByEmail("staff-editor@example.co.uk"))!.id;
    const owner = cookieOf(api.token);
    const before = await load(owner);
    expect(before.canChangeSettings).toBe(true);
    const deskId = before.reviewers.find((r) => r.email === "staff-desk@example.co.uk")!.id;
    expect(before.reviewers.every((r) => !r.takesReviews)).toBe(true);
    // The Desk may not mark them; nothing changes.
    const refused = await post(desk, { intent: "reviewers", staffId: [deskId] });
    expect(statusOf(refused)).toBe(403);
    expect(JSON.stringify(bodyOf(refused))).toContain(ROLE_MESSAGES.forbidden("booking-settings"));
    expect((await load(owner)).reviewers.some((r) => r.takesReviews)).toBe(false);
    // An Editor does not work on enquiries: refused with the message, nothing changed.
    const editor = await post(owner, { intent: "reviewers", staffId: [deskId, editorId] });
    expect([statusOf(editor), (bodyOf(editor) as { error: string }).error]).toEqual([
      400,
      BOOKING_MESSAGES.staffMember,
    ]);
    expect((await load(owner)).reviewers.some((r) => r.takesReviews)).toBe(false);
    // Two ticked (the form sends one staffId per box), then one, then none.
    const ownerId = before.reviewers.find((r) => r.email === ADMIN.email)!.id;
    const ticked = [deskId, ownerId];
    expect(bodyOf(await post(owner, { intent: "reviewers", staffId: ticked }))).toEqual({
      ok: true,
      message: "2 colleagues take reviews",
    });
    expect(
      (await load(desk)).reviewers
        .filter((r) => r.takesReviews)
        .map((r) => r.id)
        .sort(),
    ).toEqual([...ticked].sort());
    expect(bodyOf(await post(owner, { intent: "reviewers", staffId: [deskId] }))).toEqual({
      ok: true,
      message: "1 colleague takes reviews",
    });
    expect(bodyOf(await post(owner, { intent: "reviewers" }))).toEqual({
      ok: true,
      message: "Reviews are on the office's one calendar",
    });
    expect((await load(owner)).reviewers.some((r) => r.takesReviews)).toBe(false);
  });

  it("'Your calendar feed' makes the colleague's address, shown once, and a new one stops the old; Editor is refused", async () => {
    const desk = cookieOf(await signInAs(api.app, "desk"));
    const editor = cookieOf(await signInAs(api.app, "editor"));
    const deskId = (await api.app.services.accounts.findByEmail("staff-desk@example.co.uk"))!.id;
    expect((await load(desk)).feed).toEqual({ since: null });
    const refused = await settle(post(editor, { intent: "feed" }));
    expect(JSON.stringify(bodyOf(refused))).toContain(ROLE_MESSAGES.forbidden("enquiries"));
    const get = async (url: string) =>
      (await api.app.inject({ method: "GET", url: new URL(url).pathname })).statusCode;

    const made = bodyOf(await post(desk, { intent: "feed" })) as { ok: boolean; feedUrl: string };
    expect(made.ok).toBe(true);
    expect(new URL(made.feedUrl).pathname).toMatch(
      new RegExp(`^/api/bookings/feed/${deskId}/[A-Za-z0-9_-]{43}$`),
    );
    expect(await get(made.feedUrl)).toBe(200);
    const since = (await load(desk)).feed.since;
    expect(since).toEqual(expect.any(String));
    // The address is not kept: the screen never shows it again, only when it was made.
    expect(JSON.stringify(await load(desk))).not.toContain(new URL(made.feedUrl).pathname);

    const renewed = bodyOf(await post(desk, { intent: "feed" })) as { ok: boolean; feedUrl: string };
    expect(renewed.ok).toBe(true);
    expect(renewed.feedUrl).not.toBe(made.feedUrl);
    expect(await get(made.feedUrl)).toBe(404);
    expect(await get(renewed.feedUrl)).toBe(200);
    expect(Date.parse((await load(desk)).feed.since as string)).toBeGreaterThanOrEqual(
      Date.parse(since as string),
    );
  });

  it("blocks a time given on London's clock, and removes it", async () => {
    expect(londonLocal("2027-07-01T12:00")).toBe("2027-07-01T11:00:00.000Z");
    expect(londonLocal("2027-12-01T12:00")).toBe("2027-12-01T12:00:00.000Z");
    expect(londonLocal("soon")).toBe("");
    const desk = cookieOf(await signInAs(api.app, "desk"));
    const bad = await post(desk, { intent: "block", startsAt: "", endsAt: "", reason: "Training" });
    expect(statusOf(bad)).toBe(400);
    const added = await post(desk, {
      intent: "block",
      startsAt: "2099-01-05T09:00",
      endsAt: "2099-01-05T12:00",
      reason: "Training",
    });
    expect(bodyOf(added)).toMatchObject({ ok: true });
    const screen = await load(desk);
    const block = screen.blocks.find((b) => b.reason === "Training");
    expect(block?.startsAt).toBe("2099-01-05T09:00:00.000Z");
    expect(bodyOf(await post(desk, { intent: "unblock", id: block!.id }))).toMatchObject({ ok: true });
    expect((await load(desk)).blocks.find((b) => b.reason === "Training")).toBeUndefined();
  });
});
