import type { FastifyBaseLogger } from "fastify";
import type { BlogService } from "./blog";
import type { SiteContentService } from "./site-content";

/** How often the worker looks for scheduled posts that are due: a due post goes live within one poll. */
export const SCHEDULE_POLL_MS = 10_000;
/** The longest a timer may wait (setTimeout's limit): a time further off is left to the polls. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * Publishes scheduled posts when their time comes. Every instance runs it; the blog service's
 * conditional UPDATE publishes each post once however many run at the same moment. A pass that
 * published something announces the change (the blog service's `changed`, the content version),
 * which shareContentVersion carries to every other instance: pages, sitemap and feed follow at once.
 * The same pass publishes scheduled site content (`siteContent`, its documents' pages only).
 * `dueAt(time)` (a schedule set on this instance) also runs a pass at that very time, so what was
 * scheduled here appears on time; other instances' polls are the fallback (and after a restart).
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
  /** Times a schedule set here falls due (ms): a pass runs at the earliest, then at the next. */
  const due = new Set<number>();
  let dueTimer: ReturnType<typeof setTimeout> | undefined;
  /** A pass was asked for while one ran: another follows at once. */
  let again = false;

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
        if (started) timer = setTimeout(pass, again ? 0 : pollMs);
        again = false;
      });
  }

  /** A pass now (after the one under way, if any). */
  function passNow() {
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    pass();
  }

  /** The timer for the earliest due time; when it fires, a pass for every time that has come. */
  function armDue() {
    clearTimeout(dueTimer);
    if (!started || due.size === 0) return;
    const earliest = Math.min(...due);
    dueTimer = setTimeout(
      () => {
        const now = Date.now();
        for (const time of due) if (time <= now) due.delete(time);
        if (earliest <= now) passNow();
        armDue();
      },
      Math.max(0, earliest - Date.now()),
    );
  }

  /** Something scheduled on this instance falls due at `at`: a pass runs then. */
  function dueAt(at: Date) {
    const time = at.getTime();
    if (!started || Number.isNaN(time) || time - Date.now() > LONGEST_TIMER_MS) return;
    due.add(time);
    armDue();
  }

  return {
    publishDue,
    dueAt,
    start(logger?: FastifyBaseLogger) {
      if (started) return;
      log = logger;
      started = true;
      timer = setTimeout(pass, 0);
    },
    async stop() {
      started = false;
      clearTimeout(timer);
      clearTimeout(dueTimer);
      due.clear();
      await running;
    },
  };
}

export type ScheduledPosts = ReturnType<typeof createScheduledPosts>;
