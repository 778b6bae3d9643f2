import type { FastifyBaseLogger } from "fastify";
import {
  addDays,
  daysBetween,
  INSIGHTS_MESSAGES,
  type InsightsEvent,
  type InsightsForm,
  type InsightsRange,
  type InsightsReport,
  type InsightsTable,
  OTHER_PATH,
  OTHER_SOURCE,
  ukDay,
} from "../../../common/insights/insights";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { createWorker } from "../../workers";
import { CSV_BOM, csvRow } from "../csv";
import { createCounter, type PageRequest } from "./counter";
import { foldUnpublished, type InsightsCaps } from "./limits";
import type { Headers } from "./rules";
import { addCounts, deleteBefore, readReport } from "./store";

/** How often an instance adds its counts to the database (and how many it may lose if killed). */
export const INSIGHTS_FLUSH_MS = 10_000;
/** How long a report read for the screen is shown again to others asking for the same range. */
const REPORT_MAX_AGE_MS = INSIGHTS_FLUSH_MS;
/** Rows of each table the CSV export holds at most. */
const EXPORT_MAX_ROWS = 100_000;

/** The first UK day kept when counts are kept `months` months: the same day of the month, then. */
export function firstKeptDay(today: string, months: number): string {
  const [year, month, day] = today.split("-").map(Number);
  const first = new Date(Date.UTC(year, month - 1 - months, 1));
  const lastOfMonth = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(day, lastOfMonth));
  return first.toISOString().slice(0, 10);
}

/**
 * Insights without tracking: counts public page views and the forms' stages in memory,
 * adds them to the database every few seconds (every instance into the same rows), reads them
 * back for the Insights screen, and deletes what is older than INSIGHTS_RETENTION_MONTHS.
 */
