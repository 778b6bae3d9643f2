import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { buildApp } from "./app";
import { clientKey, parseTrustProxy, proxyTrust, trustedPeer } from "./client-address";
import { createSlots } from "./services/staff/sign-ins";
import { VALID_CONTACT, VALID_QUOTE } from "./test/enquiry-fixtures";
import { buildTestApp, openTestDatabase, testConfig } from "./test/harness";

describe("client keys", () => {
  it("groups IPv6 clients by /64 and keeps IPv4 addresses whole", () => {
    expect(clientKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(clientKey("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(clientKey("192.0.2.7")).toBe("192.0.2.7");
  });

  it("trusts the peer only as TRUST_PROXY says", () => {
    const ranges = trustedPeer(parseTrustProxy("10.0.0.0/8,2001:db8::/32") ?? false);
    expect(ranges("10.1.2.3")).toBe(true);
    expect(ranges("::ffff:10.1.2.3")).toBe(true);
    expect(ranges("2001:db8:1::5")).toBe(true);
    expect(ranges("203.0.113.9")).toBe(false);
    expect(ranges(undefined)).toBe(false);
    expect(trustedPeer(false)("10.1.2.3")).toBe(false);
  });

  it("with a hop count, trusts a peer on a proxy network and the next hops by position", () => {
    const one = proxyTrust(parseTrustProxy("1") ?? false);
    for (const proxy of [
      "127.0.0.1",
      "::1",
      "10.0.0.2",
      "172.18.0.5",
      "192.168.1.1",
      "::ffff:10.88.0.1",
      "fd00::7",
    ])
      expect(one(proxy, 0), proxy).toBe(true);
    // A client that reaches the server directly is not a proxy, whatever it sends.
    for (const client of ["203.0.113.9", "2001:db8::1", "::ffff:198.51.100.4", "not-an-address", undefined])
      expect(one(client, 0), String(client)).toBe(false);
    expect(one("198.51.100.1", 1)).toBe(false); // the client's own entry ends the chain
    const two = proxyTrust(2);
    expect(two("10.0.0.2", 0)).toBe(true);
    expect(two("203.0.113.50", 1)).toBe(true); // the first proxy, e.g. a CDN's edge
    expect(two("198.51.100.1", 2)).toBe(false);
  });
});

describe("password checks in flight", () => {
  it("runs at most `max` at once, queues `waiting` more and refuses the rest", async () => {
    const run = createSlots(2, 2);
    let active = 0;
    let peak = 0;
    const releases: Array<() => void> = [];
    const task = () =>
      new Promise<string>((resolve) => {
        active++;
        peak = Math.max(peak, active);
        releases.push(() => {
          active--;
          resolve("done");
        });
      });
    const results = Array.from({ length: 5 }, () => run(task));
    expect(await results[4]).toBeUndefined();
    while (releases.length > 0 || active > 0) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all(results.slice(0, 4))).toEqual(["done", "done", "done", "done"]);
    expect(peak).toBe(2);
  });
});

describe("client addresses in the app", () => {
  it("takes X-Request-Id only from a trusted proxy", async () => {
    for (const [trust, trusted, untrusted] of [
      ["10.0.0.0/8", "10.0.0.5", "203.0.113.9"],
      ["", undefined, "10.0.0.5"],
    ] as const) {
      const app = await buildTestApp("pglite", { TRUST_PROXY: trust });
      const requestId = async (remoteAddress: string) =>
        (
          await app.inject({
            method: "GET",
            url: "/api/healthz",
            remoteAddress,
            headers: { "x-request-id": "from-the-client-1" },
          })
        ).headers["x-request-id"];
      if (trusted) expect(await requestId(trusted)).toBe("from-the-client-1");
      expect(await requestId(untrusted)).toMatch(/^[0-9a-f-]{36}$/);
      await app.close();
    }
  });

  it("behind TRUST_PROXY=1 counts each visitor as itself: 25 quotes from 25 clients are all taken", async () => {
    const app = await buildTestApp("pglite", { TRUST_PROXY: "1" });
    const quote = (forwardedFor: string, remoteAddress = "127.0.0.1") =>
      app.inject({
        method: "POST",
        url: "/api/quote",
        payload: VALID_QUOTE,
        remoteAddress,
        headers: { "x-forwarded-for": forwardedFor },
      });
    const statuses: number[] = [];
    // What nginx sends: whatever the client claimed, then the address it saw.
    for (let i = 1; i <= 25; i++) statuses.push((await quote(`192.0.2.250, 198.51.100.${i}`)).statusCode);
    expect(statuses).toEqual(Array(25).fill(201));
    // One client is still limited (ENQUIRY_RATE_LIMIT is 20 an hour), whatever it puts in front.
    const one: number[] = [];
    for (let i = 1; i <= 21; i++) one.push((await quote(`192.0.2.${i}, 203.0.113.7`)).statusCode);
    expect(one.slice(0, 20)).toEqual(Array(20).fill(201));
    expect(one[20]).toBe(429);
    // A client that bypasses the proxy cannot pick an address: it is counted as itself.
    const direct: number[] = [];
    for (let i = 1; i <= 21; i++) direct.push((await quote(`198.18.0.${i}`, "203.0.113.99")).statusCode);
    expect(direct[20]).toBe(429);
    await app.services.mail.stop();
    await app.close();
  });

  it("behind TRUST_PROXY=1 puts failed sign-ins on each client's own counter", async () => {
    const app = await buildTestApp("pglite", { TRUST_PROXY: "1" });
    const signIn = (client: string) =>
      app.inject({
        method: "POST",
        url: "/api/admin/login",
        payload: { email: "nobody@example.co.uk", password: "wrong-password" },
        remoteAddress: "10.0.0.2",
        headers: { "x-forwarded-for": client },
      });
    const first: number[] = [];
    for (let i = 0; i < 12; i++) first.push((await signIn("198.51.100.1")).statusCode);
    expect(first).toContain(429);
    expect((await signIn("198.51.100.2")).statusCode).toBe(400);
    await app.close();
  });

  it("warns at start when TRUST_PROXY=true", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const start = async (trust: string) => {
      const app = await buildApp({
        config: testConfig({ TRUST_PROXY: trust }),
        database: await openTestDatabase("pglite"),
        logger: { level: "warn", stream },
      });
      await app.close();
    };
    await start("1");
    expect(lines).toHaveLength(0);
    await start("true");
    expect(lines.join("")).toMatch(/"level":40.*TRUST_PROXY=true believes X-Forwarded-For from every client/);
  });

  it("counts enquiries from one IPv6 /64 in one bucket", async () => {
    const app = await buildTestApp("pglite", { ENQUIRY_RATE_LIMIT: "2" });
    const send = (remoteAddress: string) =>
      app.inject({ method: "POST", url: "/api/contact", payload: VALID_CONTACT, remoteAddress });
    expect((await send("2001:db8:7:8::1")).statusCode).toBe(201);
    expect((await send("2001:db8:7:8:1:2:3:4")).statusCode).toBe(201);
    expect((await send("2001:db8:7:8:ffff::9")).statusCode).toBe(429);
    expect((await send("2001:db8:7:9::1")).statusCode).toBe(201);
    await app.services.mail.stop();
    await app.close();
  });
});
