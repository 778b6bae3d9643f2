import { randomUUID } from "node:crypto";
import path from "node:path";
import { type APIRequestContext, type Browser, type Page, request } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { baseURL, dataDir, launchBrowser, waitForHydration } from "./browser";
import { E2E_ADMIN } from "./global-setup";
import { waitForMailFile } from "./mail-files";

/** Shared set-up of the admin area's browser tests: one Chromium a file, contexts, sign-in. */

let shared: Browser | undefined;

/**
 * Launches this file's Chromium before its tests and closes it after them. Call once, at the top
 * level of a test file; the helpers below open their contexts in it.
 */
export function setUpBrowser(): () => Browser {
  beforeAll(async () => {
    shared = await launchBrowser();
  });
  afterAll(async () => {
    await shared?.close();
    shared = undefined;
  });
  return fileBrowser;
}

function fileBrowser(): Browser {
  if (!shared) throw new Error("no browser: call setUpBrowser() at the top of the test file");
  return shared;
}

export interface AdminContextOptions {
  width?: number;
  height?: number;
  /** The stored theme choice; none leaves the site's default. */
  theme?: "dark" | "light";
  /** axe is injected as an inline script, which the page's CSP would rightly refuse. */
  bypassCSP?: boolean;
  javaScriptEnabled?: boolean;
  /** A server of the test's own instead of the shared e2e one. */
  baseURL?: string;
}

/** A fresh context with reduced motion and one page; script errors are collected in `errors`. */
async function browserContext(options: AdminContextOptions) {
  const context = await fileBrowser().newContext({
    baseURL: options.baseURL ?? baseURL(),
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    reducedMotion: "reduce",
    bypassCSP: options.bypassCSP ?? false,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  if (options.theme)
    await context.addInitScript(
      (dark) => localStorage.setItem("dark-theme", dark),
      String(options.theme === "dark"),
    );
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return { context, page, errors };
}

/** A signed-out context for the login screen and `signIn`: dark theme unless asked, axe allowed. */
export function adminContext(options: AdminContextOptions = {}) {
  return browserContext({ ...options, theme: options.theme ?? "dark", bypassCSP: options.bypassCSP ?? true });
}

/**
 * A page already signed in as the e2e administrator through the login API (the context's request
 * client shares its cookie, for arranging data). Browser prompts (the leave-page question on
 * reload) are accepted.
 */
export async function adminPage(options: AdminContextOptions = {}) {
  const session = await browserContext({ ...options, height: options.height ?? 900 });
  await signInRequests(session.context.request);
  session.page.on("dialog", (dialog) => dialog.accept());
  return session;
}

/** Signs a request client in as the e2e administrator: its later requests carry the session cookie. */
async function signInRequests(api: APIRequestContext) {
  const login = await api.post("/api/admin/login", { data: E2E_ADMIN });
  if (!login.ok()) throw new Error(`login failed: ${await login.text()}`);
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

/**
 * Records every transient message the page shows from now on (in the page, as it is drawn): a
 * toast gone after 1.2 s is still seen when a loaded machine polls later than that. The answer
 * reads what was shown so far.
 */
export async function recordMessages(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { shownMessages: string[] }).shownMessages = seen;
    const look = () => {
      for (const element of document.querySelectorAll("[aria-live] [data-message-type]"))
        if (element.textContent && !seen.includes(element.textContent)) seen.push(element.textContent);
    };
    new MutationObserver(look).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  return () => page.evaluate(() => (window as unknown as { shownMessages: string[] }).shownMessages);
}

/**
 * Does `action` and waits until the page has shown a message holding `text`, recorded as it was
 * drawn (recordMessages): a 1.2 s toast is seen even when a loaded machine looks after it went.
 */
export async function afterMessage(page: Page, text: string, action: () => Promise<unknown>) {
  const shown = await recordMessages(page);
  await action();
  await expect
    .poll(async () => (await shown()).some((seen) => seen.includes(text)), { timeout: 30_000 })
    .toBe(true);
}

/**
 * 'Confirm your password' (sudo mode): the dialog a change to how the account signs in opens when
 * the password was not confirmed lately; it is filled and confirmed, and closes.
 */
export async function confirmPassword(page: Page, password: string) {
  const dialog = page.getByRole("dialog", { name: "Confirm your password" });
  await dialog.getByLabel("Password", { exact: true }).fill(password);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await dialog.waitFor({ state: "detached" });
}

/** An API client signed in as the e2e administrator (cookie session), for arranging test data. */
export async function adminApi() {
  const api = await request.newContext({ baseURL: baseURL() });
  await signInRequests(api);
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

/**
 * A colleague invited by the e2e Owner with `role` who has accepted the mailed link with
 * `password` (through the API): their e-mail address, unique to the test. `server`: a server of
 * the test's own (started with the e2e Owner), instead of the shared one.
 */
export async function invitedColleague(
  role: "owner" | "desk" | "editor",
  password: string,
  server: { url: string; dataDir: string } = { url: baseURL(), dataDir: dataDir() },
): Promise<string> {
  const email = `${role}-${randomUUID().slice(0, 8)}@example.co.uk`;
  const owner = await request.newContext({ baseURL: server.url });
  try {
    await signInRequests(owner);
    const invited = await owner.post("/api/admin/staff/invites", { data: { email, role } });
    if (invited.status() !== 201) throw new Error(`invitation failed: ${await invited.text()}`);
    const raw = await waitForMailFile(path.join(server.dataDir, "mail"), email);
    const token = /\/admin\/invite\/([A-Za-z0-9_-]{43})/.exec(raw.replace(/=\r?\n/g, ""))?.[1];
    const accepted = await owner.post(`/api/admin/invites/${token}`, { data: { password } });
    if (accepted.status() !== 200) throw new Error(`accepting failed: ${await accepted.text()}`);
  } finally {
    await owner.dispose();
  }
  return email;
}
