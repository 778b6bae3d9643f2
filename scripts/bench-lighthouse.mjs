#!/usr/bin/env node
// Lighthouse 12 (mobile, default throttling) against the production build for every public page,
// the blog list and a blog post with a picture.
// Prints the four category scores and the layout shift per page: the median of --runs=N runs
// (default 3, as Lighthouse's docs advise against single runs). Usage: npm run bench:lighthouse
// `--base=DIR` also measures the build in DIR (a clone of another commit, built), alternating the
// two run by run so that a busy machine weighs on both alike. `--budget` checks budgets.json's
// lighthouse budgets on this build (npm run budget:lighthouse, CI; see the end of this file).
// `--block-pages` also measures two pages from blocks made through the admin API as the office
// would (scripts/block-page-seed.mjs: /bakery-waste, every kind of block with the enquiry form;
// /areas/cambridge, no form); naming one in --pages seeds them too.
import { readFileSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { sitemapPages } from "./bench-lib.mjs";
import { SEED_ADMIN_ENV, SEEDED_PAGES, seedBlockPages } from "./block-page-seed.mjs";
import { chromiumPath } from "./chromium.mjs";
import { ensureBuild, startBuiltServer } from "./server-process.mjs";

const RUNS = Number(process.argv.find((a) => a.startsWith("--runs="))?.slice(7) ?? 3);
const BUDGET = process.argv.includes("--budget");
const budget = JSON.parse(readFileSync(new URL("../budgets.json", import.meta.url), "utf8")).lighthouse;
const BASE = process.argv.find((a) => a.startsWith("--base="))?.slice(7);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** A run's score (0-100) for a category. */
const categoryScore = (lhr, id) => Math.round((lhr.categories[id].score ?? 0) * 100);

ensureBuild({ force: process.argv.includes("--build") });

// The embedded database in a scratch DATA_DIR, removed when the server stops.
// --pages=/,/contact measures those alone ("post" names the post with a picture).
const only = process.argv
  .find((a) => a.startsWith("--pages="))
  ?.slice(8)
  .split(",");
const SEED =
  process.argv.includes("--block-pages") ||
  Object.values(SEEDED_PAGES).some((address) => only?.includes(address));
const builds = [{ name: "this build", server: await startBuiltServer(SEED ? SEED_ADMIN_ENV : {}) }];
if (BASE) {
  const { startBuiltServer: startBase } = await import(`${BASE}/scripts/server-process.mjs`);
  builds.push({ name: BASE, server: await startBase(SEED ? SEED_ADMIN_ENV : {}) });
}
// The pages from blocks, published on each build (an older one without them is measured without).
if (SEED)
  for (const build of builds)
    await seedBlockPages(build.server.url).catch((error) =>
      console.error(`${build.name}: no pages from blocks seeded (${error.message})`),
    );

// Every public page as the sitemap lists them, and one post page with a picture: the newest demo
// post that has one (SEED_DEMO is on; each build has its own post, so "post" stands for it).
let PAGES = await sitemapPages(builds[0].server.url);
for (const build of builds) {
  const { result: posts } = await (
    await fetch(`${build.server.url}/api/blog?fields=summary&limit=12`)
  ).json();
  build.post = posts.find((post) => post.img)?._id;
}
if (builds[0].post) PAGES.push("post");
if (SEED)
  for (const address of Object.values(SEEDED_PAGES)) if (!PAGES.includes(address)) PAGES.push(address);
const pathOf = (page, build) => (page === "post" ? `/blog/${build.post}` : page);
if (only) PAGES = PAGES.filter((page) => only.includes(page));

// Steady state, as visitors meet it: each page and each picture it shows requested once first, so
// no measured run pays for the page cache's first render or a picture's first WebP rendition
// (made on its first request and kept).
for (const build of builds)
  for (const page of PAGES) {
    const html = await (await fetch(`${build.server.url}${pathOf(page, build)}`)).text();
    const pictures = new Set(
      [...html.matchAll(/(\/api\/blog\/blog-image\/[^\s"?,]+(\?w=\d+)?)/g)].map((m) => m[1]),
    );
    for (const picture of pictures)
      await fetch(`${build.server.url}${picture}`, { headers: { accept: "image/webp" } });
  }

const chrome = await chromeLauncher.launch({
  chromePath: await chromiumPath(),
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});

/**
 * Each run's settings: Lighthouse's mobile defaults without the two gatherers it runs last, after
 * the page's load is recorded, for what no figure here reads: the full-page screenshot (the HTML
 * report's pictures) and the back/forward-cache test (the 'bf-cache' audit, which navigates away
 * and back; weight 0 in performance, in no other category). Both come after the trace that TBT,
 * LCP and CLS are read from, so every score and metric is what it was; a run takes about a fifth
 * less time (docs/benchmarks.md "CI's time").
 */
const RUN_SETTINGS = { disableFullPageScreenshot: true, skipAudits: ["bf-cache"] };

const rows = [];
const allRuns = [];
const thisBuild = new Map(); // page → this build's runs (the budgets' figures)
const tbtOf = (lhr) => lhr.audits["total-blocking-time"].numericValue;
/**
 * The runs TBT and LCP are judged on (--budget): those on a machine at least as fast as the one
 * their margin was measured on (Lighthouse's BenchmarkIndex for that run), so a moment of other
 * work on the machine is measured again rather than counted.
 */
const timedRuns = (lhrs) =>
  lhrs.filter((lhr) => lhr.environment.benchmarkIndex >= budget.timing.minBenchmarkIndex);
/**
 * How many runs past RUNS this build's page gets for its timing budgets: one for a run on a
 * machine slower for that moment (more would let a slow machine triple the time), and where the
 * timed runs' median TBT is over the budget, enough for a median of RUNS_OVER (a median of 5, not
 * 3, decides a page near its budget: Lighthouse's TBT swings by tens of ms between runs of a page).
 * Not where the runs already decide that median: when more than half of RUNS_OVER runs are over the
 * budget, no further runs can bring the median of RUNS_OVER under it, and the page is judged over.
 */
const RUNS_OVER = 5;
function extraRuns(lhrs) {
  const timed = timedRuns(lhrs);
  const overRuns = timed.filter((lhr) => tbtOf(lhr) > budget.timing.tbtMs).length;
  const over =
    timed.length >= RUNS &&
    median(timed.map(tbtOf)) > budget.timing.tbtMs &&
    overRuns <= Math.floor(RUNS_OVER / 2);
  return Math.min(lhrs.length - timed.length, 1) + (over ? RUNS_OVER - RUNS : 0);
}
const range = (values) => `${Math.round(Math.min(...values))}-${Math.round(Math.max(...values))} ms`;
try {
  for (const page of PAGES) {
    const runs = builds.map(() => []);
    // Run by run, each build in turn. A run Lighthouse itself reports as broken (e.g. NO_NAVSTART
    // on a busy machine) is retried; with --budget, so is this build's run on a machine slower for
    // that moment than the timing budget's (timedRuns).
    const wanted = (b) => (b === 0 && BUDGET ? RUNS + extraRuns(runs[0]) : RUNS);
    for (let attempt = 0; runs.some((r, b) => r.length < wanted(b)) && attempt < RUNS * 3; attempt++)
      for (const [b, build] of builds.entries()) {
        if (runs[b].length >= wanted(b)) continue;
        const { lhr } = await lighthouse(`${build.server.url}${pathOf(page, build)}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          ...RUN_SETTINGS,
        });
        if (lhr.runtimeError) console.error(page, lhr.runtimeError.code, "(retrying)");
        else runs[b].push(lhr);
      }
    thisBuild.set(page, runs[0]);
    for (const [b, build] of builds.entries()) {
      const lhrs = runs[b];
      const score = (id) => median(lhrs.map((lhr) => categoryScore(lhr, id)));
      const metric = (id) => median(lhrs.map((lhr) => lhr.audits[id]?.numericValue ?? Number.NaN));
      rows.push({
        page: page === "post" ? "/blog/{id} (picture)" : page,
        ...(BASE ? { build: build.name } : {}),
        performance: score("performance"),
        accessibility: score("accessibility"),
        "best-practices": score("best-practices"),
        seo: score("seo"),
        CLS: metric("cumulative-layout-shift").toFixed(3),
        LCP: `${Math.round(metric("largest-contentful-paint"))} ms`,
        TBT: `${Math.round(metric("total-blocking-time"))} ms`,
        "TBT range": range(lhrs.map((lhr) => lhr.audits["total-blocking-time"].numericValue)),
        "perf runs": lhrs.map((lhr) => categoryScore(lhr, "performance")).join("/"),
      });
      allRuns.push(
        ...lhrs.map((lhr) => ({
          page,
          build: build.name,
          scores: Object.fromEntries(Object.keys(lhr.categories).map((id) => [id, categoryScore(lhr, id)])),
          tbt: Math.round(lhr.audits["total-blocking-time"].numericValue),
          lcp: Math.round(lhr.audits["largest-contentful-paint"].numericValue),
          benchmarkIndex: lhr.environment.benchmarkIndex,
        })),
      );
      if (process.argv.includes("--verbose") && lhrs[0]) {
        const failing = Object.values(lhrs[0].audits).filter(
          (a) =>
            a.score !== null &&
            a.score < 0.9 &&
            !["informative", "notApplicable", "manual"].includes(a.scoreDisplayMode),
        );
        if (failing.length)
          console.log(page, build.name, failing.map((a) => `${a.id}=${a.score}`).join(", "));
      }
    }
  }
} finally {
  await chrome.kill();
  for (const { server } of builds) await server.stop();
}

// Lighthouse's own measure of the machine's speed (BenchmarkIndex: higher is faster), so figures
// from different machines can be told apart.
const speed = median(allRuns.map((run) => run.benchmarkIndex));
console.log(
  `Lighthouse ${lighthouse.version ?? "12"} mobile, ${cpus()[0]?.model ?? "?"} x${cpus().length}, Node ${process.version}, BenchmarkIndex ${Math.round(speed)}`,
);
console.table(rows);
// --json=FILE keeps every run's scores, TBT and LCP (to learn the spread between runs).
const json = process.argv.find((a) => a.startsWith("--json="))?.slice(7);
if (json) writeFileSync(json, JSON.stringify(allRuns, null, 1));

// --budget (npm run budget:lighthouse, CI): the Lighthouse budgets of budgets.json on this build's
// runs. The three categories that do not swing with load must be 100 on every page; TBT and LCP
// (medians of the runs) are checked only on a machine as fast as the one their margin was
// measured on (Lighthouse's BenchmarkIndex), since Lighthouse scales every task fourfold and a
// machine half as fast more than doubles TBT. Exits 1 with one sentence per broken budget.
if (BUDGET) {
  const broken = [];
  let untimed = 0;
  for (const [page, lhrs] of thisBuild) {
    const path = pathOf(page, builds[0]);
    if (!lhrs.length) {
      broken.push(`Lighthouse budget broken: no run of ${path} completed.`);
      continue;
    }
    for (const id of budget.categories.ids) {
      const score = median(lhrs.map((lhr) => categoryScore(lhr, id)));
      if (score >= budget.categories.score) continue;
      // The audits that cost the points, in the first run that lost them.
      const lhr = lhrs.find((run) => categoryScore(run, id) < budget.categories.score);
      const failing = lhr.categories[id].auditRefs
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
        .map((ref) => ref.id);
      broken.push(
        `Lighthouse budget broken: ${path} scored ${score} for ${lhrs[0].categories[id].title} (failing: ${failing.join(", ") || "?"}), budget ${budget.categories.score} (budgets.json lighthouse.categories).`,
      );
    }
    const timed = timedRuns(lhrs);
    if (timed.length < RUNS) {
      untimed++;
      continue;
    }
    const metric = (id) => median(timed.map((lhr) => lhr.audits[id].numericValue));
    const tbt = Math.round(metric("total-blocking-time"));
    console.log(
      `${path}: TBT ${tbt} ms, the median of ${timed.length} runs (${timed.map((lhr) => Math.round(tbtOf(lhr))).join(", ")} ms)`,
    );
    if (tbt > budget.timing.tbtMs)
      broken.push(
        `Lighthouse budget broken: ${path} has a Total Blocking Time of ${tbt} ms (median of ${timed.length}), budget ${budget.timing.tbtMs} ms (budgets.json lighthouse.timing).`,
      );
    const lcp = Math.round(metric("largest-contentful-paint"));
    if (lcp > budget.timing.lcpMs)
      broken.push(
        `Lighthouse budget broken: ${path} has a Largest Contentful Paint of ${lcp} ms (median of ${timed.length}), budget ${budget.timing.lcpMs} ms (budgets.json lighthouse.timing).`,
      );
  }
  if (untimed)
    console.log(
      `TBT and LCP not checked on ${untimed} page(s): fewer than ${RUNS} of their runs had a BenchmarkIndex of at least ${budget.timing.minBenchmarkIndex}, the speed their margin was measured at (this run's median: ${Math.round(speed)}; budgets.json lighthouse.timing).`,
    );
  for (const sentence of broken) console.error(sentence);
  process.exit(broken.length ? 1 : 0);
}
