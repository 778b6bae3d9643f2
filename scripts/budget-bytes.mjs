// npm run budget:bytes: the byte budgets of budgets.json (javascript, css) for every public page the
// sitemap lists, one blog post and two pages from blocks seeded as the office would make them
// (scripts/block-page-seed.mjs: one of every block with the enquiry form, one without a form), measured on the production build from the module graph each
// page really loads: the page is opened in Chromium (scripts/chromium.mjs) on a first visit, and
// every script and stylesheet it requests from /assets/ until it has hydrated and the network is
// idle is counted at the size the server sends it (the build's brotli file, quality 11; a file under
// 1 KB has none and goes as it is). The inlined critical CSS is part of the document, not counted.
// A page from blocks must load exactly the scripts a fixed page of its kind loads: without a form
// /about's (the page script), with one /contact's (the page script and the enquiry form's island).
// Exits 1 with one sentence per broken budget naming it, the figure and the page.
// `--build` rebuilds first (otherwise the existing build is measured, built when missing).
import { existsSync, readFileSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { pageIsland } from "../common/content/pages.ts";
import { sitemapPages } from "./bench-lib.mjs";
import { SEED_ADMIN_ENV, SEEDED_PAGES, seedBlockPages } from "./block-page-seed.mjs";
import { CHROMIUM_ARGS, chromiumPath } from "./chromium.mjs";
import { ensureBuild, startBuiltServer } from "./server-process.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const budgets = JSON.parse(readFileSync(new URL("../budgets.json", import.meta.url), "utf8"));
const KB = 1024;

/** Bytes the server sends for a file of build/client: its .br when the build made one. */
function sentBytes(pathname) {
  const file = `${ROOT}build/client${decodeURIComponent(pathname)}`;
  return statSync(existsSync(`${file}.br`) ? `${file}.br` : file).size;
}

/** `{ javascript, css, files }` a first visit to `path` loads, in bytes. */
async function pageBytes(browser, base, path) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const files = { script: new Set(), stylesheet: new Set() };
  page.on("request", (request) => {
    const url = new URL(request.url());
    const kind = request.resourceType();
    if (url.origin === base && url.pathname.startsWith("/assets/") && kind in files)
      files[kind].add(url.pathname);
  });
  try {
    const response = await page.goto(base + path);
    if (!response?.ok()) throw new Error(`${path} answered ${response?.status()}`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.waitForLoadState("networkidle");
  } finally {
    await context.close();
  }
  const sum = (set) => [...set].reduce((total, file) => total + sentBytes(file), 0);
  return {
    javascript: sum(files.script),
    css: sum(files.stylesheet),
    files: files.script.size,
    scripts: [...files.script].sort(),
  };
}

ensureBuild({ force: process.argv.includes("--build") });
const server = await startBuiltServer({ SEED_DEMO: "1", ...SEED_ADMIN_ENV });
const browser = await chromium.launch({ executablePath: await chromiumPath(), args: CHROMIUM_ARGS });
const rows = [];
try {
  const pages = await sitemapPages(server.url);
  const { result: posts } = await (await fetch(`${server.url}/api/blog?fields=summary&limit=1`)).json();
  if (posts[0]) pages.push(`/blog/${posts[0]._id}`);
  for (const path of await seedBlockPages(server.url)) if (!pages.includes(path)) pages.push(path);
  for (const path of pages) rows.push({ path, ...(await pageBytes(browser, server.url, path)) });
} finally {
  await browser.close();
  await server.stop();
}

const kb = (bytes) => (bytes / KB).toFixed(1);
console.log("Bytes each public page loads on a first visit (brotli, as served):");
console.table(
  rows.map(({ path, javascript, css, files }) => ({
    page: path,
    "JavaScript KB": kb(javascript),
    "script files": files,
    "CSS KB": kb(css),
  })),
);

const broken = [];
/** The budget's key for a page: the pages from blocks have their own. */
const budgetKey = (path) =>
  path === "/"
    ? "home"
    : path === SEEDED_PAGES.withForm
      ? "blockPageWithForm"
      : path === SEEDED_PAGES.withoutForm
        ? "blockPageWithoutForm"
        : pageIsland(path)
          ? "formPage"
          : "pageWithoutForm";
const scriptsOf = (path) => rows.find((row) => row.path === path)?.scripts.join(" ");
for (const [path, like] of [
  [SEEDED_PAGES.withForm, "/contact"],
  [SEEDED_PAGES.withoutForm, "/about"],
])
  if (scriptsOf(path) !== scriptsOf(like))
    broken.push(
      `Scripts broken: ${path} loads ${scriptsOf(path) || "none"}, where ${like} loads ${scriptsOf(like) || "none"} (a page from blocks loads the page script, and the form's island where it has a form block).`,
    );
for (const { path, javascript, css } of rows) {
  const key = budgetKey(path);
  const budget = budgets.javascript[key];
  if (javascript > budget.kb * KB)
    broken.push(
      `JavaScript budget broken: ${path} loads ${kb(javascript)} KB of JavaScript (brotli), budget ${budget.kb} KB (budgets.json javascript.${key}).`,
    );
  if (css > budgets.css.publicPage.kb * KB)
    broken.push(
      `CSS budget broken: ${path} loads ${kb(css)} KB of CSS (brotli) after its inlined critical CSS, budget ${budgets.css.publicPage.kb} KB (budgets.json css.publicPage).`,
    );
}
for (const sentence of broken) console.error(sentence);
process.exit(broken.length ? 1 : 0);
