import type { FastifyBaseLogger } from "fastify";

/**
 * The timed workers every instance runs (the outbox, scheduled publication, the Insights flush,
 * the retention of enquiries and of the audit log), written once: a run at start, then one every
 * `everyMs` after the previous run ended (never two at once), at once when asked (`runNow`) or at
 * a given time (`runAt`). Timers are unref'd: a worker never keeps the process alive. A run that
 * throws is logged with the worker's name and the error (the app's logger keeps an error's kind,
 * never the values a query carried: server/log-safety.ts), and the next run comes as usual.
 * The services return them in one list (`workerList`): the server starts it, the app stops it.
 */
export interface Worker {
  /** Names the worker in the list and in its log lines. */
  readonly name: string;
  /** Between start and stop. */
  readonly started: boolean;
  /** Starts the runs (a second start does nothing); logs through `log`. */
  start(log?: FastifyBaseLogger): void;
  /**
   * The instance began to drain (SIGTERM): a worker that takes work others could do (the outbox
   * claiming mail) stops now, finishing what it holds; the others run on until the app closes.
   */
  drain(): Promise<void>;
  /** Stops the runs and waits for the one under way, then does the worker's last work (a flush). */
  stop(): Promise<void>;
}

export interface RunContext {
  log: FastifyBaseLogger | undefined;
  /** True once stop was asked: a run with a backlog takes no more (the outbox claims no new batch). */
  stopping: () => boolean;
  /** The first run after a start (the outbox recovers the embedded database's claims then). */
  first: boolean;
}

export interface WorkerDefinition {
  name: string;
  /** The pause between the end of one run and the start of the next. */
  everyMs: number;
  run(context: RunContext): Promise<unknown>;
  /** False: start does nothing (there is no work to do, e.g. nothing is kept for a limited time). */
  enabled?: boolean;
  /** Stops as soon as the instance drains (SIGTERM), not when the app closes (see Worker.drain). */
  stopsWhenDraining?: boolean;
  /** At start, before the first run (the logger given to what the worker runs). */
  onStart?(log: FastifyBaseLogger | undefined): void;
  /** After every stop, started or not, once the run under way ended: the last work, closing. */
  onStop?(log: FastifyBaseLogger | undefined): Promise<unknown> | unknown;
}

/** The longest a timer may wait (setTimeout's limit): a time further off is left to the runs. */
export const LONGEST_TIMER_MS = 2 ** 31 - 1;

export interface TimedWorker extends Worker {
  /** A run in a moment, or right after the one under way (asks in the same moment make one run). */
  runNow(): void;
  /** A run at `at` too (ignored when stopped, or further off than a timer can wait). */
  runAt(at: Date): void;
  /** True while a stop is under way (a direct call of the worker's work may take no more). */
  isStopping(): boolean;
}

const unref = (timer: ReturnType<typeof setTimeout>) => {
  timer.unref?.();
  return timer;
};

export function createWorker(definition: WorkerDefinition): TimedWorker {
  const { name, everyMs } = definition;
  let log: FastifyBaseLogger | undefined;
  let started = false;
  let stopping = false;
  let first = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  /** A run was asked for while one ran: another follows at once. */
  let again = false;
  /** Times a run was asked for (ms): the timer waits for the earliest. */
  const due = new Set<number>();
  let dueTimer: ReturnType<typeof setTimeout> | undefined;

  function schedule(delay: number) {
    clearTimeout(timer);
    if (started) timer = unref(setTimeout(run, delay));
  }

  function run() {
    if (!started) return;
    if (running) {
      again = true;
      return;
    }
    const context = { log, stopping: () => stopping, first };
    first = false;
    running = Promise.resolve()
      .then(() => definition.run(context))
      .then(
        () => {},
        (error) => log?.error({ err: error, worker: name }, "worker run failed"),
      )
      .finally(() => {
        running = undefined;
        schedule(again ? 0 : everyMs);
        again = false;
      });
  }

  /** The timer for the earliest time asked for; when it fires, one run for every time that has come. */
  function armDue() {
    clearTimeout(dueTimer);
    if (!started || due.size === 0) return;
    const earliest = Math.min(...due);
    dueTimer = unref(
      setTimeout(
        () => {
          const now = Date.now();
          for (const time of due) if (time <= now) due.delete(time);
          // The run starts in this timer's turn (a timer set now would fire a moment late).
          if (earliest <= now) {
            clearTimeout(timer);
            run(); // after the one under way, if any
          }
          armDue();
        },
        Math.max(0, earliest - Date.now()),
      ),
    );
  }

  const worker: TimedWorker = {
    name,
    get started() {
      return started;
    },
    start(logger) {
      if (started || definition.enabled === false) return;
      log = logger ?? log;
      started = true;
      stopping = false;
      first = true;
      definition.onStart?.(log);
      schedule(0);
    },
    drain: () => (definition.stopsWhenDraining ? worker.stop() : Promise.resolve()),
    async stop() {
      started = false;
      stopping = true;
      clearTimeout(timer);
      clearTimeout(dueTimer);
      due.clear();
      again = false;
      try {
        await running;
        await definition.onStop?.(log);
      } finally {
        stopping = false;
      }
    },
    runNow() {
      if (started) schedule(0);
      if (running) again = true;
    },
    runAt(at) {
      const time = at.getTime();
      if (!started || Number.isNaN(time) || time - Date.now() > LONGEST_TIMER_MS) return;
      due.add(time);
      armDue();
    },
    isStopping: () => stopping,
  };
  return worker;
}

/** The instance's workers, as the services return them: started, drained and stopped together. */
export interface WorkerList {
  readonly all: readonly Worker[];
  /** Starts every worker (the server, once it listens). */
  start(log?: FastifyBaseLogger): void;
  /** SIGTERM: the workers that stop when draining stop (Worker.drain). */
  drain(): Promise<void>;
  /** Stops every worker, one after another in the list's order (the app's close, before the database's). */
  stop(): Promise<void>;
}

export function workerList(workers: readonly Worker[]): WorkerList {
  const names = workers.map((worker) => worker.name);
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice) throw new Error(`two workers are named ${twice}`);
  let log: FastifyBaseLogger | undefined;
  return {
    all: workers,
    start(logger) {
      log = logger ?? log;
      for (const worker of workers) worker.start(log);
    },
    async drain() {
      await Promise.all(workers.map((worker) => worker.drain()));
    },
    async stop() {
      // Each one stops even when another's stop fails (its last work logged, not lost silently).
      for (const worker of workers)
        await worker
          .stop()
          .catch((error) => log?.error({ err: error, worker: worker.name }, "worker stop failed"));
    },
  };
}
