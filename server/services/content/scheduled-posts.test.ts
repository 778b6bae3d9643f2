import { afterEach, describe, expect, it, vi } from "vitest";
import { createScheduledPosts } from "./scheduled-posts";

afterEach(() => {
  vi.useRealTimers();
});

/** The scheduler's passes, on fake timers: when each pass ran (ms after the start). */
function scheduler() {
  vi.useFakeTimers({ now: 0 });
  const passes: number[] = [];
  const posts = createScheduledPosts(
    { publishDue: async () => [] },
    {
      pollMs: 10_000,
      siteContent: {
        publishDue: async (now = new Date()): Promise<string[]> => {
          passes.push(now.getTime());
          return [];
        },
      },
    },
  );
  return { posts, passes };
}

describe("scheduled publication", () => {
  it("runs a pass at the very time something scheduled here falls due, not at the next poll", async () => {
    const { posts, passes } = scheduler();
    posts.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(passes).toEqual([0]);
    posts.dueAt(new Date(3_000));
    posts.dueAt(new Date(4_500));
    await vi.advanceTimersByTimeAsync(2_999);
    expect(passes).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(passes).toEqual([0, 3_000]);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(passes).toEqual([0, 3_000, 4_500]);
    // The polls go on from the last pass.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(passes).toEqual([0, 3_000, 4_500, 14_500]);
    await posts.stop();
  });

  it("ignores a due time once stopped, and one further off than a timer can wait (the polls take it)", async () => {
    const { posts, passes } = scheduler();
    posts.start();
    await vi.advanceTimersByTimeAsync(0);
    posts.dueAt(new Date(2 ** 31 + 1_000));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(passes).toEqual([0]);
    await posts.stop();
    posts.dueAt(new Date(6_000));
    await vi.advanceTimersByTimeAsync(20_000);
    expect(passes).toEqual([0]);
  });
});
