import { describe, expect, it } from "vitest";
import { createContentVersion } from "../services/content/content-version";
import { createAnswerCache } from "./answer-cache";

describe("the answer cache", () => {
  it("makes an answer once for concurrent requests and keeps it until the content changes", async () => {
    const version = createContentVersion();
    const cache = createAnswerCache(version);
    let made = 0;
    const produce = async () => {
      made++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return `{"n":${made}}`;
    };
    const answers = await Promise.all(Array.from({ length: 5 }, () => cache.answer("list", produce)));
    expect(made).toBe(1);
    expect(new Set(answers).size).toBe(1);
    expect((await cache.answer("list", produce))?.json.toString()).toBe('{"n":1}');
    version.bump("elsewhere");
    expect((await cache.answer("list", produce))?.json.toString()).toBe('{"n":2}');
    expect(cache.stats()).toEqual({ hits: 1, misses: 6, entries: 1 });
  });

  it("never keeps an answer that is not to be kept, nor one made while the content changed", async () => {
    const version = createContentVersion();
    const cache = createAnswerCache(version);
    expect(await cache.answer("missing", async () => undefined)).toBeUndefined();
    await cache.answer("racing", async () => {
      version.bump();
      return "{}";
    });
    expect(cache.stats().entries).toBe(0);
  });

  it("keeps at most its number of answers, the least recently used going first", async () => {
    const cache = createAnswerCache(createContentVersion(), 2);
    const produce = async () => "{}";
    await cache.answer("a", produce);
    await cache.answer("b", produce);
    await cache.answer("a", produce); // a is now the most recent
    await cache.answer("c", produce); // b goes
    let remade = false;
    await cache.answer("b", async () => {
      remade = true;
      return "{}";
    });
    expect(remade).toBe(true);
    expect(cache.stats().entries).toBe(2);
  });
});
