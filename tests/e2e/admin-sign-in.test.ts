import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ADMIN_MESSAGES } from "../../common/admin-messages";
import { startBuiltServer } from "../../scripts/server-process.mjs";
import { SIGN_IN_LIMITS } from "../../server/services/staff/sign-ins";
import { adminContext, message, open, setUpBrowser, signIn } from "./admin";
import { axeViolations } from "./axe";
import { baseURL, waitForHydration } from "./browser";
import { E2E_ADMIN } from "./global-setup";

setUpBrowser();

/** Every kind of dashboard path: index, sections, screens, and an unmatched one. */
const GUARDED = [
  "/admin/dashboard",
  "/admin/dashboard/popups",
  "/admin/dashboard/popups/create",
  "/admin/dashboard/blog",
  "/admin/dashboard/enquiries",
  "/admin/dashboard/account",
  "/admin/dashboard/no-such-screen",
];

/** Direct navigation ends on the login screen, and no dashboard content ever reached the browser. */
async function expectGuarded(page: Page) {
  for (const path of GUARDED) {
    const response = await page.goto(path);
    expect(new URL(page.url()).pathname, path).toBe("/admin");
    expect(response?.request().redirectedFrom()?.url(), path).toBe(`${baseURL()}${path}`);
    await page.getByRole("heading", { level: 1, name: "Admin login" }).waitFor();
    const html = await page.content();
    expect(html).not.toContain(ADMIN_MESSAGES.ordersUnavailable);
    expect(html).not.toContain("Log out");
  }
  // The server answers a redirect, never a page, to a request without a session.
  const direct = await page.request.get("/admin/dashboard/popups", { maxRedirects: 0 });
  expect(direct.status()).toBe(302);
  expect(direct.headers().location).toBe("/admin");
}

