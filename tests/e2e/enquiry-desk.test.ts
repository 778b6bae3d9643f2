import { SPAM_MIN_FILL_MS } from "@common/leads/spam";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { LEAD_MESSAGES } from "../../common/admin-messages";
import { REFERENCE_TEXT } from "../../common/leads/confirmation";
import { DESK_MESSAGES } from "../../common/leads/desk";
import { HONEYPOT_FIELD } from "../../common/leads/enquiries";
import { CONTACT_MESSAGES } from "../../common/leads/enquiry-messages";
import { startBuiltServer } from "../../scripts/server-process.mjs";
import { VALID_CONTACT, VALID_TANKERING } from "../../server/test/enquiry-fixtures";
import { decodeHeader, startSmtp } from "../../server/test/smtp";
import { adminContext, adminPage, open, setUpBrowser, signIn } from "./admin";
import { axeViolations } from "./axe";
import { baseURL, waitForHydration } from "./browser";
import { formTokens, sendEnquiry } from "./form-tokens";
import { E2E_ADMIN } from "./global-setup";

setUpBrowser();
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

/** Submits a contact enquiry as a visitor would and answers its id (found through the inbox API). */
async function enquiryOf(page: Page, name: string): Promise<string> {
  const res = await sendEnquiry(baseURL(), "/api/contact", { ...VALID_CONTACT, name });
  expect(res.status).toBe(201);
  const list = await page.request.get(`/api/admin/enquiries?q=${encodeURIComponent(name)}`);
  return (await list.json()).data[0]._id;
}

const timeline = (page: Page) =>
  page.getByRole("region", { name: LEAD_MESSAGES.timeline }).getByRole("listitem");

