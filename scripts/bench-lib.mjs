// Shared helpers for the benchmark scripts: run on each database, list the pages, sample memory,
// load the server. They start the production build with scripts/server-process.mjs.
import { readFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import autocannon from "autocannon";
import { scratchDatabase } from "./scratch-database.mjs";

/** A valid quote (POST /api/quote's body) for the scripts that send them; `name` is the contact's. */
export const quoteFor = (name = "Bench Lead", email = "bench@example.co.uk") => ({
  businessType: "Farming",
  wasteType: "Vegetable peelings",
  frequency: "Fortnightly",
  location: "PE1 5XG",
  contact: { name, email, phone: "01733 222 333" },
});

/**
 * A form token from `url`'s contact page (each response signs its own), once it is old enough to
 * send: every enquiry needs one, or it is kept as Spam and never mailed; sent within 2.5 s of the
 * page it counts towards spam (SPAM_MIN_FILL_MS, common/leads/spam.ts).
 */
export async function pageFormToken(url) {
  const html = await (await fetch(`${url}/contact`)).text();
  const token = /name="formToken" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error(`no form token in ${url}/contact`);
  await new Promise((resolve) => setTimeout(resolve, 2_700));
  return token;
}

export const machine = () =>
  `${cpus().length} cores (${cpus()[0]?.model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}`;

const statusMb = (pid, field) => {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
};

/** Resident memory of a process in MB (Linux /proc). */
export const rssMb = (pid) => statusMb(pid, "VmRSS");

/**
 * Peak resident memory of a process in MB since it started (the kernel's own high-water mark,
 * VmHWM, so no sample can miss a peak).
 */
export const peakRssMb = (pid) => statusMb(pid, "VmHWM");

/**
 * The memory budget's load (budgets.json server.peakRss): `seconds` of GET / (brotli) and GET
 * /api/blog at once, 10 connections each, on a started server. Its requests a second a route and
 * how many failed (a figure with failures does not count).
 */
export async function memoryLoad(url, seconds) {
  const run = (path, headers) =>
    autocannon({ url: `${url}${path}`, connections: 10, duration: seconds, headers });
  const results = await Promise.all([run("/", { "accept-encoding": "br, gzip" }), run("/api/blog", {})]);
  return {
    rps: results.map((r) => Math.round(r.requests.average)),
    failed: results.reduce((n, r) => n + r.non2xx + r.errors, 0),
  };
}

/** The PostgreSQL server of the benchmarks; undefined when BENCH_SKIP_POSTGRES=1. */
export const benchPostgresUrl = () =>
  process.env.BENCH_SKIP_POSTGRES === "1"
    ? undefined
    : (process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");

/**
 * Runs `bench(label, env)` on the embedded database (`env` names none), then on a scratch database
 * of the benchmarks' PostgreSQL server (`env.DATABASE_URL`, dropped afterwards) unless skipped.
 * The results, in that order.
 */
export async function onEachDatabase(bench) {
  const results = [await bench("PGlite", {})];
  const postgresUrl = benchPostgresUrl();
  if (postgresUrl) {
    const database = await scratchDatabase(postgresUrl, "bench");
    try {
      results.push(await bench("PostgreSQL", { DATABASE_URL: database.url }));
    } finally {
      await database.drop();
    }
  }
  return results;
}

/** The fixed public pages as the server's sitemap lists them (common/content/pages.ts), posts aside. */
export async function sitemapPages(url) {
  const sitemap = await (await fetch(`${url}/sitemap.xml`)).text();
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map(([, loc]) => new URL(loc).pathname)
    .filter((page) => !page.startsWith("/blog/"));
}

/** Runs autocannon and returns requests/s (mean) and p99 latency (ms). */
export async function load(url, options = {}) {
  const { allowNon2xx, ...rest } = options;
  const result = await autocannon({ url, connections: 20, duration: 8, ...rest });
  if (result.non2xx > 0 && !allowNon2xx) throw new Error(`${url}: ${result.non2xx} non-2xx answers`);
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, errors: result.errors };
}
