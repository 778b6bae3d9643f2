import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildTestApp, TEST_DATABASES } from "./test/harness";
import { createWorker, type Worker, workerList } from "./workers";

afterEach(() => {
  vi.useRealTimers();
});

/** A logger that keeps what was logged at error level (the details and the message). */
function errorLog() {
  const errors: Array<[Record<string, unknown>, string]> = [];
  const log = {
    error: (details: Record<string, unknown>, message: string) => errors.push([details, message]),
    warn: () => {},
    info: () => {},
  } as unknown as FastifyBaseLogger;
  return { errors, log };
}

/** Runs that each take `runMs` (fake time), recording when each started and ended. */
function timed(runMs: number, everyMs = 10_000) {
  vi.useFakeTimers({ now: 0 });
  const runs: Array<{ start: number; end?: number }> = [];
  const worker = createWorker({
    name: "timed",
    everyMs,
    async run() {
      const run: { start: number; end?: number } = { start: Date.now() };
      runs.push(run);
      await new Promise((resolve) => setTimeout(resolve, runMs));
      run.end = Date.now();
    },
  });
  return { worker, runs };
}

/** Stops a worker on fake timers: the run under way needs its time to end. */
async function stopOnFakeTime(worker: Worker) {
  const stopping = worker.stop();
  await vi.advanceTimersByTimeAsync(5_000);
  await stopping;
}

