import { randomUUID } from "node:crypto";
import { type Browser, type BrowserContext, type Page, request } from "playwright-core";
import { baseURL, waitForHydration } from "./browser";
import { E2E_ADMIN } from "./global-setup";

/**
 * A browser context for the admin area: a viewport, a theme, and CSP bypassed so axe can be
 * injected. Motion is reduced unless asked otherwise.
 */
export async function adminContext(
  browser: Browser,
  options: { width?: number; theme?: "dark" | "light" } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: { width: options.width ?? 1280, height: 800 },
    bypassCSP: true,
    reducedMotion: "reduce",
  });
  const dark = String((options.theme ?? "dark") === "dark");
  await context.addInitScript((value) => localStorage.setItem("dark-theme", value), dark);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return { context, page, errors };
}

/** Signs in through the login screen and waits for the dashboard. */
export async function signIn(page: Page, credentials: { email: string; password: string } = E2E_ADMIN) {
  await page.goto("/admin");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(credentials.email);
  await page.getByLabel("Password", { exact: true }).fill(credentials.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL("**/admin/dashboard");
  await waitForHydration(page);
}

/** Opens an admin path in a signed-in page and waits until it is interactive. */
export async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

/** A title no other test uses: the e2e server is shared by every file. */
export const uniqueTitle = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

/** The transient message with this text (toasts vanish after 1.2 s: assert promptly). */
export const message = (page: Page, text: string) =>
  page.locator("[aria-live] [data-message-type]").filter({ hasText: text });

/** An API client signed in as the e2e administrator (cookie session), for arranging test data. */
export async function adminApi() {
  const api = await request.newContext({ baseURL: baseURL() });
  const login = await api.post("/api/admin/login", { data: E2E_ADMIN });
  if (!login.ok()) throw new Error(`login failed: ${await login.text()}`);
  return {
    async createPopup(title: string, content = "Book a free review of your waste streams"): Promise<string> {
      const res = await api.post("/api/admin/popup-message", { data: { title, content } });
      return (await res.json()).data._id;
    },
    async popups(): Promise<{ _id: string; title: string; activated: boolean }[]> {
      return (await (await api.get("/api/admin/popups")).json()).data;
    },
    activate: (id: string) => api.put(`/api/admin/activate-popup/${id}`),
    deactivate: (id: string) => api.put(`/api/admin/deactivate-popup/${id}`),
    remove: (id: string) => api.delete(`/api/admin/popup-message/${id}`),
    dispose: () => api.dispose(),
  };
}
