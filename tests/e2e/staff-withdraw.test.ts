import { randomUUID } from "node:crypto";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { STAFF_MESSAGES } from "../../common/admin-messages";
import { adminContext, message, open, setUpBrowser, signIn } from "./admin";
import { adminToken } from "./blog-content";
import { baseURL, dataDir } from "./browser";
import { waitForMailFile } from "./mail-files";

setUpBrowser();

/** The invitation link's path, as mailed to `email` (quoted-printable soft breaks undone). */
async function invitationPath(email: string): Promise<string> {
  const raw = await waitForMailFile(path.join(dataDir(), "mail"), email);
  const link = /\/admin\/invite\/[A-Za-z0-9_-]{43}/.exec(raw.replace(/=\r?\n/g, ""));
  if (!link) throw new Error(`no invitation link in the mail to ${email}`);
  return link[0];
}

describe("Staff: withdrawing an invitation", () => {
  it("'Withdraw' asks first, then the mailed link stops working", async () => {
    const owner = await adminContext();
    const colleague = await adminContext({ width: 360 });
    const email = `withdrawn-${randomUUID().slice(0, 8)}@example.co.uk`;
    try {
      const { page } = owner;
      await signIn(page);
      await open(page, "/admin/dashboard/staff");
      await page.getByLabel(STAFF_MESSAGES.email).fill(email);
      await page.getByRole("button", { name: STAFF_MESSAGES.invite }).click();
      const waiting = page.getByRole("region", { name: STAFF_MESSAGES.invites });
      const row = waiting.getByRole("listitem").filter({ hasText: email });
      await row.waitFor();
      const link = await invitationPath(email);

      // 'Cancel' keeps it; the button names the invitation it withdraws.
      const withdraw = row.getByRole("button", { name: STAFF_MESSAGES.withdraw });
      expect(await withdraw.getAttribute("aria-describedby")).toBeTruthy();
      await withdraw.click();
      const dialog = page.getByRole("alertdialog", { name: STAFF_MESSAGES.withdrawTitle });
      await dialog.getByText(STAFF_MESSAGES.withdrawMessage(email)).waitFor();
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "detached" });
      await withdraw.click();
      await dialog.getByRole("button", { name: STAFF_MESSAGES.withdraw }).click();
      await message(page, STAFF_MESSAGES.withdrawn(email)).waitFor();
      await row.waitFor({ state: "detached" });

      await open(colleague.page, link);
      await colleague.page.getByText(STAFF_MESSAGES.inviteInvalid).waitFor();
    } finally {
      await owner.context.close();
      await colleague.context.close();
    }
  });
});

describe("pages rendered for staff", () => {
  it("are private and never stored: Cache-Control private, no-store and Vary: Cookie", async () => {
    const token = await adminToken();
    for (const path of ["/", "/blog", "/about"]) {
      const res = await fetch(`${baseURL()}${path}`, { headers: { cookie: `admin_auth=${token}` } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control"), path).toBe("private, no-store");
      expect(res.headers.get("vary") ?? "", path).toMatch(/\bCookie\b/i);
    }
    // A visitor's page stays the cached, shared one.
    const anonymous = await fetch(`${baseURL()}/about`);
    expect(anonymous.headers.get("cache-control")).toBe("no-cache");
  });

  it("?page=N on a page that is not the blog is that page's own entry", async () => {
    await fetch(`${baseURL()}/about`);
    for (const query of ["?page=7", "?page=0007", "?page=8"]) {
      const res = await fetch(`${baseURL()}/about${query}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("x-page-cache"), query).toBe("hit");
    }
  });
});
