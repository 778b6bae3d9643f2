import { randomUUID } from "node:crypto";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { STAFF_MESSAGES } from "../../common/admin-messages";
import { STAFF_ROLE_TEXTS } from "../../common/staff/roles";
import { adminContext, message, open, setUpBrowser, signIn } from "./admin";
import { axeViolations } from "./axe";
import { dataDir, waitForHydration } from "./browser";
import { waitForMailFile } from "./mail-files";

setUpBrowser();

const STAFF = "/admin/dashboard/staff";
const PASSWORD = "colleague-password-7";

/** The invitation link's path, as mailed to `email` (quoted-printable soft breaks undone). */
async function invitationPath(email: string): Promise<string> {
  const raw = await waitForMailFile(path.join(dataDir(), "mail"), email);
  const link = /\/admin\/invite\/[A-Za-z0-9_-]{43}/.exec(raw.replace(/=\r?\n/g, ""));
  if (!link) throw new Error(`no invitation link in the mail to ${email}`);
  return link[0];
}

describe("Staff", () => {
  it("invites a colleague who sets their password, signs in, and is removed with their session", async () => {
    const owner = await adminContext();
    const colleague = await adminContext({ width: 360 });
    const email = `colleague-${randomUUID().slice(0, 8)}@example.co.uk`;
    try {
      const { page } = owner;
      await signIn(page);
      await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Staff" }).click();
      await page.getByRole("heading", { level: 1, name: STAFF_MESSAGES.heading }).waitFor();
      // One's own account has no 'Remove'.
      const mine = page.getByRole("listitem").filter({ hasText: STAFF_MESSAGES.you });
      expect(await mine.getByRole("button", { name: STAFF_MESSAGES.remove }).count()).toBe(0);

      await page.getByLabel(STAFF_MESSAGES.email).fill("not an address");
      await page.getByRole("button", { name: STAFF_MESSAGES.invite }).click();
      await expect
        .poll(() => page.getByTestId("staff-error").textContent(), { timeout: 10_000 })
        .toBe(STAFF_MESSAGES.invalidEmail);
      await page.getByLabel(STAFF_MESSAGES.email).fill(email);
      // A Desk colleague: the dashboard is theirs, so they land on it as the owner does.
      await page
        .getByRole("region", { name: STAFF_MESSAGES.inviteHeading })
        .getByLabel(STAFF_ROLE_TEXTS.role)
        .selectOption("desk");
      await page.getByRole("button", { name: STAFF_MESSAGES.invite }).click();
      await page
        .getByRole("status")
        .filter({ hasText: STAFF_MESSAGES.invited(email) })
        .waitFor();
      await page.getByRole("region", { name: STAFF_MESSAGES.invites }).getByText(email).waitFor();

      // The colleague follows the mailed link and sets their own password.
      const link = await invitationPath(email);
      await open(colleague.page, link);
      await colleague.page
        .getByRole("heading", { level: 1, name: STAFF_MESSAGES.setPasswordHeading })
        .waitFor();
      await colleague.page.getByText(STAFF_MESSAGES.setPasswordIntro(email)).waitFor();
      await colleague.page.getByLabel("New password", { exact: true }).fill(PASSWORD);
      await colleague.page.getByLabel("Confirm new password").fill(`${PASSWORD}x`);
      await colleague.page.getByRole("button", { name: STAFF_MESSAGES.setPassword }).click();
      await expect
        .poll(() => colleague.page.getByTestId("invite-error").textContent(), { timeout: 10_000 })
        .toBe("The new password and its confirmation do not match");
      await colleague.page.getByLabel("Confirm new password").fill(PASSWORD);
      await colleague.page.getByRole("button", { name: STAFF_MESSAGES.setPassword }).click();
      await colleague.page.waitForURL("**/admin/dashboard");

      // The link works once; the colleague signs out, then in with their own password.
      await open(colleague.page, link);
      await colleague.page.getByText(STAFF_MESSAGES.inviteInvalid).waitFor();
      await open(colleague.page, "/admin/dashboard");
      await colleague.page.getByRole("button", { name: "Log out" }).click();
      await colleague.page.waitForURL("**/admin");
      await signIn(colleague.page, { email, password: PASSWORD });

      // The owner sees the colleague's sign-in, then removes the account: its session ends at once.
      await open(page, STAFF);
      const row = page.getByRole("listitem").filter({ hasText: email });
      await row.waitFor();
      expect(await row.textContent()).not.toContain(STAFF_MESSAGES.neverSignedIn);
      await row.getByRole("button", { name: STAFF_MESSAGES.remove }).click();
      const dialog = page.getByRole("alertdialog", { name: STAFF_MESSAGES.removeTitle });
      await dialog.getByRole("button", { name: STAFF_MESSAGES.remove }).click();
      await message(page, STAFF_MESSAGES.removed(email)).waitFor();
      await row.waitFor({ state: "detached" });
      await colleague.page.reload();
      expect(new URL(colleague.page.url()).pathname).toBe("/admin");
    } finally {
      await owner.context.close();
      await colleague.context.close();
    }
  });

  it.each(["dark", "light"] as const)(
    "Staff and the invitation screen have no axe violations (%s)",
    async (theme) => {
      const { page, context } = await adminContext({ theme, width: theme === "light" ? 360 : 1280 });
      try {
        await signIn(page);
        await open(page, STAFF);
        const email = `axe-${randomUUID().slice(0, 8)}@example.co.uk`;
        await page.getByLabel(STAFF_MESSAGES.email).fill(email);
        await page.getByRole("button", { name: STAFF_MESSAGES.invite }).click();
        await page.getByRole("region", { name: STAFF_MESSAGES.invites }).getByText(email).waitFor();
        const found: Record<string, string[]> = {};
        const staff = await axeViolations(page);
        if (staff.length) found.staff = staff;
        const link = await invitationPath(email);
        await page.goto(link);
        await waitForHydration(page);
        const invite = await axeViolations(page);
        if (invite.length) found.invite = invite;
        expect(found).toEqual({});
      } finally {
        await context.close();
      }
    },
  );
});
