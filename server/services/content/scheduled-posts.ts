import type { FastifyBaseLogger } from "fastify";
import type { BlogService } from "./blog";
import type { SiteContentService } from "./site-content";

/** How often the worker looks for scheduled posts that are due: a due post goes live within one poll. */
export const SCHEDULE_POLL_MS = 10_000;

/**
 * Publishes scheduled posts when their time comes. Every instance runs it; the blog service's
 * conditional UPDATE publishes each post once however many run at the same moment. A pass that
 * published something announces the change (the blog service's `changed`, the content version),
 * which shareContentVersion carries to every other instance: pages, sitemap and feed follow at once.
 * The same pass publishes scheduled site content (`siteContent`, its documents' pages only).
 */
export function createScheduledPosts(
  blog: Pick<BlogService, "publishDue">,
  {
    pollMs = SCHEDULE_POLL_MS,
    siteContent,
  }: { pollMs?: number; siteContent?: Pick<SiteContentService, "publishDue"> } = {},
) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<unknown> | undefined;
  let started = false;
  let log: FastifyBaseLogger | undefined;

  /** One pass: the ids it published (the content version moves only when there are some). */
  async function publishDue(now = new Date()): Promise<string[]> {
    const ids = await blog.publishDue(now);
    if (ids.length) log?.info({ posts: ids }, "scheduled posts published");
    const documents = (await siteContent?.publishDue(now)) ?? [];
    if (documents.length) log?.info({ documents }, "scheduled site content published");
    return ids;
  }

  function pass() {
    if (!started) return;
    running = publishDue(new Date())
      .catch((error) => log?.error({ err: error }, "scheduled publication pass failed"))
      .finally(() => {
        running = undefined;
        if (started) timer = setTimeout(pass, pollMs);
      });
  }

  return {
    publishDue,
    start(logger?: FastifyBaseLogger) {
      if (started) return;
      log = logger;
      started = true;
      timer = setTimeout(pass, 0);
    },
    async stop() {
      started = false;
      clearTimeout(timer);
      await running;
    },
  };
}

export type ScheduledPosts = ReturnType<typeof createScheduledPosts>;