describe("admin login", () => {
  it("signs in with Email and a masked Password and opens the dashboard", async () => {
    const { page, context, errors } = await adminContext();
    await page.goto("/admin");
    await waitForHydration(page);
    expect(await page.getByLabel("Password", { exact: true }).getAttribute("type")).toBe("password");
    await signIn(page);
    await page.getByText(ADMIN_MESSAGES.ordersUnavailable).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows 'Invalid Login' for about 1.2 s after a failure", async () => {
    const { page, context } = await adminContext();
    await page.goto("/admin/anything");
    await waitForHydration(page);
    await page.getByLabel("Email").fill("nobody@example.co.uk");
    await page.getByLabel("Password", { exact: true }).fill("not the password");
    await page.getByRole("button", { name: "Log in" }).click();
    const alert = page.getByRole("alert").filter({ hasText: ADMIN_MESSAGES.invalidLogin });
    await alert.waitFor();
    await alert.waitFor({ state: "detached", timeout: 3000 });
    expect(new URL(page.url()).pathname).toBe("/admin/anything");
    await context.close();
  });

  it("shows the server's own message on 429", { timeout: 60_000 }, async () => {
    // A server of its own: the failures below must not count against the shared one's client.
    const server = await startBuiltServer({
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SEED_DEMO: "0",
    });
    const { page, context } = await adminContext({ baseURL: server.url });
    try {
      const text = "Too many failed login attempts. Please try again in 15 minutes.";
      for (let i = 0; i < SIGN_IN_LIMITS.clientAccount; i++) {
        const refused = await page.request.post("/api/admin/login", {
          data: { email: E2E_ADMIN.email, password: "whatever" },
        });
        expect(refused.status()).toBe(400);
      }
      await page.goto("/admin");
      await waitForHydration(page);
      await page.getByLabel("Email").fill(E2E_ADMIN.email);
      await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
      await page.getByRole("button", { name: "Log in" }).click();
      await page.getByRole("alert").filter({ hasText: text }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/admin");
    } finally {
      await context.close();
      await server.stop();
    }
  });

  it("sends a signed-in visitor opening /admin straight to the dashboard", async () => {
    const { page, context } = await adminContext();
    await signIn(page);
    await page.goto("/admin");
    expect(new URL(page.url()).pathname).toBe("/admin/dashboard");
    await context.close();
  });
});

describe("admin guard", () => {
  it("without a cookie no dashboard path renders", async () => {
    const { page, context } = await adminContext();
    await expectGuarded(page);
    await context.close();
  });

  // Every screen with no cookie, a forged one or one 'Log out' ended, through the loaders
  // themselves: app/routes/admin/dashboard-guard.test.ts. Here what the visitor sees of it.
  it("'Log out' revokes the session: the old cookie opens the login screen afterwards", async () => {
    const { page, context } = await adminContext();
    await signIn(page);
    const [cookie] = (await context.cookies()).filter((c) => c.name === "admin_auth");
    await page.getByRole("button", { name: "Log out" }).click();
    await page.waitForURL("**/admin");
    await page.getByRole("heading", { level: 1, name: "Admin login" }).waitFor();
    expect((await context.cookies()).filter((c) => c.name === "admin_auth")).toEqual([]);
    await context.addCookies([cookie]);
    const response = await page.goto("/admin/dashboard");
    expect(new URL(page.url()).pathname).toBe("/admin");
    expect(response?.request().redirectedFrom()?.url()).toBe(`${baseURL()}/admin/dashboard`);
    await page.getByRole("heading", { level: 1, name: "Admin login" }).waitFor();
    const html = await page.content();
    expect(html).not.toContain(ADMIN_MESSAGES.ordersUnavailable);
    expect(html).not.toContain("Log out");
    await context.close();
  });

  it("a session that ends while the admin is in the app sends them to /admin on the next move", async () => {
    const { page, context } = await adminContext();
    await signIn(page);
    await page.request.post("/api/admin/logout"); // the session ends elsewhere (same cookie)
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Popups" }).click();
    await page.waitForURL("**/admin");
    await page.getByRole("heading", { level: 1, name: "Admin login" }).waitFor();
    await context.close();
  });

  it("admin pages are never cached and not indexed", async () => {
    const { page, context } = await adminContext();
    await signIn(page);
    for (const path of ["/admin/dashboard", "/admin/dashboard/popups", "/admin/dashboard/account"]) {
      const response = await page.goto(path);
      expect(response?.headers()["cache-control"], path).toBe("no-store");
      expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    }
    await context.close();
  });
});

describe("dashboard shell", () => {
  const sidebar = (page: Page) => page.getByRole("navigation", { name: "Dashboard" });
  const current = (page: Page) => sidebar(page).locator('[aria-current="page"]').allTextContents();

  it("says 'Loading…' while the next screen loads on a slow connection", async () => {
    const { page, context } = await adminContext();
    await signIn(page);
    // The next screen's data is held back until the indicator has been seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/admin/dashboard/popups.data*", async (route) => {
      await held;
      await route.continue();
    });
    await sidebar(page).getByRole("link", { name: "Popups" }).click();
    const status = page.getByRole("status").filter({ hasText: "Loading…" });
    await status.waitFor();
    expect(await page.locator("main").getAttribute("aria-busy")).toBe("true");
    release();
    await page.waitForURL("**/admin/dashboard/popups");
    await status.waitFor({ state: "detached" });
    expect(await page.locator("main").getAttribute("aria-busy")).toBe("false");
    await context.close();
  });

  it("the sidebar marks the current section; the index and unmatched paths show the orders text", async () => {
    const { page, context } = await adminContext();
    await signIn(page);
    await expect.poll(() => current(page)).toEqual(["Order History"]);
    for (const [label, path] of [
      ["Blogs", "/admin/dashboard/blog"],
      ["Popups", "/admin/dashboard/popups"],
      ["Enquiries", "/admin/dashboard/enquiries"],
      ["Order History", "/admin/dashboard"],
    ]) {
      await sidebar(page).getByRole("link", { name: label }).click();
      await page.waitForURL(`${baseURL()}${path}`);
      await expect.poll(() => current(page)).toEqual([label]);
    }
    await open(page, "/admin/dashboard/not/a/screen");
    await page.getByText(ADMIN_MESSAGES.ordersUnavailable).waitFor();
    expect(await current(page)).toEqual(["Order History"]);
    // Inside the admin the logo is not a link home.
    expect(await page.locator('a[href="/"]').count()).toBe(0);
    await context.close();
  });

  it("the search box writes q into the page URL, replacing history, and clears it in another section", async () => {
    const { page, context } = await adminContext();
    await signIn(page);
    await open(page, "/admin/dashboard/popups");
    const before = await page.evaluate(() => history.length);
    const search = page.getByRole("searchbox", { name: "Search" });
    await search.pressSequentially("free review");
    await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe("free review");
    expect(await page.evaluate(() => history.length)).toBe(before);
    await search.fill("");
    await expect.poll(() => new URL(page.url()).search).toBe("");
    await search.fill("x");
    await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe("x");
    await sidebar(page).getByRole("link", { name: "Blogs" }).click();
    await page.waitForURL(`${baseURL()}/admin/dashboard/blog`);
    await expect.poll(() => search.inputValue()).toBe("");
    await context.close();
  });

  it("at 360 px the sidebar sits behind 'Open menu': Escape, 'Close menu' and choosing an entry close it", async () => {
    const { page, context } = await adminContext({ width: 360 });
    await signIn(page);
    expect(await sidebar(page).isVisible()).toBe(false);
    const menu = page.getByRole("dialog", { name: "Menu" });
    const openMenu = page.getByRole("button", { name: "Open menu" });

    await openMenu.click();
    await menu.getByRole("link", { name: "Order History" }).waitFor();
    const inside = () => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Tab");
      expect(await inside()).toBe(true);
    }
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Open menu");

    await openMenu.click();
    await menu.getByRole("button", { name: "Close menu" }).click();
    await menu.waitFor({ state: "detached" });

    await openMenu.click();
    await menu.getByRole("link", { name: "Popups" }).click();
    await page.waitForURL("**/admin/dashboard/popups");
    await menu.waitFor({ state: "detached" });
    await page.getByRole("heading", { level: 1, name: "Popups" }).waitFor();
    await openMenu.click();
    expect(await menu.locator('[aria-current="page"]').allTextContents()).toEqual(["Popups"]);
    await context.close();
  });
});

