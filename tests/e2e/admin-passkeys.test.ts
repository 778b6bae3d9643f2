import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { PASSKEY_MESSAGES } from "../../common/staff/passkeys";
import { SUDO_MESSAGES } from "../../common/staff/sudo";
import { TWO_FACTOR_MESSAGES } from "../../common/staff/two-factor";
import { adminContext, confirmPassword, invitedColleague, message, open, setUpBrowser } from "./admin";
import { axeViolations } from "./axe";
import { baseURL, waitForHydration } from "./browser";

setUpBrowser();

const PASSWORD = "passkeys-password-9";

/**
 * The e2e server's SITE_URL is http://localhost:<port> (the default), so the relying party is
 * "localhost" and the origin http://localhost:<port>: the page must be opened there (an IP address
 * cannot be a WebAuthn relying party). http://localhost is a secure context.
 */
const siteURL = () => baseURL().replace("127.0.0.1", "localhost");

/** Chromium's virtual authenticator (WebAuthn testing API, DevTools protocol): a platform passkey. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable", { enableUI: false });
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () =>
      (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials as Array<{
        isResidentCredential: boolean;
        signCount: number;
        rpId?: string;
      }>,
  };
}

describe("passkeys", () => {
  it("registers a passkey on 'Account', signs in with it alone, and with the password only after it; axe clean", async () => {
    const email = await invitedColleague("editor", PASSWORD);
    const session = await adminContext({ baseURL: siteURL(), width: 360 });
    const { page } = session;
    try {
      const authenticator = await virtualAuthenticator(page);
      // An Editor lands on the blog: the dashboard's own paths follow a sign-in.
      await page.goto("/admin");
      await waitForHydration(page);
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: "Log in" }).click();
      await page.waitForURL(/\/admin\/dashboard/);
      await open(page, "/admin/dashboard/account");
      const section = page.getByRole("region", { name: PASSKEY_MESSAGES.heading });
      await section.getByText(PASSKEY_MESSAGES.none).waitFor();
      expect(await axeViolations(page)).toEqual([]);

      await section.getByLabel(PASSKEY_MESSAGES.nameLabel).fill("Test laptop");
      await section.getByRole("button", { name: PASSKEY_MESSAGES.add }).click();
      // A new way to sign in: the password is asked for again first (sudo mode), then it goes on.
      await confirmPassword(page, PASSWORD);
      await message(page, PASSKEY_MESSAGES.addedWithCodes("Test laptop")).waitFor();
      // The account's first strong way in (no authenticator app): its recovery codes, shown once.
      await expect.poll(() => section.getByTestId("recovery-codes").getByRole("listitem").count()).toBe(10);
      // The passkeys (not the recovery codes' list).
      const list = section.locator("ul:not([data-testid=recovery-codes]) > li");
      await expect.poll(() => list.count()).toBe(1);
      expect(await list.first().textContent()).toContain("Test laptop");
      expect(await list.first().textContent()).toContain(PASSKEY_MESSAGES.neverUsed);
      const [stored] = await authenticator.credentials();
      expect(stored).toMatchObject({ isResidentCredential: true, rpId: "localhost" });
      expect(await axeViolations(page)).toEqual([]);

      // Sign out, then back in with the passkey alone: no e-mail, no password.
      expect((await page.request.post("/api/admin/logout")).status()).toBe(200);
      await page.goto("/admin");
      await waitForHydration(page);
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole("button", { name: PASSKEY_MESSAGES.signIn }).click();
      await page.waitForURL(/\/admin\/dashboard/);
      await waitForHydration(page);
      const profile = await page.request.get("/api/admin/profile");
      expect((await profile.json()).data.email).toBe(email);
      expect((await authenticator.credentials())[0].signCount).toBeGreaterThan(stored.signCount);

      // With a passkey, the password alone makes no session: the second step asks for the passkey.
      expect((await page.request.post("/api/admin/logout")).status()).toBe(200);
      await page.goto("/admin");
      await waitForHydration(page);
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: "Log in" }).click();
      await page.getByRole("heading", { name: PASSKEY_MESSAGES.secondStepHeading }).waitFor();
      expect((await page.request.get("/api/admin/profile")).status()).toBe(401);
      expect(await page.getByLabel(TWO_FACTOR_MESSAGES.signInCode).count()).toBe(0);
      // A recovery code may stand in for a lost passkey.
      expect(await page.getByLabel(TWO_FACTOR_MESSAGES.recoveryCode).count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
      const counted = (await authenticator.credentials())[0].signCount;
      await page.getByRole("button", { name: PASSKEY_MESSAGES.useForSecondStep }).click();
      await page.waitForURL(/\/admin\/dashboard/);
      expect((await (await page.request.get("/api/admin/profile")).json()).data.email).toBe(email);
      expect((await authenticator.credentials())[0].signCount).toBeGreaterThan(counted);

      // 'Account' shows it used; 'Remove' takes it away.
      await open(page, "/admin/dashboard/account");
      expect(await list.first().textContent()).not.toContain(PASSKEY_MESSAGES.neverUsed);
      await section.getByRole("button", { name: PASSKEY_MESSAGES.removeLabel("Test laptop") }).click();
      // A new session, not confirmed on it yet: the passkey it signed in after confirms (sudo mode).
      const dialog = page.getByRole("dialog", { name: SUDO_MESSAGES.heading });
      const beforeSudo = (await authenticator.credentials())[0].signCount;
      await dialog.getByRole("button", { name: SUDO_MESSAGES.passkey }).click();
      await dialog.waitFor({ state: "detached" });
      expect((await authenticator.credentials())[0].signCount).toBeGreaterThan(beforeSudo);
      await message(page, PASSKEY_MESSAGES.removed("Test laptop")).waitFor();
      await section.getByText(PASSKEY_MESSAGES.none).waitFor();
      expect(session.errors).toEqual([]);
    } finally {
      await session.context.close();
    }
  });
});
