import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { SITE_DETAILS_DEFAULTS, type SiteDetails } from "@common/content/site-content/site-details-defaults";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, signIn, startBuiltServer } from "../../scripts/server-process.mjs";
import { adminContext, invitedColleague, setUpBrowser } from "./admin";
import { E2E_ADMIN } from "./global-setup";

setUpBrowser();

// A server of its own, started with a frozen clock for "open now" (frozen-clock.mjs reads the
// instant this file holds; server/pages/clock.ts): nothing a request sends can move it.
const clockDir = mkdtempSync(path.join(tmpdir(), "site-clock-"));
const CLOCK_FILE = path.join(clockDir, "now");
const freeze = (iso: string) => writeFileSync(CLOCK_FILE, iso);

let server: RunningServer;
beforeAll(async () => {
  freeze("2099-12-21T12:00:00Z");
  server = await startBuiltServer({
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    SEED_DEMO: "0",
    NODE_OPTIONS: `--import=${pathToFileURL(path.resolve("tests/e2e/frozen-clock.mjs")).href}`,
    FROZEN_CLOCK_FILE: CLOCK_FILE,
  });
});
afterAll(async () => {
  await server?.stop();
  rmSync(clockDir, { recursive: true, force: true });
});

const DETAILS = `/api/admin/site/site-details`;

/** A REST call with a staff member's token. */
async function call(token: string, method: string, url: string, body?: object) {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: await res.json() };
}

const details = (change: (d: SiteDetails) => void): SiteDetails => {
  const copy = structuredClone(SITE_DETAILS_DEFAULTS);
  change(copy);
  return copy;
};

describe("site content on time", () => {
  it("says open now on the contact page and in the footer across a closing time and on a special day, without JavaScript, from the page cache", {
    timeout: 60_000,
  }, async () => {
    const owner = await signIn(server.url, E2E_ADMIN);
    const { version } = (await call(owner, "GET", DETAILS)).body.result;
    const published = await call(owner, "POST", `${DETAILS}/publish`, {
      baseVersion: version,
      data: details((d) => {
        d.specialDays = [
          {
            from: "2099-12-25",
            to: "",
            hours: { closed: true },
            note: "Christmas: emergency tankering only",
          },
        ];
      }),
    });
    expect(published.status).toBe(200);

    const { page, context } = await adminContext({ baseURL: server.url, javaScriptEnabled: false });
    try {
      /** The contact page as served (the second visit from the page cache), and its open-now lines. */
      const openNow = async () => {
        const response = await page.goto("/contact");
        expect(response?.headers()["x-page-cache"]).toBe("hit");
        const lines = await page.getByTestId("open-now").allTextContents();
        expect(lines).toHaveLength(2); // the contact page's hours and the footer
        expect(await page.locator("footer").getByTestId("open-now").count()).toBe(1);
        return [...new Set(lines)];
      };
      await page.goto("/contact");
      // Monday 21 December 2099 (GMT: London's clock is UTC's), a minute before closing.
      freeze("2099-12-21T17:59:00Z");
      expect(await openNow()).toEqual(["Open now · closes at 18:00"]);
      freeze("2099-12-21T18:00:00Z");
      expect(await openNow()).toEqual(["Closed now · opens tomorrow at 06:00"]);
      // Christmas Day, a Friday, closed: the note is said, and Saturday's opening next.
      freeze("2099-12-25T10:00:00Z");
      expect(await openNow()).toEqual([
        "Closed now · opens tomorrow at 08:00 (Christmas: emergency tankering only)",
      ]);
      // The line under the hours is the published details' (today's words by default).
      expect(await page.locator("#contact-hours").textContent()).toContain(SITE_DETAILS_DEFAULTS.hoursNote);
    } finally {
      await context.close();
    }
  });

  it("shows a change an Editor scheduled once it is due, without anyone publishing it", {
    timeout: 60_000,
  }, async () => {
    const editorEmail = await invitedColleague("editor", "timing-editor-password-42", server);
    const editor = await signIn(server.url, { email: editorEmail, password: "timing-editor-password-42" });
    const NOTE = "Sundays: emergency tankering only, call 07700 900 123.";
    const { version, published } = (await call(editor, "GET", DETAILS)).body.result;
    const { page, context } = await adminContext({ baseURL: server.url, javaScriptEnabled: false });
    try {
      await page.goto("/contact");
      await page.goto("/contact"); // kept in the page cache
      const at = new Date(Date.now() + 3_000);
      const scheduled = await call(editor, "POST", `${DETAILS}/publish`, {
        baseVersion: version,
        at: at.toISOString(),
        data: { ...published, hoursNote: NOTE },
      });
      expect(scheduled.status).toBe(200);
      expect(scheduled.body.result.publishAt).toBe(at.toISOString());
      const before = await page.goto("/contact");
      expect(before?.headers()["x-page-cache"]).toBe("hit");
      expect(await page.locator("#contact-hours").textContent()).not.toContain(NOTE);
      // The visitor reloads until the change shows: never in a page answered before it was due.
      for (;;) {
        await page.goto("/contact");
        const answered = Date.now();
        const shown = (await page.locator("#contact-hours").textContent())?.includes(NOTE);
        if (answered < at.getTime()) expect(shown).toBe(false);
        if (shown) break;
        await page.waitForTimeout(200);
      }
      const after = (await call(editor, "GET", DETAILS)).body.result;
      expect(after).toMatchObject({ publishAt: null, published: { hoursNote: NOTE } });
    } finally {
      await context.close();
    }
  });
});
