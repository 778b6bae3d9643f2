import { and, count, eq, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { mayBeBlockPage } from "../../../common/content/block-pages";
import { OTHER_PATH, OTHER_SOURCE } from "../../../common/insights/insights";
import type { Database } from "../../db/client";
import { insightsCampaigns, insightsEnquiries, insightsPages, insightsReferrers } from "../../db/schema";
import type { Counts } from "./counter";

/**
 * What the Insights tables may hold, whatever visitors send: only real pages (a blog post only
 * while it is published), and at most a fixed number of rows per table per day, counted on the
 * whole key (day, form, landing page, referrer…), not per value. Keys past the cap are added to
 * the day's 'other' row instead, so totals stay right and storage stays bounded.
 */

/** Rows per table per day, besides each day's 'other' rows (one per form for enquiries). */
export const INSIGHTS_DAY_CAPS = { pages: 2000, referrers: 1000, campaigns: 500, enquiries: 1000 } as const;
export type InsightsCaps = { [table in keyof typeof INSIGHTS_DAY_CAPS]: number };

/** A blog post's address: /blog/<its id>. */
const POST_PATH = /^\/blog\/(.+)$/;

/**
 * The path as stored: a blog post path stays only while the post is published, a page from
 * blocks' only while one is published at it (`published` holds both: post ids, page addresses),
 * else 'other'.
 */
const realPath = (path: string, published: ReadonlySet<string>) => {
  const post = POST_PATH.exec(path);
  if (post) return published.has(post[1]) ? path : OTHER_PATH;
  // A page from blocks counts under its address only while one is published there.
  return mayBeBlockPage(path) && !published.has(path) ? OTHER_PATH : path;
};

/** Moves each count to `keyOf(its key)`, adding up what lands on the same key. */
function rekey<V>(map: Map<string, V>, keyOf: (key: string) => string, plus: (a: V, b: V) => V) {
  const moved = [...map].map(([key, value]) => [keyOf(key), key, value] as const);
  if (moved.every(([to, from]) => to === from)) return;
  map.clear();
  for (const [to, , value] of moved) {
    const there = map.get(to);
    map.set(to, there === undefined ? value : plus(there, value));
  }
}

const addPages = (a: { views: number; visits: number }, b: { views: number; visits: number }) => ({
  views: a.views + b.views,
  visits: a.visits + b.visits,
});
const addNumbers = (a: number, b: number) => a + b;

/**
 * Counts of page views and enquiries' landing pages for blog posts that are not published (never
 * were, or a made-up `/blog/<any text>`) become counts of 'other'. `published`: the ids of the
 * published posts now.
 */
export function foldUnpublished(counts: Counts, published: ReadonlySet<string>): void {
  rekey(
    counts.pages,
    (key) => {
      const [day, path] = key.split("\t");
      return `${day}\t${realPath(path, published)}`;
    },
    addPages,
  );
  rekey(
    counts.enquiries,
    (key) => {
      const [day, form, landing, referrer] = key.split("\t");
      return `${day}\t${form}\t${landing && realPath(landing, published)}\t${referrer}`;
    },
    addNumbers,
  );
}

interface CappedTable<V> {
  map: Map<string, V>;
  table: PgTable;
  day: PgColumn;
  /** The key's columns after the day, in the key's order. */
  columns: PgColumn[];
  cap: number;
  /** The day's 'other' key a key folds into (key parts after the day in, parts out). */
  other(parts: string[]): string[];
  plus(a: V, b: V): V;
}

/**
 * Keeps each table's rows per day within its cap: keys already stored, and new ones while there
 * is room (the most counted first), keep their rows; the rest are added to the day's 'other'
 * row. Runs inside the flush's transaction, which holds the insights lock, so two instances
 * flushing at once cannot both fill the last places.
 */
export async function capPerDay(tx: Pick<Database, "select">, counts: Counts, caps: InsightsCaps) {
  await capTable(tx, {
    map: counts.pages,
    table: insightsPages,
    day: insightsPages.day,
    columns: [insightsPages.path],
    cap: caps.pages,
    other: () => [OTHER_PATH],
    plus: addPages,
  });
  await capTable(tx, {
    map: counts.referrers,
    table: insightsReferrers,
    day: insightsReferrers.day,
    columns: [insightsReferrers.domain],
    cap: caps.referrers,
    other: () => [OTHER_SOURCE],
    plus: addNumbers,
  });
  await capTable(tx, {
    map: counts.campaigns,
    table: insightsCampaigns,
    day: insightsCampaigns.day,
    columns: [insightsCampaigns.source, insightsCampaigns.campaign],
    cap: caps.campaigns,
    other: () => [OTHER_SOURCE, OTHER_SOURCE],
    plus: addNumbers,
  });
  await capTable(tx, {
    map: counts.enquiries,
    table: insightsEnquiries,
    day: insightsEnquiries.day,
    columns: [insightsEnquiries.form, insightsEnquiries.landing, insightsEnquiries.referrer],
    cap: caps.enquiries,
    // The form is one of three fixed names: kept, so each form's total stays right.
    other: ([form]) => [form, OTHER_PATH, OTHER_SOURCE],
    plus: addNumbers,
  });
}

async function capTable<V>(tx: Pick<Database, "select">, spec: CappedTable<V>) {
  const byDay = new Map<string, Array<[string[], V]>>();
  for (const [key, value] of spec.map) {
    const [day, ...parts] = key.split("\t");
    const list = byDay.get(day) ?? [];
    list.push([parts, value]);
    byDay.set(day, list);
  }
  for (const [day, entries] of byDay) {
    const onDay = eq(spec.day, day) as SQL;
    const [{ stored }] = await tx.select({ stored: count() }).from(spec.table).where(onDay);
    if (Number(stored) + entries.length <= spec.cap) continue;
    const keyOf = (parts: unknown[]) => parts.join("\t");
    const others = new Set(entries.map(([parts]) => keyOf(spec.other(parts))));
    const existing = new Set(
      (
        await tx
          .select(Object.fromEntries(spec.columns.map((column, i) => [`c${i}`, column])))
          .from(spec.table)
          .where(and(onDay))
      ).map((row) => keyOf(spec.columns.map((_, i) => row[`c${i}`]))),
    );
    let room = spec.cap - [...existing].filter((key) => !others.has(key)).length;
    // The most counted new keys first; ties in key order (the same answer on every instance).
    const weight = (value: V) => (typeof value === "number" ? value : (value as { views: number }).views);
    const fresh = entries
      .filter(([parts]) => !existing.has(keyOf(parts)) && !others.has(keyOf(parts)))
      .sort(([a, x], [b, y]) => weight(y) - weight(x) || (keyOf(a) < keyOf(b) ? -1 : 1));
    for (const [parts, value] of fresh) {
      if (room > 0) {
        room -= 1;
        continue;
      }
      const key = `${day}\t${keyOf(parts)}`;
      const other = `${day}\t${keyOf(spec.other(parts))}`;
      spec.map.delete(key);
      const there = spec.map.get(other);
      spec.map.set(other, there === undefined ? value : spec.plus(there, value));
    }
  }
}
