import { chromium } from "playwright-core";
const base = process.env.BASE ?? "http://127.0.0.1:4517";
const [, , path = "/admin/dashboard", name = "shot", width = "1280", theme = "dark", action = ""] = process.argv;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--headless"] });
const context = await browser.newContext({ viewport: { width: Number(width), height: 800 }, baseURL: base });
await context.addInitScript((t) => localStorage.setItem("dark-theme", t === "dark" ? "true" : "false"), theme);
const page = await context.newPage();
page.on("pageerror", (e) => console.log("pageerror", e.message));
if (path.startsWith("/admin/dashboard")) {
  await page.goto("/admin");
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.getByLabel("Email").fill("a@example.co.uk");
  await page.getByLabel("Password").fill("password-1234");
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL("**/admin/dashboard");
}
await page.goto(path);
await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
if (action) await eval(`(async () => { ${action} })()`);
await page.waitForTimeout(400);
await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: process.env.FULL !== "0" });
console.log(page.url());
await browser.close();
