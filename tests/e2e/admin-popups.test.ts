import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POPUP_ADMIN_TEXTS, POPUP_MESSAGES } from "../../common/admin-messages";
import {
  type AdminContextOptions,
  adminApi,
  adminContext,
  message,
  open,
  setUpBrowser,
  signIn,
  uniqueTitle,
} from "./admin";
import { axeViolations } from "./axe";
import { baseURL } from "./browser";

const LIST = "/admin/dashboard/popups";
setUpBrowser();
let api: Awaited<ReturnType<typeof adminApi>>;
beforeAll(async () => {
  api = await adminApi();
});
afterAll(() => api?.dispose());

async function signedIn(path = LIST, options: AdminContextOptions = {}) {
  const session = await adminContext(options);
  await signIn(session.page);
  await open(session.page, path);
  return session;
}

const row = (page: Page, id: string) => page.getByRole("listitem").filter({ hasText: id });
const toggle = (page: Page, id: string) => row(page, id).getByRole("switch");
const activeSwitches = (page: Page) =>
  page.getByRole("main").locator('[role="switch"][aria-checked="true"]').count();

describe("popup list", () => {
  it("rows show the id, the title cut at 28 characters only when longer, and the switch", async () => {
    const exact = uniqueTitle("Exactly 28").padEnd(28, "x");
    const longer = `${uniqueTitle("Longer than twenty-eight")}!`;
    const [exactId, longerId] = [await api.createPopup(exact), await api.createPopup(longer)];
    const { page, context } = await signedIn();
    expect(exact).toHaveLength(28);
    expect(await row(page, exactId).getByRole("link").textContent()).toBe(exact);
    expect(await row(page, longerId).getByRole("link").textContent()).toBe(`${longer.slice(0, 28)}…`);
    expect(await row(page, longerId).textContent()).toContain(longerId);
    expect(await toggle(page, longerId).textContent()).toBe("Deactivated");
    expect(await toggle(page, longerId).getAttribute("aria-checked")).toBe("false");
    await context.close();
  });

  it("activating one deactivates the other on screen; each toggle says so and the list reloads", async () => {
    const [a, b] = [
      await api.createPopup(uniqueTitle("First")),
      await api.createPopup(uniqueTitle("Second")),
    ];
    const { page, context } = await signedIn();
    await toggle(page, a).click();
    await message(page, POPUP_MESSAGES.activated).waitFor();
    await expect.poll(() => toggle(page, a).getAttribute("aria-checked")).toBe("true");
    expect(await toggle(page, a).textContent()).toBe("Activated");
    expect(await activeSwitches(page)).toBe(1);

    await toggle(page, b).click();
    await message(page, POPUP_MESSAGES.activated).last().waitFor();
    await expect.poll(() => toggle(page, b).getAttribute("aria-checked")).toBe("true");
    expect(await toggle(page, a).getAttribute("aria-checked")).toBe("false");
    expect(await activeSwitches(page)).toBe(1);
    expect((await api.popups()).filter((p) => p.activated).map((p) => p._id)).toEqual([b]);

    await toggle(page, b).click();
    await message(page, POPUP_MESSAGES.deactivated).waitFor();
    await expect.poll(() => toggle(page, b).getAttribute("aria-checked")).toBe("false");
    expect(await activeSwitches(page)).toBe(0);
    await context.close();
  });

  it("a row click opens the edit screen; the switch and the delete icon do not; the title link works by keyboard", async () => {
    const title = uniqueTitle("Row click");
    const id = await api.createPopup(title);
    const { page, context } = await signedIn();
    await toggle(page, id).click();
    await message(page, POPUP_MESSAGES.activated).waitFor();
    expect(new URL(page.url()).pathname).toBe(LIST);

    await row(page, id).getByRole("button", { name: "Delete popup" }).click();
    const dialog = page.getByRole("alertdialog", { name: POPUP_ADMIN_TEXTS.confirmDeleteTitle });
    await dialog.waitFor();
    expect(new URL(page.url()).pathname).toBe(LIST);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
      "Delete popup",
    );

    await row(page, id).getByText(id).click();
    await page.waitForURL(`${baseURL()}${LIST}/${id}`);
    await page.getByRole("button", { name: "Edit" }).waitFor();
    await page.getByRole("button", { name: "Delete" }).waitFor();
    await page.getByRole("link", { name: "Back" }).click();
    await page.waitForURL(`${baseURL()}${LIST}`);

    await row(page, id).getByRole("link", { name: title }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(`${baseURL()}${LIST}/${id}`);
    await context.close();
  });

  it("the top-bar search filters the rows by title", async () => {
    const [wanted, other] = [uniqueTitle("Findable"), uniqueTitle("Other")];
    const [wantedId, otherId] = [await api.createPopup(wanted), await api.createPopup(other)];
    const { page, context } = await signedIn();
    await page.getByRole("searchbox", { name: "Search" }).fill(wanted.toUpperCase());
    await row(page, otherId).waitFor({ state: "detached" });
    expect(await row(page, wantedId).count()).toBe(1);
    await page.getByRole("searchbox", { name: "Search" }).fill("no popup has this title");
    await page.getByText(POPUP_ADMIN_TEXTS.noMatch("no popup has this title")).waitFor();
    await context.close();
  });

  it("deleting from the list asks first, then says 'Successfully Deleted' and the row goes", async () => {
    const id = await api.createPopup(uniqueTitle("Delete me"));
    const { page, context } = await signedIn();
    await row(page, id).getByRole("button", { name: "Delete popup" }).click();
    const dialog = page.getByRole("alertdialog");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Cancel");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await row(page, id).count()).toBe(1);
    await row(page, id).getByRole("button", { name: "Delete popup" }).click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await message(page, POPUP_MESSAGES.deleted).waitFor();
    await row(page, id).waitFor({ state: "detached" });
    await context.close();
  });

  it("while an action runs, further actions are ignored and the loader shows", async () => {
    const [a, b] = [
      await api.createPopup(uniqueTitle("Busy A")),
      await api.createPopup(uniqueTitle("Busy B")),
    ];
    const { page, context } = await signedIn();
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls: string[] = [];
    // The list's route action is posted to the page's data URL.
    await page.route(`**${LIST}.data*`, async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      calls.push(route.request().postData() ?? "");
      await held;
      await route.continue();
    });
    await toggle(page, a).click();
    await page.getByRole("status").filter({ hasText: "Loading…" }).waitFor();
    await toggle(page, b).click();
    await row(page, b).getByRole("button", { name: "Delete popup" }).click();
    expect(await page.getByRole("alertdialog").count()).toBe(0);
    release();
    await message(page, POPUP_MESSAGES.activated).waitFor();
    await page.getByRole("status").filter({ hasText: "Loading…" }).waitFor({ state: "detached" });
    expect(calls).toHaveLength(1);
    expect(await toggle(page, b).getAttribute("aria-checked")).toBe("false");
    await context.close();
  });

  it("shows the popup error messages when the server refuses", async () => {
    const id = await api.createPopup(uniqueTitle("Refused"));
    const { page, context } = await signedIn();
    // Deleted behind the screen's back: the service refuses every write to it.
    await api.remove(id);
    await toggle(page, id).click();
    await message(page, POPUP_MESSAGES.actionFailed).waitFor();
    const gone = await api.createPopup(uniqueTitle("Refused too"));
    await open(page, LIST);
    await api.remove(gone);
    await row(page, gone).getByRole("button", { name: "Delete popup" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await message(page, POPUP_MESSAGES.actionFailed).last().waitFor();

    const edited = await api.createPopup(uniqueTitle("Refused edit"));
    await open(page, `${LIST}/${edited}`);
    await api.remove(edited);
    await page.getByRole("button", { name: "Edit" }).click();
    await message(page, POPUP_MESSAGES.editFailed).waitFor();
    expect(new URL(page.url()).pathname).toBe(`${LIST}/${edited}`);

    // A server that fails (or cannot be reached) reads the same.
    await open(page, `${LIST}/create`);
    await page.route(`**${LIST}/create.data*`, (route) =>
      route.request().method() === "POST" ? route.fulfill({ status: 500, body: "down" }) : route.continue(),
    );
    await page.getByLabel("Title").fill("Refused");
    await page.getByLabel("Content").fill("Refused");
    await page.getByRole("button", { name: "Submit" }).click();
    await message(page, POPUP_MESSAGES.actionFailed).waitFor();
    expect(new URL(page.url()).pathname).toBe(`${LIST}/create`);
    await context.close();
  });

  it("a client call answered 401 (the session ended) goes to /admin", async () => {
    const id = await api.createPopup(uniqueTitle("Ended"));
    const { page, context } = await signedIn();
    await page.request.post("/api/admin/logout");
    await toggle(page, id).click();
    await page.waitForURL(`${baseURL()}/admin`);
    await page.getByRole("heading", { level: 1, name: "Admin login" }).waitFor();
    await context.close();
  });

  it("reads 'No Popup available' when there are none", async () => {
    for (const popup of await api.popups()) await api.remove(popup._id);
    const { page, context } = await signedIn();
    await page.getByText(POPUP_ADMIN_TEXTS.none).waitFor();
    await page.getByRole("link", { name: "Create New Popup" }).waitFor();
    await context.close();
  });
});

describe("create and edit screens", () => {
  it("create: 'Back', counters and limits, 'Cant submit empty details', then 'Successfully Created'", async () => {
    const { page, context } = await signedIn();
    await page.getByRole("link", { name: "Create New Popup" }).click();
    await page.waitForURL(`${baseURL()}${LIST}/create`);
    await page.getByRole("link", { name: "Back" }).waitFor();
    const submit = page.getByRole("button", { name: "Submit" });

    await submit.click();
    await message(page, POPUP_MESSAGES.empty).waitFor();
    await page.getByLabel("Title").fill("   ");
    await page.getByLabel("Content").fill("Some content");
    await submit.click();
    await message(page, POPUP_MESSAGES.empty).last().waitFor();

    await page.getByLabel("Title").fill("");
    await page.getByLabel("Title").pressSequentially("T".repeat(45));
    expect(await page.getByLabel("Title").inputValue()).toHaveLength(40);
    await page.getByText("40/40").waitFor();
    await page.getByLabel("Content").fill("C".repeat(400));
    expect(await page.getByLabel("Content").inputValue()).toHaveLength(360);
    await page.getByText("360/360").waitFor();

    const title = uniqueTitle("Created");
    await page.getByLabel("Title").fill(title);
    await page.getByText(`${title.length}/40`).waitFor();
    await page.getByLabel("Content").fill("Free waste review for new customers");
    await submit.click();
    await message(page, POPUP_MESSAGES.created).waitFor();
    await page.waitForURL(`${baseURL()}${LIST}`);
    const created = page.getByRole("listitem").filter({ hasText: title });
    await created.waitFor();
    expect(await created.getByRole("switch").textContent()).toBe("Deactivated");

    await page.getByRole("link", { name: "Create New Popup" }).click();
    await page.getByRole("link", { name: "Back" }).click();
    await page.waitForURL(`${baseURL()}${LIST}`);
    await context.close();
  });

  it("edit: 'Successfully Edited'; 'Delete' asks first, then 'Successfully Deleted'", async () => {
    const title = uniqueTitle("To edit");
    const id = await api.createPopup(title, "Original content");
    const { page, context } = await signedIn(`${LIST}/${id}`);
    expect(await page.getByLabel("Title").inputValue()).toBe(title);
    expect(await page.getByLabel("Content").inputValue()).toBe("Original content");
    await page.getByText(`${title.length}/40`).waitFor();
    await page.getByLabel("Title").fill("");
    await page.getByRole("button", { name: "Edit" }).click();
    await message(page, POPUP_MESSAGES.empty).waitFor();

    const edited = uniqueTitle("Edited");
    await page.getByLabel("Title").fill(edited);
    await page.getByRole("button", { name: "Edit" }).click();
    await message(page, POPUP_MESSAGES.edited).waitFor();
    await page.waitForURL(`${baseURL()}${LIST}`);
    await row(page, id).getByRole("link", { name: edited }).waitFor();

    await open(page, `${LIST}/${id}`);
    await page.getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Delete" }).click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await message(page, POPUP_MESSAGES.deleted).waitFor();
    await page.waitForURL(`${baseURL()}${LIST}`);
    expect(await row(page, id).count()).toBe(0);

    await open(page, `${LIST}/${id}`);
    await page.getByText(POPUP_ADMIN_TEXTS.notFound).waitFor();
    await context.close();
  });
});

describe("accessibility: axe-core finds no violations", () => {
  it.each(["dark", "light"] as const)(
    "popup list, delete question, create and edit in the %s theme",
    async (theme) => {
      const id = await api.createPopup(uniqueTitle("Axe"));
      const { page, context } = await signedIn(LIST, { theme, width: theme === "light" ? 360 : 1280 });
      const found: Record<string, string[]> = {};
      const check = async (name: string) => {
        const v = await axeViolations(page);
        if (v.length) found[name] = v;
      };
      await check("list");
      await row(page, id).getByRole("button", { name: "Delete popup" }).click();
      await page.getByRole("alertdialog").waitFor();
      await check("delete question");
      await open(page, `${LIST}/create`);
      await check("create");
      await open(page, `${LIST}/${id}`);
      await check("edit");
      expect(found).toEqual({});
      await context.close();
    },
  );
});
