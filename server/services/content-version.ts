import type { Broadcast } from "../db/broadcast";

/**
 * What public pages show changes only through the content services (posts, popups, images). Each
 * of their writes announces itself once it has succeeded (their `changed`, which bumps this version), and the page cache keeps only pages rendered
 * at the current version: a change in the admin shows on the next request.
 */
export interface ContentVersion {
  readonly current: number;
  /** Marks the content changed (after a write has succeeded), here or by another instance. */
  bump(where?: "here" | "elsewhere"): void;
  /** Called after every bump; returns the unsubscribe function. */
  onChange(listener: (version: number, where: "here" | "elsewhere") => void): () => void;
}

export function createContentVersion(): ContentVersion {
  let current = 0;
  const listeners = new Set<(version: number, where: "here" | "elsewhere") => void>();
  const version: ContentVersion = {
    get current() {
      return current;
    },
    bump(where = "here") {
      current += 1;
      for (const listener of listeners) listener(current, where);
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return version;
}

/**
 * Several instances on one PostgreSQL: a write on one must clear every instance's pages. Local
 * changes are announced; announcements (or a lost connection, which may have hidden some) bump.
 */
export function shareContentVersion(version: ContentVersion, broadcast: Broadcast) {
  version.onChange((_, where) => {
    if (where === "here") broadcast.publish(CONTENT_CHANGED).catch(() => {});
  });
  broadcast.subscribe((message) => {
    if (message === undefined || message === CONTENT_CHANGED) version.bump("elsewhere");
  });
}

const CONTENT_CHANGED = "content-changed";
