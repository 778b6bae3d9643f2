import { request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SESSION_MESSAGES } from "../../common/staff/sessions";
import { adminContext, invitedColleague, message, open, setUpBrowser, signIn } from "./admin";
import { axeViolations } from "./axe";
import { baseURL } from "./browser";

setUpBrowser();

const PASSWORD = "sessions-password-9";

/** An API client signed in as `email` with the User-Agent `agent`. */
async function apiSession(email: string, agent: string) {
  const client = await request.newContext({ baseURL: baseURL(), userAgent: agent });
  expect((await client.post("/api/admin/login", { data: { email, password: PASSWORD } })).ok()).toBe(true);
  return {
    live: async () => (await client.get("/api/admin/profile")).status() === 200,
    dispose: () => client.dispose(),
  };
}

describe("sessions on 'Account'", () => {
  it("lists the account's sessions with this one marked, signs one out, then everywhere else", async () => {
    const email = await invitedColleague("desk", PASSWORD);
    const browser = await adminContext({ width: 360 });
    const curl = await apiSession(email, "curl/8.5.0");
    const firefox = await apiSession(
      email,
      "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
    );
    try {
      const { page } = browser;
      await signIn(page, { email, password: PASSWORD });
      // The browser keeps its own id (new-browser mail): HttpOnly, for the whole site.
      const kept = (await browser.context.cookies()).find((c) => c.name === "admin_browser");
      expect(kept).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/" });
      await open(page, "/admin/dashboard/account");
      const list = page.getByRole("region", { name: SESSION_MESSAGES.heading }).getByRole("listitem");
      // The accepted invitation's session, the two API clients, and this browser.
      await expect.poll(() => list.count()).toBe(4);
      const mine = list.filter({ hasText: SESSION_MESSAGES.thisOne });
      expect(await mine.count()).toBe(1);
      expect(await mine.getByRole("button", { name: SESSION_MESSAGES.signOut }).count()).toBe(0);
      expect(await mine.textContent()).toContain("Chrome on Linux");
      expect(await axeViolations(page)).toEqual([]);

      await list.filter({ hasText: "curl" }).getByRole("button", { name: SESSION_MESSAGES.signOut }).click();
      await message(page, SESSION_MESSAGES.endedOne("curl")).waitFor();
      await expect.poll(() => list.count()).toBe(3);
      expect(await curl.live()).toBe(false);
      expect(await firefox.live()).toBe(true);

      await page.getByRole("button", { name: SESSION_MESSAGES.signOutOthers }).click();
      await message(page, SESSION_MESSAGES.endedOthers(2)).waitFor();
      await expect.poll(() => list.count()).toBe(1);
      expect(await firefox.live()).toBe(false);
      // This browser is still signed in.
      await open(page, "/admin/dashboard/enquiries");
      expect(page.url()).toContain("/admin/dashboard/enquiries");
      expect(browser.errors).toEqual([]);
    } finally {
      await curl.dispose();
      await firefox.dispose();
      await browser.context.close();
    }
  });
});
