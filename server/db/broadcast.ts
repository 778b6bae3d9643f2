import { randomUUID } from "node:crypto";
import type pg from "pg";

/** Messages between the instances sharing one PostgreSQL database (LISTEN/NOTIFY). */
export interface Broadcast {
  /** Sends `message` to every other instance. */
  publish(message: string): Promise<void>;
  /** `listener(message)` for each message from another instance; `listener(undefined)` after the
   * connection was lost and restored (messages may have been missed meanwhile). */
  subscribe(listener: (message: string | undefined) => void): void;
  close(): Promise<void>;
}

const CHANNEL = "site_broadcast";
const RECONNECT_MS = 1000;

export async function postgresBroadcast(
  Client: typeof pg.Client,
  connectionString: string,
): Promise<Broadcast> {
  const self = randomUUID();
  const listeners = new Set<(message: string | undefined) => void>();
  let client: pg.Client | undefined;
  let closed = false;

  async function connect(afterLoss: boolean): Promise<void> {
    const next = new Client({ connectionString });
    next.on("notification", ({ payload = "" }) => {
      const [from, message] = [payload.slice(0, 36), payload.slice(37)];
      if (from !== self) for (const listener of listeners) listener(message);
    });
    next.on("error", () => {
      next.end().catch(() => {});
      if (!closed) setTimeout(() => void connect(true).catch(() => {}), RECONNECT_MS).unref();
    });
    await next.connect();
    await next.query(`listen ${CHANNEL}`);
    client = next;
    if (afterLoss) for (const listener of listeners) listener(undefined);
  }
  await connect(false);

  return {
    async publish(message) {
      await client?.query("select pg_notify($1, $2)", [CHANNEL, `${self} ${message}`]);
    },
    subscribe: (listener) => void listeners.add(listener),
    async close() {
      closed = true;
      await client?.end().catch(() => {});
    },
  };
}
