import { EventEmitter } from "node:events";
import type pg from "pg";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type BroadcastEvent, postgresBroadcast, RECONNECT_MAX_MS, reconnectDelay } from "./broadcast";

/** A stand-in for pg.Client: connects unless told to fail, and can be dropped by the test. */
class FakeClient extends EventEmitter {
  static refuse = 0;
  static made: FakeClient[] = [];
  ended = false;
  constructor() {
    super();
    FakeClient.made.push(this);
  }
  async connect() {
    if (FakeClient.refuse > 0) {
      FakeClient.refuse--;
      throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
    }
  }
  async query() {
    return { rows: [] };
  }
  async end() {
    this.ended = true;
  }
}

afterEach(() => {
  vi.useRealTimers();
  FakeClient.refuse = 0;
  FakeClient.made = [];
});

describe("the LISTEN connection", () => {
  it("reconnects with backoff for as long as it takes, then tells subscribers to forget what they kept", async () => {
    vi.useFakeTimers();
    const sent: string[] = [];
    const broadcast = await postgresBroadcast(
      FakeClient as unknown as typeof pg.Client,
      "postgres://x",
      async (_c, p) => sent.push(p),
    );
    const heard: Array<string | undefined> = [];
    const events: BroadcastEvent["kind"][] = [];
    broadcast.subscribe((message) => heard.push(message));
    broadcast.watch((event) => events.push(event.kind));
    expect(broadcast.status()).toEqual({ listening: true, losses: 0 });

    // The server goes away, and stays away for five attempts.
    FakeClient.refuse = 5;
    FakeClient.made[0].emit("error", new Error("terminating connection due to administrator command"));
    FakeClient.made[0].emit("end");
    expect(broadcast.status()).toEqual({ listening: false, losses: 1 });
    await vi.advanceTimersByTimeAsync(5 * RECONNECT_MAX_MS);
    expect(events).toEqual([
      "lost",
      "retry-failed",
      "retry-failed",
      "retry-failed",
      "retry-failed",
      "retry-failed",
      "restored",
    ]);
    expect(broadcast.status()).toEqual({ listening: true, losses: 1 });
    expect(heard).toEqual([undefined]);

    // Messages from others arrive again; its own are sent through the pool, listening or not.
    FakeClient.made.at(-1)?.emit("notification", { payload: `${"0".repeat(36)} content-changed` });
    expect(heard).toEqual([undefined, "content-changed"]);
    await broadcast.publish("content-changed");
    expect(sent).toHaveLength(1);
    await broadcast.close();
  });

  it("stops retrying once closed", async () => {
    vi.useFakeTimers();
    const broadcast = await postgresBroadcast(
      FakeClient as unknown as typeof pg.Client,
      "postgres://x",
      async () => {},
    );
    FakeClient.refuse = 1000;
    FakeClient.made[0].emit("end");
    await vi.advanceTimersByTimeAsync(RECONNECT_MAX_MS);
    const made = FakeClient.made.length;
    await broadcast.close();
    await vi.advanceTimersByTimeAsync(10 * RECONNECT_MAX_MS);
    expect(FakeClient.made.length).toBe(made);
  });

  it("waits longer after each failure, up to the cap (give or take a quarter)", () => {
    expect(reconnectDelay(0, 0.5)).toBe(500);
    expect(reconnectDelay(3, 0.5)).toBe(4000);
    expect(reconnectDelay(30, 1)).toBe(RECONNECT_MAX_MS * 1.25);
  });
});
