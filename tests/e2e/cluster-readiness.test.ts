import { describe, expect, it } from "vitest";
import { startBuiltServer } from "../../scripts/server-process.mjs";

/** One production instance as a balancer sees it: readiness, draining on SIGTERM, request ids. */
describe("an instance behind a balancer", () => {
  it("fails readiness at once on SIGTERM while still serving, then exits cleanly", async () => {
    const instance = await startBuiltServer({ SHUTDOWN_DELAY_SECONDS: "2", SEED_DEMO: "0" });
    expect((await fetch(`${instance.url}/api/readyz`)).status).toBe(200);
    instance.child.kill("SIGTERM");
    let ready = 200;
    while (ready === 200) ready = (await fetch(`${instance.url}/api/readyz`)).status;
    expect(ready).toBe(503);
    expect((await fetch(`${instance.url}/api/healthz`)).status).toBe(200);
    expect((await fetch(`${instance.url}/about`)).status).toBe(200);
    expect(await instance.exited).toBe(0);
  });

  it("writes the request id on every log line of a request, and no warning", async () => {
    const instance = await startBuiltServer({ LOG_LEVEL: "info", SEED_DEMO: "0" });
    try {
      await fetch(`${instance.url}/`);
      await fetch(`${instance.url}/api/blog`);
      await fetch(`${instance.url}/api/admin/login`, { method: "POST", body: "{" });
      await fetch(`${instance.url}/api/nope`);
    } finally {
      await instance.stop();
    }
    // No warning from Node or a library (a deprecated option, say): Node writes them as "(node:PID) …".
    expect(
      instance
        .output()
        .split("\n")
        .filter((line) => /^\(node:\d+\)/.test(line)),
    ).toEqual([]);
    const lines = instance
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map(
        (line) =>
          JSON.parse(line) as {
            msg: string;
            reqId?: string;
            req?: { method: string; url: string };
            res?: { statusCode: number };
          },
      );
    // Request lines start after the start-up lines (fastify's "Server listening", then our "started").
    const first = lines.findIndex((line) => line.msg === "started");
    const last = lines.findIndex((line) => line.msg.startsWith("shutting down"));
    const during = lines.slice(first + 1, last);
    // One line a request, written when it is answered (server/app.ts), with its route and status
    // (the start's last health check may come first).
    const answered = during
      .filter((line) => line.msg === "request completed")
      .map((line) => `${line.req?.method} ${line.req?.url} ${line.res?.statusCode}`);
    expect(answered.slice(-4)).toEqual([
      "GET /* 200",
      "GET /api/blog 200",
      "POST /api/admin/login 400",
      "GET /api/* 404",
    ]);
    expect(during.filter((line) => !line.reqId)).toEqual([]);
  });
});
