import { describe, expect, it } from "vitest";
import { AUDIT_ACTION_LABELS, AUDIT_MESSAGES } from "../../common/audit";
import { ROLE_MESSAGES } from "../../common/staff/roles";
import { adminContext, invitedColleague, setUpBrowser, signIn } from "./admin";
import { axeViolations } from "./axe";
import { waitForHydration } from "./browser";
import { E2E_ADMIN } from "./global-setup";

setUpBrowser();

describe("Audit log", () => {
  it.each(["dark", "light"] as const)(
    "the Owner sees their own sign-in, filters by action, and the screen has no axe violations (%s)",
    async (theme) => {
      const { page, context } = await adminContext({ theme, width: theme === "light" ? 360 : 1280 });
      try {
        await signIn(page);
        const menu = page.getByRole("navigation", { name: "Dashboard" });
        if (theme === "light") {
          // At 360 px the menu may sit behind its button: open the screen by its link either way.
          await page.goto("/admin/dashboard/audit");
          await waitForHydration(page);
        } else await menu.getByRole("link", { name: AUDIT_MESSAGES.title }).click();
        await page.getByRole("heading", { level: 1, name: AUDIT_MESSAGES.title }).waitFor();
        const table = page.getByRole("table", { name: AUDIT_MESSAGES.caption });
        const signIns = table.getByRole("row").filter({ hasText: AUDIT_ACTION_LABELS.sign_in });
        await signIns.filter({ hasText: E2E_ADMIN.email }).first().waitFor();

        await page.getByLabel(AUDIT_MESSAGES.action).selectOption("sign_in");
        await page.getByLabel(AUDIT_MESSAGES.person).fill(E2E_ADMIN.email);
        await page.getByRole("button", { name: AUDIT_MESSAGES.apply }).click();
        await page.waitForURL(/action=sign_in/);
        await waitForHydration(page);
        // The address changes before React draws the filtered rows (the navigation is a transition):
        // wait for a row the filter leaves out to be gone, then read every row.
        const rows = table.getByRole("row");
        await rows.filter({ hasNotText: AUDIT_ACTION_LABELS.sign_in }).nth(1).waitFor({ state: "detached" });
        await rows.nth(1).waitFor();
        const texts = (await rows.allTextContents()).slice(1);
        expect(texts.length).toBeGreaterThan(0);
        for (const text of texts) {
          expect(text).toContain(AUDIT_ACTION_LABELS.sign_in);
          expect(text).toContain(E2E_ADMIN.email);
        }
        expect(await axeViolations(page)).toEqual([]);

        // Nothing matches: the empty state, still axe clean.
        await page.getByLabel(AUDIT_MESSAGES.from).fill("2000-01-01");
        await page.getByLabel(AUDIT_MESSAGES.to).fill("2000-01-02");
        await page.getByRole("button", { name: AUDIT_MESSAGES.apply }).click();
        await page.getByText(AUDIT_MESSAGES.empty).waitFor();
        expect(await axeViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  it("Desk and Editor are refused the screen and the API: 403, never the log", async () => {
    for (const role of ["desk", "editor"] as const) {
      const password = `audit-${role}-password-1`;
      const email = await invitedColleague(role, password);
      const { page, context } = await adminContext();
      try {
        const login = await page.request.post("/api/admin/login", { data: { email, password } });
        expect(login.ok()).toBe(true);
        const res = await page.goto("/admin/dashboard/audit");
        expect(res?.status(), role).toBe(403);
        await page.getByText(ROLE_MESSAGES.forbidden("security")).waitFor();
        expect(await page.content()).not.toContain(E2E_ADMIN.email);
        const api = await page.request.get("/api/admin/audit");
        expect(api.status(), role).toBe(403);
      } finally {
        await context.close();
      }
    }
  });
});
