import type { Broadcast } from "../../db/broadcast";
import type { ContentTopic } from "./content-reads";

/**
 * What public pages show changes only through the content services (posts, popups, images, site
 * content). Each of their writes announces itself once it has succeeded (their `changed`, which
 * bumps this version), and the page cache keeps only pages rendered at the current version: a
 * change in the admin shows on the next request. A bump may name what it changed (`topics`,
 * content-reads.ts): the page cache then drops only the pages whose render read one of them;
 * without them, every page.
 */
export interface ContentVersion {
  readonly current: number;
  /** Marks the content changed (after a write has succeeded), here or by another instance. */
  bump(where?: "here" | "elsewhere", topics?: readonly ContentTopic[]): void;
  /** Called after every bump; returns the unsubscribe function. */
  onChange(
    listener: (version: number, where: "here" | "elsewhere", topics?: readonly ContentTopic[]) => void,
  ): () => void;
}

export function createContentVersion(): ContentVersion {
  let current = 0;
  const listeners = new Set<
    (version: number, where: "here" | "elsewhere", topics?: readonly ContentTopic[]) => void
  >();
  const version: ContentVersion = {
    get current() {
      return current;
    },
    bump(where = "here", topics) {
      current += 1;
      for (const listener of listeners) listener(current, where, topics);
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
 * changes are announced (with what they changed, when they name it); announcements (or a lost
 * connection, which may have hidden some: every page) bump.
 */
export function shareContentVersion(version: ContentVersion, broadcast: Broadcast) {
  version.onChange((_, where, topics) => {
    if (where !== "here") return;
    const message = topics ? `${CONTENT_CHANGED_TOPICS} ${JSON.stringify(topics)}` : CONTENT_CHANGED;
    broadcast.publish(message).catch(() => {});
  });
  broadcast.subscribe((message) => {
    if (message === undefined || message === CONTENT_CHANGED) return version.bump("elsewhere");
    if (message.startsWith(`${CONTENT_CHANGED_TOPICS} `)) version.bump("elsewhere", topicsOf(message));
    // Anything else (an older instance's message during a rolling upgrade): every page.
    else version.bump("elsewhere");
  });
}

const CONTENT_CHANGED = "content-changed";
const CONTENT_CHANGED_TOPICS = "content-changed-topics";

/** What a message names; everything (undefined) when it cannot be read. */
function topicsOf(message: string): readonly ContentTopic[] | undefined {
  try {
    const topics: unknown = JSON.parse(message.slice(CONTENT_CHANGED_TOPICS.length + 1));
    return Array.isArray(topics) && topics.every((t) => typeof t === "string")
      ? (topics as ContentTopic[])
      : undefined;
  } catch {
    return undefined;
  }
}
