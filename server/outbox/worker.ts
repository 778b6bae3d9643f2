import type { Config } from "../config";
import type { Database } from "../db/client";
import { createWorker, type Worker } from "../workers";
import type { OutboxLane } from "./lane";
import { OUTBOX_POLL_MS } from "./leases";
import { createMailLane, type MailLaneOptions } from "./mail/outbox";

export interface Outbox extends Worker {
  /** One delivery pass of the mail: sends every due message, returns how many were sent (`at` shifts the clock). */
  deliverDue(at?: Date): Promise<number>;
  /** Asks a started worker for a pass now (after an enquiry is committed). */
  wake(): void;
  /** The lanes each pass runs, the mail's first (/metrics shows what waits and failed in each). */
  readonly lanes: readonly OutboxLane[];
}

/**
 * The outbox worker of this instance (a worker of the list, ../workers.ts): each pass runs the
 * mail lane and the webhooks' lane side by side, every OUTBOX_POLL_MS and at once when woken.
 * It stops as the instance drains (SIGTERM): the batches in flight finish, no new ones are claimed.
 */
export function createOutbox(
  db: Database,
  config: Config,
  options: MailLaneOptions & {
    /** The webhooks' lane (server/outbox/webhooks/sender.ts): sent in the same passes as the mail. */
    webhooks?: OutboxLane;
  } = {},
): Outbox {
  const mail = createMailLane(db, config, options);
  const lanes = options.webhooks ? [mail, options.webhooks] : [mail];
  const worker = createWorker({
    name: "outbox",
    everyMs: OUTBOX_POLL_MS,
    stopsWhenDraining: true,
    onStart(log) {
      for (const lane of lanes) lane.setLogger(log);
    },
    async run({ log, stopping, first }) {
      // The embedded database belongs to this one process: any claim still held at its start was
      // made by a previous life of it that died mid-send, so its rows are due now rather than after the lease.
      if (first && !config.databaseUrl)
        await (async () => {
          for (const lane of lanes) await lane.recover();
        })().catch((error) => log?.error({ err: error }, "outbox recovery failed"));
      await Promise.all(
        lanes.map((lane) =>
          lane
            .deliverDue(undefined, stopping)
            .catch((error) => log?.error({ err: error, lane: lane.name }, "outbox pass failed")),
        ),
      );
    },
    onStop() {
      for (const lane of lanes) lane.close();
    },
  });
  return Object.assign(worker, {
    deliverDue: (at?: Date) => mail.deliverDue(at, worker.isStopping),
    wake: () => worker.runNow(),
    lanes,
  });
}
