// Enquiry benchmark: sustained submissions per second and p99 latency of POST /api/contact on the
// embedded database and on PostgreSQL, and how fast the outbox then mails them to a loopback SMTP
// server. Runs the production build (built first if missing). Usage: npm run bench:enquiries
// Env: BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 20), BENCH_PG_URL
// (default postgres://postgres@127.0.0.1:5432/test; set to "" to skip PostgreSQL).
import { execSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { freePort, SERVER_COMMAND, SERVER_ENV } from "./server-process.mjs";

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PG_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";

async function startSmtp() {
  let received = 0;
  let last = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, cb) {
      stream.on("data", () => {});
      stream.on("end", () => {
        received++;
        last = performance.now();
        cb();
      });
    },
  });
  const port = await freePort();
  await new Promise((r) => server.listen(port, "127.0.0.1", r));
  return { port, count: () => received, last: () => last, close: () => new Promise((r) => server.close(r)) };
}

async function startServer(env) {
  const port = await freePort();
  const child = spawn(process.execPath, SERVER_COMMAND, {
    env: {
      ...process.env,
      ...SERVER_ENV,
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      SEED_DEMO: "0",
      ADMIN_EMAIL: "bench@example.co.uk",
      ADMIN_PASSWORD: "bench-password-1",
      PORT: String(port),
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/api/healthz`)).ok) return { url, child };
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGKILL");
  throw new Error("server did not start");
}

async function run(label, extraEnv) {
  const smtp = await startSmtp();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-enquiries-"));
  const { url, child } = await startServer({
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    ENQUIRY_RATE_LIMIT: "1000000",
    ...extraEnv,
  });
  let n = 0;
  const started = performance.now();
  const result = await autocannon({
    url: `${url}/api/contact`,
    method: "POST",
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { "content-type": "application/json" },
    setupClient(client) {
      client.setBody(
        JSON.stringify({
          name: `Bench ${n++}`,
          email: "bench@example.co.uk",
          company: "Bench Ltd",
          phone: "01733 000 000",
          message: "Weekly collection of food waste, about two tonnes.",
        }),
      );
    },
  });
  const loadEnded = performance.now();
  // Requests still in flight when the run stops are committed too, so mails can exceed 2xx.
  const accepted = result["2xx"];
  // The outbox mails while the load runs; wait for it to finish the backlog.
  const deadline = Date.now() + 300_000;
  while (smtp.count() < accepted && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  const mailSeconds = (smtp.last() - started) / 1000;
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
  await smtp.close();
  return {
    database: label,
    "submissions/s": Math.round(result.requests.average),
    "p50 ms": result.latency.p50,
    "p99 ms": result.latency.p99,
    accepted,
    errors: result.errors + result.non2xx,
    "mails sent": smtp.count(),
    "mails/s (start to last mail)": Math.round(smtp.count() / mailSeconds),
    "backlog drained after load (s)": Math.max(0, (smtp.last() - loadEnded) / 1000).toFixed(1),
  };
}

if (!existsSync("build/server-app/main.js")) execSync("npm run build", { stdio: "inherit" });

const rows = [await run("PGlite (embedded)", { DATABASE_URL: "" })];
if (PG_URL) {
  const name = `bench_enquiries_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    rows.push(await run("PostgreSQL", { DATABASE_URL: url.toString() }));
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
console.log(
  `\n${DURATION} s per run, ${CONNECTIONS} connections, ${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version}`,
);
console.table(rows);
