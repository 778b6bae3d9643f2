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
    a.bump();
    await vi.waitFor(() => expect(b.current).toBe(1));
    b.bump();
    await vi.waitFor(() => expect(a.current).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect([a.current, b.current]).toEqual([2, 2]);
    await Promise.all([toA.close(), toB.close()]);
    await pool.end();
  });
});
