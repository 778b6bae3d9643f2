import path from "node:path";
import { BOOKING_TEXTS } from "@common/bookings/bookings";
import { SPAM_MIN_FILL_MS } from "@common/leads/spam";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COOKIE_CONSENT_NAME } from "../../common/ui";
import { adminApi, adminPage, setUpBrowser, uniqueTitle } from "./admin";
import { baseURL, dataDir } from "./browser";
import { E2E_ADMIN } from "./global-setup";
import { waitForMailFile } from "./mail-files";

const browser = setUpBrowser();
let api: Awaited<ReturnType<typeof adminApi>>;
let popupTitle: string;
let popupId: string;

// The landing popup the walk starts from: active on the shared server while this file runs.
beforeAll(async () => {
  api = await adminApi();
  popupTitle = uniqueTitle("Free review");
  popupId = await api.createPopup(popupTitle, "Our team reviews your waste streams for free.");
  await api.activate(popupId);
});
afterAll(async () => {
  await api?.remove(popupId);
  await api?.dispose();
});

/** An ICS feed as text, its folded lines joined (RFC 5545 folds at 75 octets). */
async function feedText(feedPath: string) {
  const res = await fetch(`${baseURL()}${feedPath}`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/calendar");
  return (await res.text()).replace(/\r?\n[ \t]/g, "");
}

/** "2026-12-03T10:00:00.000Z" as an ICS date-time in UTC: "20261203T100000Z". */
const icsTime = (iso: string) => iso.replace(/\.\d{3}Z$/, "Z").replace(/[-:]/g, "");

/** Issue 48: the free waste review booked from the popup, moved and cancelled with HTML alone, on a phone. */
describe("booking a free waste review without JavaScript", () => {
  it("books a time from the popup's button, gets the mail with its .ics, moves and cancels it by the link; the desk sees it and its colleague's feed lists it until it is cancelled", async () => {
    const context = await browser().newContext({
      baseURL: baseURL(),
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    // A visitor who has answered the cookie banner: the popup is the one overlay.
    await context.addCookies([{ name: COOKIE_CONSENT_NAME, value: "rejected", url: baseURL() }]);
    const page = await context.newPage();
    try {
      // From the landing popup on a page: its one call to action leads to /book.
      await page.goto("/");
      const popup = page.getByRole("dialog", { name: popupTitle });
      await popup.waitFor();
      await popup.getByRole("link", { name: "Book Your Free Review Now" }).click();
      await page.waitForURL(`${baseURL()}/book`);
      await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
        BOOKING_TEXTS.heading,
      );
      // Days are links; a day's times are labelled radio buttons.
      await page.getByTestId("booking-days").getByRole("link").first().click();
      const times = page.getByTestId("booking-times").getByRole("radio");
      await expect(times.count()).resolves.toBeGreaterThan(1);
      await times.nth(1).check();
      await page.getByRole("button", { name: BOOKING_TEXTS.continue }).click();
      const served = Date.now();
      const email = `booker.${Date.now()}@example.co.uk`;
      await page.getByLabel("Name", { exact: true }).fill("Bea Booker");
      await page.getByLabel("Email", { exact: true }).fill(email);
      await page.getByLabel("Phone", { exact: true }).fill("01733 555 777");
      await page.getByLabel("Company", { exact: true }).fill("Booker Bakery");
      await page.getByLabel(BOOKING_TEXTS.postcodeLabel, { exact: true }).fill("PE1 5XG");
      await page.waitForTimeout(Math.max(0, SPAM_MIN_FILL_MS + 500 - (Date.now() - served)));
      await page.getByRole("button", { name: BOOKING_TEXTS.book }).click();
      const reference = (await page.getByTestId("booking-reference").textContent()) ?? "";
      expect(reference).toMatch(/^FO-[0-9A-F]{8}$/);
      expect(page.url()).not.toContain("booker");

      // The confirmation: its calendar invitation and the booking's own link.
      const mail = (await waitForMailFile(path.join(dataDir(), "mail"), `(${reference})`)).replace(
        /=\r?\n/g,
        "",
      );
      expect(mail).toContain("text/calendar");
      expect(mail).toContain("BEGIN:VCALENDAR");
      const link = /\/book\/manage\/([0-9a-f-]{36})\/[A-Za-z0-9_-]{43}/.exec(mail);
      expect(link).not.toBeNull();
      const [manage, bookingId] = link as RegExpExecArray;

      // Moved by the link (a day, then a time), then cancelled.
      await page.goto(manage);
      await page.getByTestId("booking-move").getByRole("link").nth(1).click();
      const movedTo = page.getByTestId("booking-times").getByRole("radio").first();
      const startsAt = (await movedTo.getAttribute("value")) ?? "";
      expect(startsAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/);
      await movedTo.check();
      await page.getByRole("button", { name: BOOKING_TEXTS.continue }).click();
      await page.getByRole("button", { name: BOOKING_TEXTS.reschedule }).click();
      await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
        BOOKING_TEXTS.rescheduled,
      );

      // The desk sees it, with its reference, in the days to come; a colleague takes it and
      // makes their calendar feed on 'Bookings', which lists it at its new time.
      const desk = await adminPage({ javaScriptEnabled: false });
      let feedPath = "";
      try {
        await desk.page.goto("/admin/dashboard/bookings?range=upcoming");
        await expect(desk.page.getByRole("link", { name: reference, exact: true }).count()).resolves.toBe(1);
        const row = desk.page
          .getByRole("row")
          .filter({ has: desk.page.getByRole("link", { name: reference, exact: true }) });
        await row.getByLabel("Taken by").selectOption({ label: E2E_ADMIN.email });
        await row.getByRole("button", { name: `Reassign ${reference}` }).click();
        await desk.page.getByText(`${reference}: given to ${E2E_ADMIN.email}`, { exact: true }).waitFor();
        const feed = desk.page.getByRole("region", { name: "Your calendar feed" });
        await feed.getByRole("button", { name: /^Make (my|a new) feed address$/ }).click();
        const address = await desk.page.getByLabel("Feed address").inputValue();
        feedPath = new URL(address).pathname;
        expect(feedPath).toMatch(/^\/api\/bookings\/feed\/[0-9a-f-]{36}\/[A-Za-z0-9_-]{43}$/);
      } finally {
        await desk.context.close();
      }
      const listed = await feedText(feedPath);
      expect(listed).toContain("BEGIN:VCALENDAR");
      const event = listed.split("BEGIN:VEVENT").find((e) => e.includes(`UID:${bookingId}@bookings`)) ?? "";
      expect(event).toContain(`SUMMARY:Free waste review ${reference}: Booker Bakery`);
      expect(event).toContain(`DTSTART:${icsTime(startsAt)}`);
      expect(event).not.toContain(email);

      await page.getByRole("button", { name: BOOKING_TEXTS.cancelConfirm }).click();
      await expect(page.getByTestId("booking-cancelled").isVisible()).resolves.toBe(true);
      // The link ended with it.
      const again = await page.goto(manage);
      expect(again?.status()).toBe(404);
      // The feed lists no cancelled review: it is gone from the colleague's calendar.
      const after = await feedText(feedPath);
      expect(after).toContain("BEGIN:VCALENDAR");
      expect(after).not.toContain(bookingId);
      expect(after).not.toContain(reference);
    } finally {
      await context.close();
    }
    // A hang guard, not a measure: some twenty round trips and a mail's wait, 47 s on a loaded machine.
  }, 120_000);
});
