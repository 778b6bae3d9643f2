import { BOOKING_MESSAGES } from "@common/bookings/bookings";
import { FORM_TOKEN_FIELD } from "@common/leads/spam-fields";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BookView, ManageView } from "~/lib/bookings/book-page.server";
import { bookings, mailOutbox } from "../../server/db/schema";
import { loadContext } from "../../server/pages/load-context";
import { buildTestApp, TEST_DATABASES } from "../../server/test/harness";
import { action, loader } from "./book";

const SITE = "http://localhost";
const statusOf = (answer: unknown) =>
  answer instanceof Response
    ? answer.status
    : ((answer as { init?: { status?: number } } | null)?.init?.status ?? 200);
const bodyOf = (answer: unknown) => (answer as { data?: unknown } | null)?.data as Record<string, unknown>;
async function settle(call: () => Promise<unknown>): Promise<unknown> {
  try {
    return await call();
  } catch (thrown) {
    return thrown;
  }
}
type Loaded = { book?: BookView; manage?: ManageView };
/** The booking steps' view of a loaded page. */
const stepOf = (loaded: Loaded) => loaded.book?.step ?? loaded.manage?.step;

describe.each(TEST_DATABASES)("/book without JavaScript (issue 48) on %s", (kind) => {
  let app: FastifyInstance;
  let context: AppLoadContext;
  beforeAll(async () => {
    app = await buildTestApp(kind);
    context = loadContext(app.services, { nonce: "", ip: "192.0.2.48" });
  });
  afterAll(() => app?.close());

  const load = (path: string, splat = "") =>
    loader({
      request: new Request(`${SITE}${path}`),
      context,
      params: { "*": splat },
    } as never) as Promise<Loaded>;
  const post = async (path: string, fields: Record<string, string>, splat = "") =>
    settle(() =>
      action({
        request: new Request(`${SITE}${path}`, { method: "POST", body: new URLSearchParams(fields) }),
        context,
        params: { "*": splat },
      } as never),
    );
  const token = () => app.services.spam.issueToken(Date.now() - 45_000);
  const details = {
    name: "Sam Field",
    email: "sam.field@example.co.uk",
    phone: "01733 555 222",
    company: "Field Foods",
    postcode: "PE2 6AB",
    note: "",
  };

  it("walks days (links), a day's times (radio buttons), the details and the confirmation", async () => {
    const first = await load("/book");
    if (first.book?.step !== "days") throw new Error("days expected");
    const day = first.book.days[0];
    const times = await load(`/book?day=${day.day}`);
    expect(stepOf(times)).toBe("times");
    const slot = day.slots[1];
    const chosen = await load(`/book?day=${day.day}&start=${encodeURIComponent(slot.start)}`);
    expect(stepOf(chosen)).toBe("details");
    // Refused: each field's message, what was typed kept, nothing booked.
    const refused = await post("/book", {
      start: slot.start,
      ...details,
      email: "sam",
      [FORM_TOKEN_FIELD]: await token(),
    });
    expect(statusOf(refused)).toBe(400);
    expect(bodyOf(refused).fieldErrors).toEqual({ email: BOOKING_MESSAGES.invalidEmail });
    expect((bodyOf(refused).values as Record<string, string>).name).toBe("Sam Field");
    const sent = await post("/book", { start: slot.start, ...details, [FORM_TOKEN_FIELD]: await token() });
    expect(statusOf(sent)).toBe(303);
    const location = (sent as Response).headers.get("location") ?? "";
    expect(location).toMatch(/^\/book\?booked=FO-[0-9A-F]{8}&at=/);
    expect(location).not.toContain("sam");
    const done = await load(location);
    expect(stepOf(done)).toBe("done");
    // The same time again: plainly refused with the nearest free times.
    const again = await post("/book", { start: slot.start, ...details, [FORM_TOKEN_FIELD]: await token() });
    expect(statusOf(again)).toBe(409);
    const taken = bodyOf(again).taken as { message: string; nearest: Array<{ start: string }> };
    expect(taken.message).toBe(BOOKING_MESSAGES.taken);
    expect(taken.nearest.length).toBeGreaterThan(0);
  });

  it("the link's page moves and cancels the booking; another link or a used one shows why it does not work", async () => {
    const loaded = (await load("/book")) as { book: { days: Array<{ slots: Array<{ start: string }> }> } };
    const days = loaded.book.days;
    const day = days[1];
    const sent = await post("/book", {
      start: day.slots[0].start,
      ...details,
      email: "link@example.co.uk",
      [FORM_TOKEN_FIELD]: await token(),
    });
    const reference = new URL(`${SITE}${(sent as Response).headers.get("location")}`).searchParams.get(
      "booked",
    );
    const [row] = await app.db
      .select()
      .from(bookings)
      .where(eq(bookings.reference, reference as string));
    const [mail] = (
      await app.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.enquiryId, row.enquiryId as string))
    ).filter((m) => m.kind === "booking");
    const match = /\/book\/manage\/([0-9a-f-]{36})\/([A-Za-z0-9_-]{43})/.exec(mail.message?.text ?? "");
    const splat = `manage/${match?.[1]}/${match?.[2]}`;
    const page = await load(`/book/${splat}`, splat);
    expect(stepOf(page)).toBe("manage");
    const wrong = `manage/${match?.[1]}/${"A".repeat(43)}`;
    const refused = await settle(() => load(`/book/${wrong}`, wrong));
    expect(statusOf(refused)).toBe(404);
    expect(bodyOf(refused).message).toBe(BOOKING_MESSAGES.linkInvalid);
    const to = day.slots[2].start;
    const moved = await post(`/book/${splat}`, { intent: "reschedule", start: to }, splat);
    expect(statusOf(moved)).toBe(303);
    const [after] = await app.db.select().from(bookings).where(eq(bookings.id, row.id));
    expect(after.startsAt.toISOString()).toBe(to);
    const cancelled = await post(`/book/${splat}`, { intent: "cancel" }, splat);
    expect(statusOf(cancelled)).toBe(303);
    expect((cancelled as Response).headers.get("location")).toBe(`/book?cancelled=${reference}`);
    expect(statusOf(await settle(() => load(`/book/${splat}`, splat)))).toBe(404);
    expect(statusOf(await settle(() => load("/book/elsewhere", "elsewhere")))).toBe(404);
  });
});
