import { randomUUID } from "node:crypto";
import { REDIRECT_MESSAGES as M, REDIRECT_TEXTS as T } from "@common/content/redirects";
import { ROLE_MESSAGES } from "@common/staff/roles";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { adminContext, invitedColleague, setUpBrowser } from "./admin";
import { axeViolations } from "./axe";
import { baseURL, waitForHydration } from "./browser";

const browser = setUpBrowser();

// Headless Chromium calls itself HeadlessChrome, which is rightly not counted: the visitor
// presents an ordinary desktop Chrome.
const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** Signs in through the login form (it works without JavaScript). */
async function signInWith(page: Page, email: string, password: string) {
  await page.goto("/admin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL(/\/admin\/dashboard/);
}

describe("the 404 log and 'Create redirect'", () => {
  it("a visit to a missing path appears in the 404 log, and 'Create redirect' (without JavaScript) fixes it", async () => {
    const path = `/bakery-wast-${randomUUID().slice(0, 8)}`;
    const visitor = await browser().newContext({ baseURL: baseURL(), userAgent: CHROME });
    const editor = await adminContext({ javaScriptEnabled: false });
    try {
      const tab = await visitor.newPage();
      // The catch-all answers a missing path with the home page: a missing page all the same.
      await tab.goto(`${path}?email=someone@example.com`, { referer: "https://news.example.org/spring" });
      await tab.goto(path);
      // A crawler's visit is not counted.
      await fetch(`${baseURL()}${path}`, {
        headers: { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
      });

      const password = "editor-redirects-password-1";
      const { page } = editor;
      const email = await invitedColleague("editor", password);
      await signInWith(page, email, password);
      await page.getByRole("link", { name: "Redirects" }).first().click();
      await page.waitForURL("**/admin/dashboard/redirects");
      await page.getByRole("heading", { level: 1, name: T.heading }).waitFor();
      const log = page.getByRole("table", { name: T.logCaption });
      const row = log
        .getByRole("row")
        .filter({ has: page.getByRole("rowheader", { name: path, exact: true }) });
      await row.waitFor();
      const cells = (await row.getByRole("cell").allTextContents()).map((text) => text.trim());
      expect(cells.slice(1, 2)).toEqual(["2"]);
      expect(cells).toContain("news.example.org");
      expect((await row.textContent()) ?? "").not.toContain("someone");

      await row.getByRole("link", { name: T.createRedirectLabel(path) }).click();
      await page.waitForURL(`**/admin/dashboard/redirects?from=${encodeURIComponent(path)}*`);
      expect(await page.getByLabel(T.from, { exact: true }).inputValue()).toBe(path);
      await page.getByLabel(T.to, { exact: true }).fill("/contact");
      await page.getByRole("button", { name: T.add }).click();
      await page
        .getByRole("status")
        .filter({ hasText: M.added(path) })
        .waitFor();
      const redirects = page.getByRole("table", { name: T.tableCaption });
      await redirects.getByRole("rowheader", { name: path, exact: true }).waitFor();
      expect(await log.getByRole("rowheader", { name: path, exact: true }).count()).toBe(0);

      // The visitor's next visit is sent on, with its query.
      await tab.goto(`${path}?utm_source=flyer`);
      expect(new URL(tab.url()).pathname + new URL(tab.url()).search).toBe("/contact?utm_source=flyer");
      const answer = await fetch(`${baseURL()}${path}`, { redirect: "manual" });
      expect([answer.status, answer.headers.get("location")]).toEqual([301, "/contact"]);

      // A loop is refused with its message, at the field.
      await page.getByLabel(T.from, { exact: true }).fill("/contact-us-old");
      await page.getByLabel(T.to, { exact: true }).fill("/contact-us-old/");
      await page.getByRole("button", { name: T.add }).click();
      await page.getByRole("status").filter({ hasText: M.loop }).waitFor();

      // The screen with its rows, as a browser with JavaScript shows it: no accessibility violation.
      const scripted = await adminContext();
      try {
        await signInWith(scripted.page, email, password);
        await scripted.page.goto("/admin/dashboard/redirects");
        await waitForHydration(scripted.page);
        await scripted.page
          .getByRole("table", { name: T.tableCaption })
          .getByRole("rowheader", { name: path })
          .waitFor();
        expect(await axeViolations(scripted.page)).toEqual([]);
      } finally {
        await scripted.context.close();
      }

      await redirects.getByRole("button", { name: T.removeLabel(path) }).click();
      await page
        .getByRole("status")
        .filter({ hasText: M.removed(path) })
        .waitFor();
      expect((await fetch(`${baseURL()}${path}`, { redirect: "manual" })).status).toBe(200);
    } finally {
      await visitor.close();
      await editor.context.close();
    }
  });

  it("a Desk is refused the screen and its API, and has no 'Redirects' in the menu", async () => {
    const password = "desk-redirects-password-1";
    const desk = await adminContext({ javaScriptEnabled: false });
    try {
      const { page } = desk;
      await signInWith(page, await invitedColleague("desk", password), password);
      expect(await page.getByRole("link", { name: "Redirects" }).count()).toBe(0);
      const res = await page.goto("/admin/dashboard/redirects");
      expect(res?.status()).toBe(403);
      await page.getByText(ROLE_MESSAGES.forbidden("site")).waitFor();
      for (const [method, url] of [
        ["GET", "/api/admin/redirects"],
        ["POST", "/api/admin/redirects"],
        ["GET", "/api/admin/redirects/not-found"],
        ["POST", "/api/admin/redirects/not-found"],
      ] as const) {
        const api = await page.request.fetch(url, {
          method,
          data: method === "POST" ? { from: "/x", to: "/" } : undefined,
        });
        expect(api.status(), `${method} ${url}`).toBe(403);
        expect(await api.json()).toEqual({ status: "Error", message: ROLE_MESSAGES.forbidden("site") });
      }
    } finally {
      await desk.context.close();
    }
  });
});
