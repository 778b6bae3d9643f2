// Enquiry benchmark: sustained submissions per second and p99 latency of POST /api/contact on the
// embedded database and on PostgreSQL, and how fast the outbox then mails them to a loopback SMTP
// server. Runs the production build (built first if missing). Usage: npm run bench:enquiries
// Env: BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 20); PostgreSQL: a scratch
// database on the server of BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
// BENCH_SKIP_POSTGRES=1 skips it.
import os from "node:os";
import autocannon from "autocannon";
import { onEachDatabase } from "./bench-lib.mjs";
import { startMailSink } from "./cluster.mjs";
import { ensureBuild, startBuiltServer } from "./server-process.mjs";

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

async function run(label, extraEnv) {
  const smtp = await startMailSink();
  const server = await startBuiltServer(
    { SEED_DEMO: "0", SMTP_URL: smtp.url, ENQUIRY_RATE_LIMIT: "1000000", ...extraEnv },
    { echo: true },
  );
  const { url } = server;
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
  while (smtp.messages.length < accepted && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 200));
  const mailSeconds = (smtp.lastAt() - started) / 1000;
  await server.stop();
  await smtp.close();
  return {
    database: label,
    "submissions/s": Math.round(result.requests.average),
    "p50 ms": result.latency.p50,
    "p99 ms": result.latency.p99,
    accepted,
    errors: result.errors + result.non2xx,
    "mails sent": smtp.messages.length,
    "mails/s (start to last mail)": Math.round(smtp.messages.length / mailSeconds),
    "backlog drained after load (s)": Math.max(0, (smtp.lastAt() - loadEnded) / 1000).toFixed(1),
  };
}

ensureBuild();
const rows = await onEachDatabase(run);
console.log(
  `\n${DURATION} s per run, ${CONNECTIONS} connections, ${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version}`,
);
console.table(rows);
