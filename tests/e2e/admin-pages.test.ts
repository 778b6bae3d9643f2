import { request } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { PAGE_DOCUMENTS } from "../../common/content/site-content/page-documents";
import { adminContext, invitedColleague, setUpBrowser } from "./admin";
import { axeViolations } from "./axe";
import { baseURL, waitForHydration } from "./browser";
import { E2E_ADMIN } from "./global-setup";

setUpBrowser();

const OLD = PAGE_DOCUMENTS["page-services"].defaults.services[3].summary;
const NEW = "Site audits and duty-of-care paperwork, booked within the week.";
const get = (path: string) => fetch(`${baseURL()}${path}`, { redirect: "manual" });

// The shared e2e server shows today's words to every other test file again afterwards.
afterAll(async () => {
  const owner = await request.newContext({ baseURL: baseURL() });
  await owner.post("/api/admin/login", { data: E2E_ADMIN });
  await owner.post("/api/admin/site/page-services/publish", {
    data: { data: PAGE_DOCUMENTS["page-services"].defaults },
  });
  await owner.dispose();
});

describe("an Editor edits a page's words", () => {
  it("changes a service's description, previews it, publishes it; /services shows it, the old words gone from the page cache", async () => {
    const password = "editor-pages-password-1";
    const email = await invitedColleague("editor", password);
    // Both pages kept by the page cache first.
    for (const path of ["/services", "/services", "/about", "/about"]) await get(path);
    const before = await get("/services");
    expect(before.headers.get("x-page-cache")).toBe("hit");
    expect(await before.text()).toContain(OLD);

    const { page, context } = await adminContext();
    await page.goto("/admin");
    await waitForHydration(page);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL("**/admin/dashboard/blog"); // an Editor starts at the blog
    await page.getByRole("link", { name: "Pages" }).first().click();
    await page.waitForURL("**/admin/dashboard/pages");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Edit Services" }).click();
    await page.getByRole("heading", { level: 1, name: "Edit Services" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const consultation = page.getByRole("group", { name: "Service 4" });
    await consultation.getByLabel("Description").fill("");
    await page.getByRole("button", { name: "Publish" }).click();
    // Refused with the message beside the field and in the summary; nothing published.
    await page.getByRole("alert").filter({ hasText: "Enter the description" }).waitFor();
    expect(await consultation.getByText("Enter the description").count()).toBe(1);
    expect(await (await get("/services")).text()).toContain(OLD);

    await consultation.getByLabel("Description").fill(NEW);
    await page.getByRole("button", { name: "Preview" }).click();
    await page.waitForURL("**/services?preview=page-services");
    expect(await page.locator("#consultation").textContent()).toContain(NEW);
    expect(await (await get("/services")).text()).toContain(OLD); // the public still sees the published words

    await page.goBack();
    await page.getByRole("heading", { level: 1, name: "Edit Services" }).waitFor();
    await page.getByRole("button", { name: "Publish" }).click();
    await page.getByText("Published", { exact: true }).waitFor();

    const after = await get("/services");
    const html = await after.text();
    expect(html).toContain(NEW);
    expect(html).not.toContain(OLD);
    // The home page shows the cards too; About shows neither and stays kept.
    expect(await (await get("/")).text()).toContain(NEW);
    expect((await get("/about")).headers.get("x-page-cache")).toBe("hit");
    await context.close();
  });
});