describe("a timed worker", () => {
  it("runs at start, then every `everyMs` after the previous run ended, never two at once", async () => {
    const { worker, runs } = timed(3_000);
    worker.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toEqual([{ start: 0 }]);
    // Asked twice while a run is under way: one more run follows it (not beside it, not two).
    worker.runNow();
    worker.runNow();
    await vi.advanceTimersByTimeAsync(6_010);
    expect(runs).toHaveLength(2);
    const [first, second] = runs;
    expect(first).toEqual({ start: 0, end: 3_000 });
    expect(second.start - 3_000).toBeGreaterThanOrEqual(0);
    expect(second.start - 3_000).toBeLessThanOrEqual(1); // the next timer turn
    const secondEnd = second.end ?? Number.NaN;
    // The next one everyMs after the last ended.
    await vi.advanceTimersByTimeAsync(secondEnd + 10_000 - 1 - Date.now());
    expect(runs).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs.map((r) => r.start)).toEqual([0, second.start, secondEnd + 10_000]);
    await stopOnFakeTime(worker);
  });

  it("runs at a time asked for (runAt) in that timer's turn, and not once stopped", async () => {
    const { worker, runs } = timed(0);
    worker.start();
    await vi.advanceTimersByTimeAsync(0);
    worker.runAt(new Date(2_500));
    await vi.advanceTimersByTimeAsync(2_500);
    expect(runs.map((r) => r.start)).toEqual([0, 2_500]);
    worker.runAt(new Date(5_000));
    await stopOnFakeTime(worker);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs.map((r) => r.start)).toEqual([0, 2_500]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("stop waits for the run under way, then does the last work; none follows", async () => {
    const { worker, runs } = timed(2_000);
    const order: string[] = [];
    const last = createWorker({
      name: "last",
      everyMs: 1_000,
      run: async ({ stopping }) => {
        await new Promise((resolve) => setTimeout(resolve, 500));
        order.push(`run ended, stopping: ${stopping()}`);
      },
      onStop: () => order.push("last work"),
    });
    worker.start();
    last.start();
    await vi.advanceTimersByTimeAsync(100);
    const stopped = Promise.all([worker.stop(), last.stop()]);
    await vi.advanceTimersByTimeAsync(2_000);
    await stopped;
    expect(runs).toEqual([{ start: 0, end: 2_000 }]);
    expect(order).toEqual(["run ended, stopping: true", "last work"]);
    expect(worker.started).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    // Its last work is done at every stop, started or not (the Insights' counts, a closed transport).
    await last.stop();
    expect(order).toEqual(["run ended, stopping: true", "last work", "last work"]);
  });

  it("logs a run that failed with the worker's name and the error only, and runs again at its time", async () => {
    vi.useFakeTimers({ now: 0 });
    const { errors, log } = errorLog();
    let calls = 0;
    const worker = createWorker({
      name: "flaky",
      everyMs: 1_000,
      async run() {
        calls += 1;
        if (calls === 1) throw new Error("the database is away");
      },
    });
    worker.start(log);
    await vi.advanceTimersByTimeAsync(0);
    expect(errors).toEqual([[{ err: expect.any(Error), worker: "flaky" }, "worker run failed"]]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(2);
    await worker.stop();
  });

  it("keeps no timer that holds the process open (unref'd)", async () => {
    const refTimers = () => process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;
    let ran = 0;
    const worker = createWorker({
      name: "quiet",
      everyMs: 60_000,
      run: async () => {
        ran += 1;
      },
    });
    const before = refTimers();
    worker.start();
    worker.runAt(new Date(Date.now() + 30_000));
    expect(refTimers()).toBe(before);
    while (ran === 0) await new Promise((resolve) => setImmediate(resolve));
    // The next run's timer is waiting: it does not keep the process alive either.
    expect(refTimers()).toBe(before);
    await worker.stop();
  });

  it("does not start when it has nothing to do (enabled: false), and drains only when it says so", async () => {
    vi.useFakeTimers({ now: 0 });
    let runs = 0;
    const run = async () => {
      runs += 1;
    };
    const idle = createWorker({ name: "idle", everyMs: 1_000, run, enabled: false });
    const draining = createWorker({ name: "draining", everyMs: 1_000, run, stopsWhenDraining: true });
    const staying = createWorker({ name: "staying", everyMs: 1_000, run });
    for (const worker of [idle, draining, staying]) worker.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(2);
    expect(idle.started).toBe(false);
    await Promise.all([draining.drain(), staying.drain()]);
    expect([draining.started, staying.started]).toEqual([false, true]);
    await staying.stop();
  });
});

describe("a list of workers", () => {
  const fake = (name: string, stop: () => Promise<void> = async () => {}) => {
    const calls: string[] = [];
    const worker: Worker = {
      name,
      started: false,
      start: () => void calls.push("start"),
      drain: async () => void calls.push("drain"),
      stop: async () => {
        calls.push("stop");
        await stop();
      },
    };
    return { worker, calls };
  };

  it("starts, drains and stops every worker; one stop that fails does not keep the next from stopping", async () => {
    const { errors, log } = errorLog();
    const a = fake("a", async () => {
      throw new Error("flush failed");
    });
    const b = fake("b");
    const list = workerList([a.worker, b.worker]);
    list.start(log);
    await list.drain();
    await list.stop();
    expect(a.calls).toEqual(["start", "drain", "stop"]);
    expect(b.calls).toEqual(["start", "drain", "stop"]);
    expect(errors).toEqual([[{ err: expect.any(Error), worker: "a" }, "worker stop failed"]]);
  });

  it("refuses two workers of one name", () => {
    expect(() => workerList([fake("a").worker, fake("a").worker])).toThrow("two workers are named a");
  });
});

/** The server's source files (tests and the tests' harness left out). */
function serverSources(): string[] {
  const root = import.meta.dirname;
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.startsWith(`test${path.sep}`));
}

describe.each(TEST_DATABASES)("the instance's workers on %s", (kind) => {
  it("are one list: every timed worker of the server is in it, started by its start and stopped by the app's close", async () => {
    const app = await buildTestApp(kind);
    const { workers } = app.services;
    const names = workers.all.map((worker) => worker.name);
    expect(names).toEqual([
      "outbox",
      "scheduled-posts",
      "insights",
      "privacy-retention",
      "audit-retention",
      "spam-tokens",
      "not-found-log",
      "booking-reminders",
    ]);
    // Every worker the server's code defines is one of the list's: none is started on its own.
    const defined = serverSources().flatMap((file) => {
      const text = readFileSync(path.join(import.meta.dirname, file), "utf8");
      return [...text.matchAll(/createWorker\(\{\s*name: "([^"]+)"/g)].map((match) => match[1]);
    });
    expect(defined.toSorted()).toEqual(names.toSorted());
    // No module keeps a repeating timer of its own: timed work is a worker (the outbox kit's lease
    // renewals live as long as one pass, inside a worker's run).
    const intervals = serverSources().filter((file) =>
      readFileSync(path.join(import.meta.dirname, file), "utf8").includes("setInterval("),
    );
    expect(intervals).toEqual([path.join("outbox", "lane.ts")]);

    workers.start();
    expect(workers.all.filter((worker) => !worker.started).map((worker) => worker.name)).toEqual([]);
    await app.close();
    expect(workers.all.filter((worker) => worker.started).map((worker) => worker.name)).toEqual([]);
  });
});
