// npm run bench:main-thread: the main-thread time a phone spends on each public page, measured on
// the production build in Chromium (scripts/chromium.mjs) with the CPU slowed fourfold (Lighthouse's
// mobile preset): a first visit (no cache, no consent), from navigation until the page has hydrated
// and the network is idle. Chromium's own counters (CDP Performance.getMetrics) give the time its
// main thread spent in tasks (TaskDuration), in script (ScriptDuration) and in style and layout
// (RecalcStyleDuration + LayoutDuration); long tasks (over 50 ms, as Lighthouse counts them) are
// taken from a PerformanceObserver. Each page is visited `--runs=N` times (default 5): medians.
// `--build` rebuilds first. `--base=DIR` also measures the build in DIR (a clone of another commit,
// built), alternating the two per visit so that a busy machine weighs on both alike. `--pages=/,/contact`
// measures those pages alone.
// The figures swing with the machine's load: a bench, not a CI budget (docs/benchmarks.md 'Budgets').
import { chromium } from "playwright-core";
import { machine, sitemapPages } from "./bench-lib.mjs";
import { CHROMIUM_ARGS, chromiumPath } from "./chromium.mjs";
import { ensureBuild, startBuiltServer } from "./server-process.mjs";

const option = (name, fallback) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
const RUNS = Number(option("runs", 5));
const BASE = option("base", undefined);
const THROTTLE = 4;

/** One first visit to `path`: milliseconds of main-thread work by kind, and the long tasks. */
async function visit(browser, base, path) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLE });
    await page.addInitScript(() => {
      const w = window;
      w.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__longTasks.push(entry.duration);
      }).observe({ type: "longtask", buffered: true });
    });
    await page.goto(`${base}${path}`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.waitForLoadState("networkidle");
    const { metrics } = await cdp.send("Performance.getMetrics");
    const metric = (name) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
    const longTasks = await page.evaluate(() => window.__longTasks);
    return {
      task: metric("TaskDuration"),
      script: metric("ScriptDuration"),
      layout: metric("RecalcStyleDuration") + metric("LayoutDuration"),
      longTasks: longTasks.length,
      blocking: longTasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0),
    };
  } finally {
    await context.close();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

ensureBuild({ force: process.argv.includes("--build") });
const builds = [{ name: "this build", server: await startBuiltServer({ SEED_DEMO: "1" }) }];
if (BASE) {
  const { startBuiltServer: startBase } = await import(`${BASE}/scripts/server-process.mjs`);
  builds.push({ name: BASE, server: await startBase({ SEED_DEMO: "1" }) });
}
const browser = await chromium.launch({ executablePath: await chromiumPath(), args: CHROMIUM_ARGS });
const rows = [];
try {
  const pages = await sitemapPages(builds[0].server.url);
  const { result: posts } = await (
    await fetch(`${builds[0].server.url}/api/blog?fields=summary&limit=1`)
  ).json();
  if (posts[0]) pages.push(`/blog/${posts[0]._id}`);
  // --pages=/,/contact measures those alone ("post" names the post).
  const only = option("pages", undefined)?.split(",");
  const measured = only ? pages.filter((p) => only.includes(p.startsWith("/blog/") ? "post" : p)) : pages;
  for (const path of measured) {
    const runs = builds.map(() => []);
    // Alternate the builds visit by visit; a visit to each first warms the page caches.
    for (const build of builds) await visit(browser, build.server.url, path.replace(/\/blog\/.+/, "/blog"));
    for (let i = 0; i < RUNS; i++)
      for (const [b, build] of builds.entries()) runs[b].push(await visit(browser, build.server.url, path));
    for (const [b, build] of builds.entries()) {
      const of = (key) => Math.round(median(runs[b].map((run) => run[key])));
      rows.push({
        page: path.startsWith("/blog/") ? "/blog/{id}" : path,
        build: build.name,
        "main thread ms": of("task"),
        "script ms": of("script"),
        "style+layout ms": of("layout"),
        "long tasks": of("longTasks"),
        "blocking ms (>50 ms)": of("blocking"),
      });
    }
  }
} finally {
  await browser.close();
  for (const build of builds) await build.server.stop();
}
console.log(`Main-thread time on a first visit, CPU slowed ${THROTTLE}x, medians of ${RUNS} (${machine()}):`);
console.table(rows);
