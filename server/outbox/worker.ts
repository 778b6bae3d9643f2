import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { OUTBOX_POLL_MS, type OutboxLane } from "./leases";
import { createMailLane, type MailLaneOptions } from "./mail/outbox";

export interface Outbox {
  /** One delivery pass of the mail: sends every due message, returns how many were sent (`at` shifts the clock). */
  deliverDue(at?: Date): Promise<number>;
  /** Polls in the background and delivers soon after wake(); logs through `logger`. */
  start(logger?: FastifyBaseLogger): void;
  /** Asks a started worker for a pass now (after an enquiry is committed). */
  wake(): void;
  /** Stops polling and waits for the pass in progress. */
  stop(): Promise<void>;
  /** Messages sent and delivery attempts failed by this process so far (/metrics). */
  stats(): { sent: number; failed: number };
}

/**
 * The outbox worker of this instance: each pass runs the mail lane and the webhooks' lane side by
 * side, every OUTBOX_POLL_MS and at once when woken. Stopping (SIGTERM) finishes the batches in
 * flight and claims no new ones.
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
  const webhooks = options.webhooks;
  let log = options.logger;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<unknown> | undefined;
  let started = false;
  let stopping = false;
  let again = false;
  const isStopping = () => stopping;

  function schedule(delay: number) {
    clearTimeout(timer);
    if (started) timer = setTimeout(pass, delay);
  }

  function pass() {
    if (!started) return;
    if (running) {
      again = true; // a wake during a pass: run once more right after it
      return;
    }
    running = Promise.all([
      mail
        .deliverDue(undefined, isStopping)
        .catch((error) => log?.error({ err: error }, "outbox pass failed")),
      webhooks
        ?.deliverDue(undefined, isStopping)
        .catch((error) => log?.error({ err: error }, "outbox webhooks pass failed")),
    ]).finally(() => {
      running = undefined;
      schedule(again ? 0 : OUTBOX_POLL_MS);
      again = false;
    });
  }

  return {
    deliverDue: (at) => mail.deliverDue(at, isStopping),
    start(logger) {
      if (started) return;
      log = logger ?? log;
      mail.setLogger(log);
      webhooks?.setLogger(log);
      started = true;
      stopping = false;
      if (config.databaseUrl) schedule(0);
      else {
        // The embedded database belongs to this one process: any claim still held was made by a
        // previous life of it that died mid-send, so its rows are due now rather than after the lease.
        running = mail
          .recover()
          .then(() => webhooks?.recover())
          .catch((error) => log?.error({ err: error }, "outbox recovery failed"))
          .finally(() => {
            running = undefined;
            schedule(0);
          });
      }
    },
    wake() {
      if (started) schedule(0);
    },
    async stop() {
      started = false;
      stopping = true;
      clearTimeout(timer);
      await running;
      stopping = false;
      mail.close();
    },
    stats: () => mail.stats(),
  };
}
