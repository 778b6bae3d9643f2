import pg from "pg";
import { describe, expect, it, vi } from "vitest";
import { postgresBroadcast } from "../../db/broadcast";
import { createContentVersion, shareContentVersion } from "./content-version";

describe("content version", () => {
  it("tells its listeners where the change happened", () => {
    const version = createContentVersion();
    const seen: string[] = [];
    const stop = version.onChange((v, where) => seen.push(`${v} ${where}`));
    version.bump();
    version.bump("elsewhere");
    stop();
    version.bump();
    expect(seen).toEqual(["1 here", "2 elsewhere"]);
  });
});

describe.skipIf(!process.env.DATABASE_URL)("content version across instances on PostgreSQL", () => {
  it("a change on one instance bumps the others once, and never echoes back", async () => {
    const url = process.env.DATABASE_URL as string;
    const [a, b] = [createContentVersion(), createContentVersion()];
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    const send = (channel: string, payload: string) =>
      pool.query("select pg_notify($1, $2)", [channel, payload]);
    const [toA, toB] = await Promise.all([
      postgresBroadcast(pg.Client, url, send),
      postgresBroadcast(pg.Client, url, send),
    ]);
    shareContentVersion(a, toA);
    shareContentVersion(b, toB);
    const heardByB: Array<readonly string[] | undefined> = [];
    b.onChange((_version, where, topics) => where === "elsewhere" && heardByB.push(topics));
    a.bump();
    await vi.waitFor(() => expect(b.current).toBe(1));
    b.bump();
    await vi.waitFor(() => expect(a.current).toBe(2));
    // What a change names reaches the other instance: it drops only the pages that read it.
    a.bump("here", ["site:page-about", "posts"]);
    await vi.waitFor(() => expect(b.current).toBe(3));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect([a.current, b.current]).toEqual([3, 3]);
    expect(heardByB).toEqual([undefined, ["site:page-about", "posts"]]);
    await Promise.all([toA.close(), toB.close()]);
    await pool.end();
  });
});
