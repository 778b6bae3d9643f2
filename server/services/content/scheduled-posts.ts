import type { FastifyBaseLogger } from "fastify";
import { createWorker } from "../../workers";
import type { BlockPageService } from "./block-pages";
import type { BlogService } from "./blog";
import type { SiteContentService } from "./site-content";

/** How often the worker looks for scheduled posts that are due: a due post goes live within one poll. */
export const SCHEDULE_POLL_MS = 10_000;

/**
 * Publishes scheduled posts when their time comes. Every instance runs it; the blog service's
 * conditional UPDATE publishes each post once however many run at the same moment. A pass that
 * published something announces the change (the blog service's `changed`, the content version),
 * which shareContentVersion carries to every other instance: pages, sitemap and feed follow at once.
 * The same pass publishes scheduled site content (`siteContent`, its documents' pages only) and
 * scheduled pages from blocks (`blockPages`).
 * `dueAt(time)` (a schedule set on this instance) also runs a pass at that very time, so what was
 * scheduled here appears on time; other instances' polls are the fallback (and after a restart).
 */
export function createScheduledPosts(
  blog: Pick<BlogService, "publishDue">,
  {
    pollMs = SCHEDULE_POLL_MS,
    siteContent,
    blockPages,
  }: {
    pollMs?: number;
    siteContent?: Pick<SiteContentService, "publishDue">;
    blockPages?: Pick<BlockPageService, "publishDue">;
  } = {},
) {
  let log: FastifyBaseLogger | undefined;

  /** One pass: the ids it published (the content version moves only when there are some). */
  async function publishDue(now = new Date()): Promise<string[]> {
    const ids = await blog.publishDue(now);
    if (ids.length) log?.info({ posts: ids }, "scheduled posts published");
    const documents = (await siteContent?.publishDue(now)) ?? [];
    if (documents.length) log?.info({ documents }, "scheduled site content published");
    const pages = (await blockPages?.publishDue(now)) ?? [];
    if (pages.length) log?.info({ pages }, "scheduled pages published");
    return ids;
  }

  // A worker of the list (server/workers.ts): a pass every `pollMs` after the last, and at the
  // times set here (`dueAt`).
  const worker = createWorker({
    name: "scheduled-posts",
    everyMs: pollMs,
    onStart(logger) {
      log = logger;
    },
    run: () => publishDue(new Date()),
  });

  return Object.assign(worker, {
    publishDue,
    /** Something scheduled on this instance falls due at `at`: a pass runs then. */
    dueAt: (at: Date) => worker.runAt(at),
  });
}

export type ScheduledPosts = ReturnType<typeof createScheduledPosts>;
