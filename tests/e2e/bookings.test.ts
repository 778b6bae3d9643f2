import path from "node:path";
import { BOOKING_TEXTS } from "@common/bookings/bookings";
import { SPAM_MIN_FILL_MS } from "@common/leads/spam";
import { describe, expect, it } from "vitest";
import { adminPage, setUpBrowser } from "./admin";
import { baseURL, dataDir } from "./browser";
import { waitForMailFile } from "./mail-files";

const browser = setUpBrowser();

/** Issue 48: the free waste review booked, moved and cancelled with HTML alone. */
describe("booking a free waste review without JavaScript", () => {
  it("books a time, gets the mail with its .ics, moves and cancels it by the link; the desk sees it", async () => {
    const context = await browser().newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto("/book");
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
      const link = /\/book\/manage\/[0-9a-f-]{36}\/[A-Za-z0-9_-]{43}/.exec(mail)?.[0];
      expect(link).toBeDefined();

      // Moved by the link (a day, then a time), then cancelled.
      await page.goto(link as string);
      await page.getByTestId("booking-move").getByRole("link").nth(1).click();
      await page.getByTestId("booking-times").getByRole("radio").first().check();
      await page.getByRole("button", { name: BOOKING_TEXTS.continue }).click();
      await page.getByRole("button", { name: BOOKING_TEXTS.reschedule }).click();
      await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
        BOOKING_TEXTS.rescheduled,
      );

      // The desk sees it, with its reference, in the days to come.
      const desk = await adminPage({ javaScriptEnabled: false });
      try {
        await desk.page.goto("/admin/dashboard/bookings?range=upcoming");
        await expect(desk.page.getByRole("link", { name: reference, exact: true }).count()).resolves.toBe(1);
      } finally {
        await desk.context.close();
      }

      await page.getByRole("button", { name: BOOKING_TEXTS.cancelConfirm }).click();
      await expect(page.getByTestId("booking-cancelled").isVisible()).resolves.toBe(true);
      // The link ended with it.
      const again = await page.goto(link as string);
      expect(again?.status()).toBe(404);
    } finally {
      await context.close();
    }
  });
});
