import { valueAt, withValueAt } from "./site-document-form";

/**
 * A draft editor (site-document and page-from-blocks, draft-autosave.ts) keeps what was typed in the tab (sessionStorage) until the server
 * confirms it: a reload, a crash or a lost answer loses no word. One entry per document, with the
 * version the words were made from: words made from another version (a colleague saved since, or
 * they reached the server already) are not brought back.
 */
export interface KeptInTab {
  version: number;
  value: unknown;
}

/** A site document's entry in the tab (the pages from blocks keep theirs as `block-page:<id>`). */
export const siteDocumentTabKey = (key: string) => `site-document:${key}`;

/** `tabKey`: the entry's whole name in sessionStorage. */
export function keepInTab(tabKey: string, kept: KeptInTab) {
  try {
    sessionStorage.setItem(tabKey, JSON.stringify(kept));
  } catch {
    // Private mode or over the quota: the editor still holds the words in memory.
  }
}

/** The words kept for this document made from `version`, if any (any other entry is dropped). */
export function keptInTab(tabKey: string, version: number): unknown {
  try {
    const kept = JSON.parse(sessionStorage.getItem(tabKey) ?? "null") as KeptInTab | null;
    if (kept && kept.version === version && kept.value && typeof kept.value === "object") return kept.value;
    sessionStorage.removeItem(tabKey);
  } catch {}
  return undefined;
}

export function clearTab(tabKey: string) {
  try {
    sessionStorage.removeItem(tabKey);
  } catch {}
}

/**
 * The document after a save's answer: the server's draft (new pictures' ids, a restored
 * revision), with every field the person changed since the save was sent (`touched`, dotted paths
 * in the order changed) kept as it is now: the answer never overwrites what was typed meanwhile.
 */
export function settledDraft(answered: unknown, current: unknown, touched: readonly string[]): unknown {
  return touched.reduce((next, path) => withValueAt(next, path, valueAt(current, path)), answered);
}

/** JSON with every object's keys in order: two documents compare equal whatever order they were written in. */
export const sameDocument = (a: unknown, b: unknown) => stable(a) === stable(b);
const stable = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => x.localeCompare(y)))
      : v,
  );
