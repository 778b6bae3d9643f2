import { randomUUID } from "node:crypto";
import type pg from "pg";

/** What happened to the listening connection (the app logs it). */
export type BroadcastEvent =
  | { kind: "lost"; error?: unknown }
  | { kind: "retry-failed"; attempt: number; error: unknown }
  | { kind: "restored"; downMs: number };

/** Messages between the instances sharing one PostgreSQL database (LISTEN/NOTIFY). */
export interface Broadcast {
  /** Sends `message` to every other instance. */
  publish(message: string): Promise<void>;
  /** `listener(message)` for each message from another instance; `listener(undefined)` after the
   * connection was lost and restored (messages may have been missed meanwhile). */
  subscribe(listener: (message: string | undefined) => void): void;
  /** `listener(event)` when the listening connection is lost, a retry fails, or it is back. */
  watch(listener: (event: BroadcastEvent) => void): void;
  /** Whether this instance is listening now, and how often the connection was lost (/metrics). */
  status(): { listening: boolean; losses: number };
  close(): Promise<void>;
}

const CHANNEL = "site_broadcast";
/** Reconnects wait 0.5 s, 1 s, 2 s … up to 30 s (each ± a random quarter), for ever. */
export const RECONNECT_FIRST_MS = 500;
export const RECONNECT_MAX_MS = 30_000;

export const reconnectDelay = (attempt: number, random = Math.random()) =>
  Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** attempt) * (0.75 + random / 2);

/**
 * One connection of its own LISTENs; when it drops (a PostgreSQL restart, a failover, a network
 * cut) it is made again with backoff for as long as the process runs. Messages sent meanwhile are
 * lost, so the time without a listener counts as "anything may have changed": subscribers hear
 * `undefined` once it is back. Publishing goes through `send` (the app's pool), so an instance
 * whose listener is down still tells the others about its own changes.
 */
export async function postgresBroadcast(
  Client: typeof pg.Client,
  connectionString: string,
  send: (channel: string, payload: string) => Promise<unknown>,
): Promise<Broadcast> {
  const self = randomUUID();
  const listeners = new Set<(message: string | undefined) => void>();
  const watchers = new Set<(event: BroadcastEvent) => void>();
  const emit = (event: BroadcastEvent) => {
    for (const watcher of watchers) watcher(event);
  };
  let client: pg.Client | undefined;
  let closed = false;
  let losses = 0;
  let lostAt = 0;
  let timer: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const next = new Client({ connectionString });
    let live = false;
    const lost = (error?: unknown) => {
      if (!live) return; // a failed connect is reported by its caller
      live = false;
      client = undefined;
      next.end().catch(() => {});
      if (closed) return;
      losses++;
      lostAt = Date.now();
      emit({ kind: "lost", error });
      retry(0);
    };
    next.on("error", lost);
    next.on("end", () => lost());
    next.on("notification", ({ payload = "" }) => {
      const [from, message] = [payload.slice(0, 36), payload.slice(37)];
      if (from !== self) for (const listener of listeners) listener(message);
    });
    try {
      await next.connect();
      await next.query(`listen ${CHANNEL}`);
    } catch (error) {
      next.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    live = true;
    client = next;
  }

  function retry(attempt: number) {
    timer = setTimeout(async () => {
      try {
        await connect();
      } catch (error) {
        if (closed) return;
        emit({ kind: "retry-failed", attempt: attempt + 1, error });
        return retry(attempt + 1);
      }
      if (closed) return;
      emit({ kind: "restored", downMs: Date.now() - lostAt });
      for (const listener of listeners) listener(undefined);
    }, reconnectDelay(attempt));
    timer.unref();
  }

  await connect();

  return {
    async publish(message) {
      await send(CHANNEL, `${self} ${message}`);
    },
    subscribe: (listener) => void listeners.add(listener),
    watch: (watcher) => void watchers.add(watcher),
    status: () => ({ listening: client !== undefined, losses }),
    async close() {
      closed = true;
      clearTimeout(timer);
      await client?.end().catch(() => {});
    },
  };
}