describe("the lead desk on an enquiry", () => {
  it("records the status, a note (edited by its author) and the assignment; 'Mine' and 'Unassigned' filter", async () => {
    const { page, context } = await adminPage();
    try {
      const name = `Desk ${Date.now().toString(36)}`;
      const id = await enquiryOf(page, name);
      await open(page, `/admin/dashboard/enquiries/${id}`);
      await page.getByText(LEAD_MESSAGES.timelineEmpty).waitFor();

      await page.getByRole("combobox", { name: "Status" }).selectOption("contacted");
      await timeline(page)
        .filter({ hasText: LEAD_MESSAGES.statusChanged("New", "Contacted") })
        .waitFor();
      expect(await timeline(page).first().textContent()).toContain(E2E_ADMIN.email);

      await page.getByLabel(LEAD_MESSAGES.note, { exact: true }).fill("Rang at 10, call back after lunch");
      await page.getByRole("button", { name: LEAD_MESSAGES.addNote }).click();
      await timeline(page).filter({ hasText: "Rang at 10, call back after lunch" }).waitFor();
      expect(await page.getByLabel(LEAD_MESSAGES.note, { exact: true }).inputValue()).toBe("");
      await page.getByRole("button", { name: LEAD_MESSAGES.editNote }).click();
      await page.getByLabel(LEAD_MESSAGES.editNote).fill("Call back on Friday");
      await page.getByRole("button", { name: LEAD_MESSAGES.saveNote }).click();
      const edited = timeline(page).filter({ hasText: "Call back on Friday" });
      await edited.waitFor();
      expect(await edited.textContent()).toContain("edited");

      await page
        .getByRole("combobox", { name: LEAD_MESSAGES.assignedTo })
        .selectOption({ label: E2E_ADMIN.email });
      await timeline(page)
        .filter({ hasText: LEAD_MESSAGES.assigned(E2E_ADMIN.email) })
        .waitFor();
      // Newest first: the assignment, then the note, then the status with the stage it moved
      // (the status follows the stage since issue 49: one change, an entry of each, same time).
      const texts = await timeline(page).allTextContents();
      expect(texts).toHaveLength(4);
      expect(texts[0]).toContain(LEAD_MESSAGES.assigned(E2E_ADMIN.email));
      expect(texts[1]).toContain("Call back on Friday");
      expect(
        texts.slice(2).filter((text) => text.includes(LEAD_MESSAGES.statusChanged("New", "Contacted"))),
      ).toHaveLength(1);
      expect(texts.slice(2).filter((text) => text.includes("Contacted"))).toHaveLength(2);

      const group = () => page.getByRole("group", { name: LEAD_MESSAGES.assignedFilter });
      await open(page, `/admin/dashboard/enquiries?q=${encodeURIComponent(name)}`);
      await group().getByRole("link", { name: LEAD_MESSAGES.mine, exact: true }).click();
      await page.waitForURL(/assigned=mine/);
      await page.getByRole("link", { name: new RegExp(name) }).waitFor();
      await group().getByRole("link", { name: LEAD_MESSAGES.unassigned, exact: true }).click();
      await page.waitForURL(/assigned=none/);
      await page.getByRole("link", { name: new RegExp(name) }).waitFor({ state: "detached" });
    } finally {
      await context.close();
    }
  });

  it.each(["dark", "light"] as const)(
    "an enquiry with its timeline has no axe violations (%s)",
    async (theme) => {
      const { page, context } = await adminPage({
        theme,
        width: theme === "light" ? 360 : 1280,
        bypassCSP: true,
      });
      try {
        const id = await enquiryOf(page, `Axe desk ${Date.now().toString(36)}`);
        await open(page, `/admin/dashboard/enquiries/${id}`);
        await page.getByLabel(LEAD_MESSAGES.note, { exact: true }).fill("A note for axe");
        await page.getByRole("button", { name: LEAD_MESSAGES.addNote }).click();
        await timeline(page).filter({ hasText: "A note for axe" }).waitFor();
        expect(await axeViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});

describe("replies to visitors", () => {
  it("a visitor sees their reference and gets one confirmation (never spam); staff reply from the enquiry", {
    timeout: 120_000,
  }, async () => {
    // A server of its own, mailing a real SMTP sink (AUTO_REPLY is on with SMTP_URL).
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const server = await startBuiltServer({
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SEED_DEMO: "0",
      SMTP_URL: smtp.url,
      MAIL_TO: "office@fenland.example",
    });
    cleanups.push(() => server.stop());
    const { page, context } = await adminContext({ baseURL: server.url });
    cleanups.push(() => context.close());

    const name = `Reply ${Date.now().toString(36)}`;
    await page.goto("/contact");
    await waitForHydration(page);
    for (const [label, value] of [
      ["Name", name],
      ["Email", "visitor@example.co.uk"],
      ["Company", "Fen Foods"],
      ["Phone", "01733 111 222"],
      ["Message", "Weekly collection please"],
    ])
      await page.getByLabel(label, { exact: true }).fill(value);
    // A person takes longer than the spam check's shortest fill (a form sent back sooner is Spam).
    await page.waitForTimeout(SPAM_MIN_FILL_MS + 500);
    await page.getByRole("main").getByRole("button", { name: "Submit" }).click();
    await page.getByText(CONTACT_MESSAGES.success, { exact: true }).waitFor();
    const shown = await page.getByText(/^Your reference: FO-[0-9A-F]{8}$/).textContent();
    const reference = shown?.replace("Your reference: ", "") ?? "";

    const spam = await fetch(`${server.url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...VALID_CONTACT, email: "bot@example.co.uk", [HONEYPOT_FIELD]: "filled" }),
    });
    expect(spam.status).toBe(201);

    const toVisitor = () => smtp.received.filter((m) => m.to.includes("visitor@example.co.uk"));
    await expect.poll(() => toVisitor().length, { timeout: 20_000 }).toBe(1);
    expect(decodeHeader(toVisitor()[0].headers.subject)).toBe(`We have your message (${reference})`);
    expect(smtp.received.filter((m) => m.to.includes("office@fenland.example"))).toHaveLength(1);

    // Staff open the enquiry: the same reference; a reply goes to the visitor and stays in the timeline.
    await signIn(page);
    const list = await page.request.get(`/api/admin/enquiries?q=${encodeURIComponent(name)}`);
    const id = (await list.json()).data[0]._id;
    await open(page, `/admin/dashboard/enquiries/${id}`);
    await page.getByText(reference, { exact: true }).waitFor();
    expect(await page.getByText(REFERENCE_TEXT.label, { exact: false }).first().isVisible()).toBe(true);
    await page.getByRole("textbox", { name: LEAD_MESSAGES.reply }).fill("Hello,\nwe can collect on Tuesday.");
    await page.getByRole("button", { name: LEAD_MESSAGES.sendReply }).click();
    await timeline(page).filter({ hasText: "we can collect on Tuesday." }).waitFor();
    await expect.poll(() => toVisitor().length, { timeout: 20_000 }).toBe(2);
    expect(decodeHeader(toVisitor()[1].headers.subject)).toContain(reference);
    expect(toVisitor()[1].text).toContain("we can collect on Tuesday.");
    // Never a confirmation for the honeypot's spam.
    await new Promise((r) => setTimeout(r, 1000));
    expect(smtp.received.some((m) => m.to.includes("bot@example.co.uk"))).toBe(false);
  });
});

describe("the dashboard at a glance", () => {
  it("shows the waiting count, the weekly chart with its table, the median, the active popup and the latest posts", {
    timeout: 120_000,
  }, async () => {
    const server = await startBuiltServer({
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SEED_DEMO: "1",
    });
    cleanups.push(() => server.stop());
    const tokens = await formTokens(server.url, 3);
    for (const [i, [path, body]] of (
      [
        ["/api/contact", VALID_CONTACT],
        ["/api/contact", { ...VALID_CONTACT, name: "Second Visitor" }],
        ["/api/tankering", VALID_TANKERING],
      ] as const
    ).entries()) {
      const res = await sendEnquiry(server.url, path, body, tokens[i]);
      expect(res.status).toBe(201);
    }
    // One contacted through the API before anyone looks (the chart and median are kept a minute).
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(E2E_ADMIN),
    });
    const auth = { authorization: `Bearer ${(await login.json()).auth}`, "content-type": "application/json" };
    const list = (await (await fetch(`${server.url}/api/admin/enquiries`, { headers: auth })).json()).data;
    const contacted = await fetch(`${server.url}/api/admin/enquiries/${list[0]._id}/status`, {
      method: "PUT",
      headers: auth,
      body: JSON.stringify({ status: "contacted" }),
    });
    expect(contacted.status).toBe(200);
    for (const theme of ["dark", "light"] as const) {
      const { page, context } = await adminContext({
        baseURL: server.url,
        theme,
        width: theme === "light" ? 360 : 1280,
      });
      cleanups.push(() => context.close());
      await signIn(page);
      const glance = page.getByRole("region", { name: DESK_MESSAGES.heading });
      await expect
        .poll(
          () => glance.getByRole("heading", { name: DESK_MESSAGES.waiting }).locator("..").textContent(),
          {
            timeout: 10_000,
          },
        )
        .toContain("2");
      await glance.getByRole("img", { name: DESK_MESSAGES.chartTitle }).waitFor();
      expect(await glance.locator("svg desc").textContent()).toBe(DESK_MESSAGES.chartSummary(3));
      await glance.getByText(DESK_MESSAGES.asTable).click();
      const lastWeek = glance.getByRole("table").getByRole("row").last();
      // Contact, quote, tankering, free waste review (a kind of its own since issue 48), and the total.
      expect(await lastWeek.getByRole("cell").allTextContents()).toEqual(["2", "0", "1", "0", "3"]);
      expect(
        await glance.getByRole("heading", { name: DESK_MESSAGES.median }).locator("..").textContent(),
      ).toContain(DESK_MESSAGES.of(1));
      const popup = glance.getByRole("heading", { name: DESK_MESSAGES.activePopup }).locator("..");
      expect(await popup.textContent()).not.toContain(DESK_MESSAGES.noPopup);
      expect(
        await glance
          .getByRole("heading", { name: DESK_MESSAGES.latestPosts })
          .locator("..")
          .getByRole("link")
          .count(),
      ).toBe(3);
      await page.getByText("Orders are unavailable for now.").waitFor();
      expect(await axeViolations(page)).toEqual([]);
    }
  });
});
