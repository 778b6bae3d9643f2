// npm run budget:server: the server's budgets of budgets.json on the Node running this script (CI:
// Node 24), measured on the production build the way an operator starts it (scripts/node-flags.mjs):
// - cold start: spawn to a healthy /api/healthz on an empty DATA_DIR, the median of five starts,
//   as the CPU time the server spent (user + system, its reaped children too: /proc/<pid>/stat),
//   which other work on the cores barely moves; the wall-clock time is printed beside it;
// - peak memory: the process's VmHWM (the kernel's own high-water mark of resident memory, so no
//   sample can miss a peak) from spawn on an empty DATA_DIR through BUDGET_LOAD_SECONDS (default
//   15) of GET / as browsers ask for it (Accept-Encoding: br, gzip) and GET /api/blog as API
//   clients do (no encoding), 10 connections each (`npm run bench:memory`: 60 s, beside a base).
// Exits 1 with one sentence per broken budget naming it, the figure and what was measured.
import { readFileSync } from "node:fs";
import { machine, memoryLoad, peakRssMb } from "./bench-lib.mjs";
import { coldStart, ensureBuild, startBuiltServer } from "./server-process.mjs";

const budgets = JSON.parse(readFileSync(new URL("../budgets.json", import.meta.url), "utf8")).server;
const LOAD_SECONDS = Number(process.env.BUDGET_LOAD_SECONDS ?? 15);
const STARTS = 5;

ensureBuild();

// Each start logs where its time went (server/server.ts: milliseconds since the process began).
const starts = [];
const startCpu = [];
const phases = [];
for (let i = 0; i < STARTS; i++) {
  const start = await coldStart();
  starts.push(start.ms);
  startCpu.push(start.cpuMs);
  if (start.startedAt) phases.push(start.startedAt);
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const medianStart = median(starts);
const medianCpu = median(startCpu);
const phaseText = phases.length
  ? Object.keys(phases[0])
      .map((phase) => `${phase} ${median(phases.map((p) => p[phase]))}`)
      .join(", ")
  : "not logged";

// At the log level an operator runs with (the default, info: a line a request), read as it comes.
const server = await startBuiltServer({ SEED_DEMO: "1", LOG_LEVEL: "info" });
const { rps, failed: failedRequests } = await memoryLoad(server.url, LOAD_SECONDS);
const peak = peakRssMb(server.child.pid);
await server.stop();

console.log(`Server budgets on ${machine()}:`);
console.log(
  `  cold start ${medianCpu} ms of CPU, median of ${STARTS} (${startCpu.join(", ")} ms); budget ${budgets.coldStart.cpuMs} ms`,
);
console.log(`  the same starts on the clock: ${medianStart} ms, median (${starts.join(", ")} ms)`);
console.log(`  where a start's time goes (medians, ms since the process began): ${phaseText}`);
console.log(
  `  peak resident memory ${peak} MB from spawn through ${LOAD_SECONDS} s of GET / and /api/blog ` +
    `(${rps.join(" + ")} requests/s); budget ${budgets.peakRss.mb} MB`,
);

const broken = [];
if (failedRequests > 0)
  broken.push(`${failedRequests} requests of the load failed, so the memory figure does not count.`);
if (peak > budgets.peakRss.mb)
  broken.push(
    `Memory budget broken: the server's peak resident memory was ${peak} MB from spawn through ${LOAD_SECONDS} s of GET / and /api/blog on Node ${process.versions.node}, budget ${budgets.peakRss.mb} MB (budgets.json server.peakRss).`,
  );
if (medianCpu > budgets.coldStart.cpuMs)
  broken.push(
    `Cold-start budget broken: the server used ${medianCpu} ms of CPU (median of ${STARTS}) from spawn to healthy on an empty DATA_DIR on Node ${process.versions.node}, budget ${budgets.coldStart.cpuMs} ms (budgets.json server.coldStart).`,
  );
for (const sentence of broken) console.error(sentence);
process.exit(broken.length ? 1 : 0);