export function createInsightsService(
  db: Database,
  config: Config,
  options: {
    /**
     * The ids of the posts published now and the addresses of the published pages from blocks: a
     * page view of any other /blog/… path, or of a path shaped like a page without one, counts as 'other'.
     */
    publishedPosts: () => Promise<ReadonlySet<string>>;
    today?: () => string;
    /** Rows per table per day (limits.ts; tests make them small). */
    caps?: InsightsCaps;
  },
) {
  const today = options.today ?? (() => ukDay());
  const counter = createCounter({
    ownHosts: [new URL(config.siteUrl).hostname],
    today: options.today,
  });
  let log: FastifyBaseLogger | undefined;
  let flushing: Promise<void> | undefined;
  let prunedOn = "";
  let flushed = 0;
  let failures = 0;

  async function flushNow() {
    const taken = counter.take();
    try {
      foldUnpublished(taken, await options.publishedPosts());
      await addCounts(db, taken, { caps: options.caps });
      flushed += 1;
      reports.clear(); // what this instance just wrote shows at once
    } catch (error) {
      // Nothing of it was written (one transaction): kept for the next flush.
      failures += 1;
      counter.giveBack(taken);
      log?.warn({ err: error }, "insights: counts not written; kept for the next flush");
    }
  }

  /** Adds what this instance has counted to the database (one flush at a time). */
  async function flush(): Promise<void> {
    while (flushing) await flushing;
    if (counter.pending() === 0) return;
    flushing = flushNow().finally(() => {
      flushing = undefined;
    });
    return flushing;
  }

  /** Deletes counts older than the retention; at most once a day per instance. */
  async function prune(): Promise<number> {
    const day = today();
    const deleted = await deleteBefore(db, firstKeptDay(day, config.insightsRetentionMonths));
    prunedOn = day;
    return deleted;
  }

  /** One pass of the worker: the flush, and the retention once a day. */
  async function tick() {
    await flush();
    if (prunedOn !== today()) {
      const deleted = await prune();
      if (deleted > 0) log?.info({ rows: deleted }, "insights: counts past retention deleted");
    }
  }

  /**
   * Reports read in the last REPORT_MAX_AGE_MS, by range: counts change only when an instance
   * flushes, so people looking at the same range at once share one read (the embedded database
   * answers one query at a time). Emptied when this instance writes counts.
   */
  const reports = new Map<string, { at: number; report: Promise<InsightsReport> }>();

  async function read(range: InsightsRange, top?: number): Promise<InsightsReport> {
    const firstKept = firstKeptDay(today(), config.insightsRetentionMonths);
    const found = await readReport(db, range, { top, firstKept });
    // Every day of the range, those with nothing counted too (the chart's gaps are real).
    const byDay = new Map(found.days.map((d) => [d.day, d]));
    const days = [];
    for (let i = 0; i <= daysBetween(range.from, range.to); i++) {
      const day = addDays(range.from, i);
      days.push(byDay.get(day) ?? { day, visits: 0, views: 0 });
    }
    return { ...found, days };
  }

  /** The report for a range, this instance's latest counts included (others' within 10 s). */
  async function report(range: InsightsRange, top?: number): Promise<InsightsReport> {
    await flush().catch(() => {});
    const key = `${range.from} ${range.to} ${top ?? ""}`;
    const now = Date.now();
    const kept = reports.get(key);
    if (kept && now - kept.at < REPORT_MAX_AGE_MS) return kept.report;
    const fresh = read(range, top);
    reports.set(key, { at: now, report: fresh });
    fresh.catch(() => reports.delete(key));
    for (const [old, { at }] of reports) if (now - at >= REPORT_MAX_AGE_MS) reports.delete(old);
    return fresh;
  }

  const label = (value: string, other: string) =>
    value === "" ? INSIGHTS_MESSAGES.direct : value === other ? INSIGHTS_MESSAGES.otherSources : value;
  const pathLabel = (path: string) => (path === OTHER_PATH ? INSIGHTS_MESSAGES.other : path);

  /** One table of the report as CSV (UTF-8 with BOM, RFC 4180), every row of the range. */
  async function csv(
    range: InsightsRange,
    table: InsightsTable,
    options: {
      /** The funnel past "submitted": each form's enquiries quoted and won (won-value.ts). */
      pipeline?: Array<{ form: InsightsForm; stage: string; count: number }>;
    } = {},
  ): Promise<string> {
    const data = await report(range, EXPORT_MAX_ROWS);
    const c = INSIGHTS_MESSAGES.columns;
    const n = (value: number) => String(value);
    const rows: string[][] = {
      days: () => [[c.day, c.visits, c.views], ...data.days.map((d) => [d.day, n(d.visits), n(d.views)])],
      pages: () => [
        [c.page, c.views, c.visits],
        ...data.pages.map((p) => [pathLabel(p.path), n(p.views), n(p.visits)]),
      ],
      referrers: () => [
        [c.site, c.visits],
        ...data.referrers.map((r) => [label(r.domain, OTHER_SOURCE), n(r.visits)]),
      ],
      campaigns: () => [
        [c.source, c.campaign, c.visits],
        ...data.campaigns.map((r) => [r.source, r.campaign, n(r.visits)]),
      ],
      enquiries: () => [
        [c.landing, c.from, c.form, c.enquiries],
        ...data.enquiries.map((e) => [
          e.landing ? pathLabel(e.landing) : INSIGHTS_MESSAGES.direct,
          label(e.referrer, OTHER_SOURCE),
          INSIGHTS_MESSAGES.formNames[e.form],
          n(e.enquiries),
        ]),
      ],
      funnel: () => [
        [c.form, c.step, c.reached],
        ...[...data.funnel, ...(options.pipeline ?? [])].map((f) => [
          INSIGHTS_MESSAGES.formNames[f.form],
          f.form === "quote" ? INSIGHTS_MESSAGES.stageName(f.stage) : f.stage,
          n(f.count),
        ]),
      ],
    }[table]();
    const [head, ...body] = rows;
    return CSV_BOM + csvRow(head) + body.map(csvRow).join("");
  }

  return {
    /** Counting is on (INSIGHTS_COUNTING, default on). */
    enabled: config.insightsCounting,
    /** A public page sent to a browser: counted when the rules allow (rules.ts). */
    countPage(request: PageRequest) {
      if (config.insightsCounting) counter.page(request);
    },
    /** What the beacon sent (already checked against insightsEventSchema). */
    countEvent(event: InsightsEvent, headers: Headers) {
      if (!config.insightsCounting) return;
      if ("p" in event) counter.navigation(event.p, headers);
      else counter.stage(event.f, event.s, headers, { path: event.l, referrer: event.r });
    },
    flush,
    prune,
    report,
    csv,
    /**
     * The worker, in the services' list (server/workers.ts): flushes every INSIGHTS_FLUSH_MS,
     * deletes past the retention once a day; its stop writes what is left (shutdown).
     */
    worker: createWorker({
      name: "insights",
      everyMs: INSIGHTS_FLUSH_MS,
      onStart(logger) {
        log = logger ?? log;
      },
      run: tick,
      onStop: flush,
    }),
    stats: () => ({ pending: counter.pending(), flushed, failures }),
  };
}

export type InsightsService = ReturnType<typeof createInsightsService>;
