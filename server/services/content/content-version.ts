import type { Broadcast } from "../../db/broadcast";

/**
 * What public pages show changes only through the content services (posts, popups, images, site
 * content). Each of their writes announces itself once it has succeeded (their `changed`, which
 * bumps this version), and the page cache keeps only pages rendered at the current version: a
 * change in the admin shows on the next request. A bump may name the pages it changed (`paths`,
 * as common/site-content/registry.ts writes them: "/contact", "/services/*"): the page cache then
 * drops only those; without them, every page.
 */
export interface ContentVersion {
  readonly current: number;
  /** Marks the content changed (after a write has succeeded), here or by another instance. */
  bump(where?: "here" | "elsewhere", paths?: readonly string[]): void;
  /** Called after every bump; returns the unsubscribe function. */
  onChange(
    listener: (version: number, where: "here" | "elsewhere", paths?: readonly string[]) => void,
  ): () => void;
}

export function createContentVersion(): ContentVersion {
  let current = 0;
  const listeners = new Set<
    (version: number, where: "here" | "elsewhere", paths?: readonly string[]) => void
  >();
  const version: ContentVersion = {
    get current() {
      return current;
    },
    bump(where = "here", paths) {
      current += 1;
      for (const listener of listeners) listener(current, where, paths);
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
 * changes are announced (with the pages they changed, when they name them); announcements (or a
 * lost connection, which may have hidden some: every page) bump.
 */
export function shareContentVersion(version: ContentVersion, broadcast: Broadcast) {
  version.onChange((_, where, paths) => {
    if (where !== "here") return;
    const message = paths ? `${CONTENT_CHANGED_PAGES} ${JSON.stringify(paths)}` : CONTENT_CHANGED;
    broadcast.publish(message).catch(() => {});
  });
  broadcast.subscribe((message) => {
    if (message === undefined || message === CONTENT_CHANGED) return version.bump("elsewhere");
    if (message.startsWith(`${CONTENT_CHANGED_PAGES} `)) version.bump("elsewhere", pagesOf(message));
  });
}

const CONTENT_CHANGED = "content-changed";
const CONTENT_CHANGED_PAGES = "content-changed-pages";

/** The pages a message names; every page (undefined) when it cannot be read. */
function pagesOf(message: string): readonly string[] | undefined {
  try {
    const paths: unknown = JSON.parse(message.slice(CONTENT_CHANGED_PAGES.length + 1));
    return Array.isArray(paths) && paths.every((p) => typeof p === "string") ? paths : undefined;
  } catch {
    return undefined;
  }
}