describe("change password", () => {
  const NEW_PASSWORD = "e2e-changed-password-456";

  it("needs the current password, says the rules, signs other sessions out, and the old password stops working", async () => {
    const desktop = await adminContext();
    const phone = await adminContext({ width: 360 });
    await signIn(desktop.page);
    await signIn(phone.page);
    const { page } = desktop;
    try {
      await page.getByRole("link", { name: "Change password" }).click();
      await page.getByRole("heading", { level: 1, name: "Change password" }).waitFor();
      await page.getByText("At least 10 characters").waitFor();
      const fill = async (current: string, next: string, confirm: string) => {
        await page.getByLabel("Current password").fill(current);
        await page.getByLabel("New password", { exact: true }).fill(next);
        await page.getByLabel("Confirm new password").fill(confirm);
        await page.getByRole("main").getByRole("button", { name: "Change password" }).click();
      };
      const error = page.getByTestId("account-error");
      await fill(E2E_ADMIN.password, "short", "short");
      await expect.poll(() => error.textContent()).toBe("The new password must be at least 10 characters");
      await fill(E2E_ADMIN.password, NEW_PASSWORD, `${NEW_PASSWORD}x`);
      await expect.poll(() => error.textContent()).toBe("The new password and its confirmation do not match");
      await fill("wrong-current-password", NEW_PASSWORD, NEW_PASSWORD);
      await expect.poll(() => error.textContent()).toBe("The current password is not correct");
      await fill(E2E_ADMIN.password, NEW_PASSWORD, NEW_PASSWORD);
      await page.getByRole("status").filter({ hasText: "Password changed." }).waitFor();

      // The other session is gone; this one stays.
      await phone.page.reload();
      expect(new URL(phone.page.url()).pathname).toBe("/admin");
      await open(page, "/admin/dashboard/popups");
      expect(new URL(page.url()).pathname).toBe("/admin/dashboard/popups");

      // The old password no longer signs in; the new one does.
      await phone.page.getByLabel("Email").fill(E2E_ADMIN.email);
      await phone.page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
      await phone.page.getByRole("button", { name: "Log in" }).click();
      await message(phone.page, ADMIN_MESSAGES.invalidLogin).waitFor();
      await signIn(phone.page, { email: E2E_ADMIN.email, password: NEW_PASSWORD });
    } finally {
      // Every other test file signs in with E2E_ADMIN: put the password back.
      const restore = await desktop.page.request.put("/api/admin/password", {
        data: { currentPassword: NEW_PASSWORD, newPassword: E2E_ADMIN.password },
      });
      expect(restore.status()).toBe(200);
      await desktop.context.close();
      await phone.context.close();
    }
  });
});

describe("accessibility: axe-core finds no violations", () => {
  it.each(["dark", "light"] as const)(
    "login, orders, account and the phone menu in the %s theme",
    async (theme) => {
      const found: Record<string, string[]> = {};
      const check = async (page: Page, name: string) => {
        const v = await axeViolations(page);
        if (v.length) found[name] = v;
      };
      const { page, context } = await adminContext({ theme });
      await open(page, "/admin");
      await check(page, "login");
      await signIn(page);
      await check(page, "orders");
      await open(page, "/admin/dashboard/account");
      await check(page, "account");
      await page.setViewportSize({ width: 360, height: 800 });
      await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("dialog", { name: "Menu" }).waitFor();
      await check(page, "phone menu");
      expect(found).toEqual({});
      await context.close();
    },
  );
});
