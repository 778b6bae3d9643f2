import { Secret, TOTP } from "otpauth";
import { request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SUDO_MESSAGES } from "../../common/staff/sudo";
import { TWO_FACTOR_MESSAGES as T } from "../../common/staff/two-factor";
import { adminContext, confirmPassword, invitedColleague, message, open, setUpBrowser } from "./admin";
import { axeViolations } from "./axe";
import { baseURL, waitForHydration } from "./browser";

setUpBrowser();

const PASSWORD = "two-factor-password-7";

/** The authenticator app's code for `secret`, `offsetMs` from now. */
const codeFor = (secret: string, offsetMs = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetMs });

describe("two-factor sign-in on 'Account'", () => {
  it("enrols with the QR code's key and a code, signs out, then signs in with password and code", async () => {
    const email = await invitedColleague("desk", PASSWORD);
    const browser = await adminContext({ width: 360 });
    try {
      const { page } = browser;
      const logIn = async () => {
        await page.goto("/admin");
        await waitForHydration(page);
        await page.getByLabel("Email").fill(email);
        await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
        await page.getByRole("button", { name: "Log in" }).click();
      };
      await logIn();
      await page.waitForURL("**/admin/dashboard");
      await open(page, "/admin/dashboard/account");
      const section = page.getByRole("region", { name: T.heading });
      await expect.poll(() => section.getByTestId("two-factor-state").textContent()).toContain(T.off);

      // Setting it up is sudo mode's: its form asks for the password (none: the dialog asks instead).
      await section.getByRole("button", { name: T.start }).click();
      await confirmPassword(page, PASSWORD);
      const qr = section.getByRole("img", { name: T.qrLabel });
      await qr.waitFor();
      expect(await qr.locator("svg").count()).toBe(1);
      const secret = (await section.getByTestId("two-factor-secret").textContent())?.trim() ?? "";
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(await axeViolations(page)).toEqual([]);

      await section.getByLabel(T.code).fill(codeFor(secret));
      await section.getByRole("button", { name: T.confirm }).click();
      await message(page, T.enabled).waitFor();
      const codes = section.getByTestId("recovery-codes").getByRole("listitem");
      await expect.poll(() => codes.count()).toBe(10);
      await expect.poll(() => section.getByTestId("two-factor-state").textContent()).toContain(T.on);
      expect(await axeViolations(page)).toEqual([]);
      const firstCodes = await codes.allTextContents();

      await page.getByRole("button", { name: "Log out" }).click();
      await page.waitForURL(/\/admin$/);

      // The password alone makes no session: the code is asked for.
      await logIn();
      const code = page.getByLabel(T.signInCode);
      await code.waitFor();
      expect(page.url()).not.toContain("/admin/dashboard");
      expect((await browser.context.cookies()).some((c) => c.name === "admin_auth")).toBe(false);
      expect(await axeViolations(page)).toEqual([]);
      // The next time-step's code (the current one confirmed the enrolment).
      await code.fill(codeFor(secret, 30_000));
      await page.getByRole("button", { name: T.verify }).click();
      await page.waitForURL("**/admin/dashboard");
      await open(page, "/admin/dashboard/account");
      await expect.poll(() => section.getByTestId("two-factor-state").textContent()).toContain(T.on);

      // New codes change how the account signs in: this new session is asked first (sudo mode).
      await section.getByRole("button", { name: T.regenerate }).click();
      const dialog = page.getByRole("dialog", { name: SUDO_MESSAGES.heading });
      await dialog.getByLabel(SUDO_MESSAGES.password, { exact: true }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await dialog.getByLabel(SUDO_MESSAGES.password, { exact: true }).fill("not-the-password");
      await dialog.getByRole("button", { name: SUDO_MESSAGES.confirm }).click();
      await dialog.getByText(SUDO_MESSAGES.wrong).waitFor();
      await confirmPassword(page, PASSWORD);
      await message(page, T.regenerated).waitFor();
      await expect.poll(() => codes.allTextContents()).not.toEqual(firstCodes);
      expect(await codes.count()).toBe(10);
      expect(browser.errors).toEqual([]);
    } finally {
      await browser.context.close();
    }
  });

  it("an Owner's requirement takes an unenrolled colleague to 'Account', keeps them there, and shows their recovery codes", async () => {
    const ownerEmail = await invitedColleague("owner", PASSWORD);
    const deskEmail = await invitedColleague("desk", PASSWORD);
    // The Owner who requires it has it on (an Owner without it would be held back too).
    const owner = await request.newContext({ baseURL: baseURL() });
    const browser = await adminContext({ width: 360 });
    try {
      expect(
        (await owner.post("/api/admin/login", { data: { email: ownerEmail, password: PASSWORD } })).ok(),
      ).toBe(true);
      // Setting it up is sudo mode's: the password with the start confirms it (the setting too, then).
      expect((await owner.post("/api/admin/two-factor/start")).status()).toBe(403);
      const { secret } = (
        await (await owner.post("/api/admin/two-factor/start", { data: { password: PASSWORD } })).json()
      ).data;
      expect(
        (await owner.post("/api/admin/two-factor/confirm", { data: { code: codeFor(secret) } })).ok(),
      ).toBe(true);
      expect((await owner.put("/api/admin/security", { data: { requireTwoFactor: true } })).ok()).toBe(true);

      const { page } = browser;
      await page.goto("/admin");
      await waitForHydration(page);
      await page.getByLabel("Email").fill(deskEmail);
      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: "Log in" }).click();
      await page.waitForURL("**/admin/dashboard/account");
      await waitForHydration(page);
      await page.getByText(T.enrolmentDueScreen).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await open(page, "/admin/dashboard/enquiries");
      expect(new URL(page.url()).pathname).toBe("/admin/dashboard/account");
      const refused = await page.request.get("/api/admin/enquiries");
      expect(refused.status()).toBe(403);
      expect((await refused.json()).message).toBe(T.enrolmentDue);

      // Enrolling there: the password once, in the form; the colleague sees its recovery codes, once.
      const section = page.getByRole("region", { name: T.heading });
      await section.getByLabel(T.password, { exact: true }).fill(PASSWORD);
      await section.getByRole("button", { name: T.start }).click();
      const deskSecret = (await section.getByTestId("two-factor-secret").textContent())?.trim() ?? "";
      await section.getByLabel(T.code).fill(codeFor(deskSecret));
      await section.getByRole("button", { name: T.confirm }).click();
      await message(page, T.enabled).waitFor();
      const codes = section.getByTestId("recovery-codes").getByRole("listitem");
      await expect.poll(() => codes.count()).toBe(10);
      await expect.poll(() => section.getByTestId("two-factor-state").textContent()).toContain(T.on);
      expect(await codes.count()).toBe(10);
      expect((await page.request.get("/api/admin/enquiries")).status()).toBe(200);
      expect(browser.errors).toEqual([]);
    } finally {
      await owner.put("/api/admin/security", { data: { requireTwoFactor: false } });
      await owner.dispose();
      await browser.context.close();
    }
  });

  it("sets it up without JavaScript: the password in the start's form, the QR code and key, the code, the recovery codes", async () => {
    const email = await invitedColleague("desk", PASSWORD);
    const browser = await adminContext({ javaScriptEnabled: false });
    try {
      const { page } = browser;
      await page.goto("/admin");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: "Log in" }).click();
      await page.waitForURL("**/admin/dashboard");
      await page.goto("/admin/dashboard/account");
      const section = page.getByRole("region", { name: T.heading });
      // Without the password: refused with sudo mode's message, shown in the section.
      await section.getByRole("button", { name: T.start }).click();
      await section.getByText(SUDO_MESSAGES.required).waitFor();
      expect(await section.getByRole("img", { name: T.qrLabel }).count()).toBe(0);

      await section.getByLabel(T.password, { exact: true }).fill(PASSWORD);
      await section.getByRole("button", { name: T.start }).click();
      await section.getByRole("img", { name: T.qrLabel }).waitFor();
      const secret = (await section.getByTestId("two-factor-secret").textContent())?.trim() ?? "";
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await section.getByLabel(T.code).fill(codeFor(secret));
      await section.getByRole("button", { name: T.confirm }).click();
      await section.getByRole("status").filter({ hasText: T.enabled }).waitFor();
      expect(await section.getByTestId("recovery-codes").getByRole("listitem").count()).toBe(10);
      expect(await section.getByTestId("two-factor-state").textContent()).toContain(T.on);
    } finally {
      await browser.context.close();
    }
  });
});
