import { describe, expect, it } from "vitest";
import { INBOX_MESSAGES } from "../../common/admin-messages";
import { ROLE_MESSAGES, STAFF_ROLE_TEXTS } from "../../common/staff/roles";
import { adminContext, invitedColleague, message, open, setUpBrowser, signIn } from "./admin";
import { axeViolations } from "./axe";
import { waitForHydration } from "./browser";

setUpBrowser();

const PASSWORD = "writer-password-42";

describe("staff roles in the browser", () => {
  it("an Editor sees no Enquiries, Privacy or Staff, gets 403 from their API, and gains the desk when an Owner says so", async () => {
    const email = await invitedColleague("editor", PASSWORD);
    const writer = await adminContext({ width: 360 });
    const owner = await adminContext();
    try {
      const { page } = writer;
      await page.goto("/admin");
      await waitForHydration(page);
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: "Log in" }).click();
      // An Editor starts at the blog: the dashboard's figures are not theirs.
      await page.waitForURL("**/admin/dashboard/blog");
      await waitForHydration(page);
      await page.getByRole("button", { name: "Open menu" }).click();
      const menu = page.getByRole("navigation", { name: "Dashboard" });
      await menu.getByRole("link", { name: "Blogs" }).waitFor();
      const links = await menu.getByRole("link").allTextContents();
      expect(links.map((l) => l.trim())).toEqual([
        "Blogs",
        "Popups",
        "Site",
        "Pages",
        "Landing pages",
        "Redirects",
      ]);

      // A direct URL answers the refusal, never the data.
      for (const [url, permission] of [
        ["/admin/dashboard/enquiries", "enquiries"],
        ["/admin/dashboard/privacy", "privacy"],
        ["/admin/dashboard/staff", "staff"],
      ] as const) {
        const res = await page.goto(url);
        expect(res?.status(), url).toBe(403);
        await page.getByRole("heading", { level: 1, name: ROLE_MESSAGES.notAllowedHeading }).waitFor();
        await page.getByText(ROLE_MESSAGES.forbidden(permission)).waitFor();
      }
      await waitForHydration(page);
      expect(await axeViolations(page)).toEqual([]);

      const api = await page.request.get("/api/admin/enquiries");
      expect(api.status()).toBe(403);
      expect(await api.json()).toEqual({ status: "Error", message: ROLE_MESSAGES.forbidden("enquiries") });
      expect((await page.request.get("/admin/dashboard/insights/export.csv")).status()).toBe(403);

      // The Owner makes the writer Desk on the Staff screen; it holds from their next request.
      await signIn(owner.page);
      await open(owner.page, "/admin/dashboard/staff");
      const row = owner.page.getByRole("listitem").filter({ hasText: email });
      await row.getByLabel(STAFF_ROLE_TEXTS.role).selectOption("desk");
      await row.getByRole("button", { name: STAFF_ROLE_TEXTS.changeRole }).click();
      await message(owner.page, ROLE_MESSAGES.roleChanged(email, "desk")).waitFor();
      await expect.poll(() => row.getByTestId("staff-role").textContent(), { timeout: 10_000 }).toBe("Desk");
      expect(await axeViolations(owner.page)).toEqual([]);

      expect((await page.request.get("/api/admin/enquiries")).status()).toBe(200);
      await open(page, "/admin/dashboard/enquiries");
      await page.getByRole("heading", { level: 1, name: INBOX_MESSAGES.heading }).waitFor();
      expect(await page.request.get("/api/admin/staff").then((r) => r.status())).toBe(403);
      expect(writer.errors).toEqual([]);
    } finally {
      await writer.context.close();
      await owner.context.close();
    }
  });
});
