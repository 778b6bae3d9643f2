import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../../scripts/server-process.mjs";
import { buildApp } from "../../app";
import { SIGN_IN_LIMITS } from "../../services/staff/sign-ins";
import { ADMIN } from "../../test/content";
import { buildTestApp, openTestDatabase, TEST_DATABASES, testConfig } from "../../test/harness";

const REDIS_TEST_URL = process.env.REDIS_TEST_URL;

const attempt = (app: FastifyInstance, password: string, ip: string, email = ADMIN.email) =>
  app.inject({ method: "POST", url: "/api/admin/login", payload: { email, password }, remoteAddress: ip });

/** Runs `count` attempts, `parallel` at a time; returns the status codes. */
async function attempts(
  count: number,
  parallel: number,
  one: (i: number) => Promise<{ statusCode: number }>,
) {
  const codes: number[] = [];
  for (let i = 0; i < count; i += parallel) {
    const batch = Array.from({ length: Math.min(parallel, count - i) }, (_, j) => one(i + j));
    codes.push(...(await Promise.all(batch)).map((r) => r.statusCode));
  }
  return codes;
}

function tally(codes: number[]) {
  const counts: Record<number, number> = {};
  for (const code of codes) counts[code] = (counts[code] ?? 0) + 1;
  return counts;
}

/** An app whose log lines are kept, with its own Redis key prefix. */
async function appWithLog(kind: "pglite" | "postgres", env: Record<string, string>) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = await buildApp({
    config: testConfig({ LOG_LEVEL: "info", ...env }),
    database: await openTestDatabase(kind),
    logger: { level: "info", stream },
    redisKeyPrefix: `test-${randomUUID()}:`,
  });
  await app.services.accounts.create(ADMIN.email, ADMIN.password);
  return { app, lines };
}

describe.each(TEST_DATABASES)("login limits on %s", (kind) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(kind);
    await app.services.accounts.create(ADMIN.email, ADMIN.password);
  });
  afterAll(() => app.close());

  it("checks at most 10 of 40 wrong passwords sent at once; the rest answer 429", async () => {
    const codes = await attempts(40, 40, () => attempt(app, "wrong", "10.5.0.1"));
    expect(tally(codes)).toEqual({
      400: SIGN_IN_LIMITS.clientAccount,
      429: 40 - SIGN_IN_LIMITS.clientAccount,
    });
  });

  it("locks out the guessing client, not the administrator on a clean client", async () => {
    for (let i = 0; i < SIGN_IN_LIMITS.clientAccount; i++)
      expect((await attempt(app, "wrong", "10.1.0.1")).statusCode).toBe(400);
    const limited = await attempt(app, "wrong", "10.1.0.1");
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      status: "Error",
      message: "Too many failed login attempts. Please try again in 15 minutes.",
    });
    // Even the right password waits there: guessing must not continue from this client.
    expect((await attempt(app, ADMIN.password, "10.1.0.1")).statusCode).toBe(429);
    expect((await attempt(app, ADMIN.password, "10.1.0.2")).statusCode).toBe(200);
  });

  it("limits one client spraying many accounts", async () => {
    const codes = await attempts(SIGN_IN_LIMITS.client, 5, (i) =>
      attempt(app, "x", "10.3.0.1", `n${i}@example.co.uk`),
    );
    expect(tally(codes)).toEqual({ 400: SIGN_IN_LIMITS.client });
    expect((await attempt(app, "x", "10.3.0.1", "fresh@example.co.uk")).statusCode).toBe(429);
  });

  it("keeps guessing from many clients slow: the account-wide threshold is far higher", async () => {
    const email = "target@example.co.uk";
    await app.services.accounts.create(email, "target-password-1");
    const codes = await attempts(SIGN_IN_LIMITS.account, 10, (i) =>
      attempt(app, "wrong", `10.6.${i >> 8}.${i & 255}`, email),
    );
    expect(tally(codes)).toEqual({ 400: SIGN_IN_LIMITS.account });
    expect((await attempt(app, "target-password-1", "10.7.0.1", email)).statusCode).toBe(429);
  });

  it("does not count successful sign-ins", async () => {
    await app.services.accounts.create("second@example.co.uk", "second-password-1");
    for (let i = 0; i < 12; i++)
      expect((await attempt(app, "second-password-1", "10.4.0.1", "second@example.co.uk")).statusCode).toBe(
        200,
      );
    for (let i = 0; i < SIGN_IN_LIMITS.clientAccount; i++)
      expect((await attempt(app, "wrong", "10.4.0.1", "second@example.co.uk")).statusCode).toBe(400);
  });

  it("counts an IPv6 /64 as one client", async () => {
    for (let i = 0; i < SIGN_IN_LIMITS.clientAccount; i++)
      expect((await attempt(app, "wrong", `2001:db8:5:6::${i + 1}`)).statusCode).toBe(400);
    expect((await attempt(app, ADMIN.password, "2001:db8:5:6:ffff:1:2:3")).statusCode).toBe(429);
    expect((await attempt(app, ADMIN.password, "2001:db8:5:7::1")).statusCode).toBe(200);
  });

  it("refuses every sign-in, with a clear log line, while Redis is unreachable", async () => {
    const { app: withRedis, lines } = await appWithLog(kind, {
      REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
    });
    try {
      const codes = await attempts(12, 4, (i) =>
        attempt(withRedis, i % 2 ? "wrong" : ADMIN.password, "10.8.0.1"),
      );
      expect(tally(codes)).toEqual({ 503: 12 });
      const refused = await attempt(withRedis, "wrong", "10.8.0.1");
      expect(refused.json()).toEqual({
        status: "Error",
        message: "Sign-in is unavailable for a moment. Please try again shortly.",
      });
      expect(lines.join("")).toContain("login limit unavailable (Redis unreachable): sign-in refused");
    } finally {
      await withRedis.close();
    }
  });

  describe.runIf(REDIS_TEST_URL)("with Redis", () => {
    it("shares the counts between instances and refunds successful sign-ins", async () => {
      const prefix = `test-${randomUUID()}:`;
      const instance = async () => {
        const built = await buildApp({
          config: testConfig({ REDIS_URL: REDIS_TEST_URL as string }),
          database: await openTestDatabase(kind),
          logger: false,
          redisKeyPrefix: prefix,
        });
        await built.services.accounts.create(ADMIN.email, ADMIN.password);
        return built;
      };
      const [a, b] = [await instance(), await instance()];
      try {
        expect((await attempt(a, ADMIN.password, "10.9.0.1")).statusCode).toBe(200);
        const codes = await attempts(20, 20, (i) => attempt(i % 2 ? a : b, "wrong", "10.9.0.1"));
        expect(tally(codes)).toEqual({
          400: SIGN_IN_LIMITS.clientAccount,
          429: 20 - SIGN_IN_LIMITS.clientAccount,
        });
        expect((await attempt(b, ADMIN.password, "10.9.0.2")).statusCode).toBe(200);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });
  });
});
