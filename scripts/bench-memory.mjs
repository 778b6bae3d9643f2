// npm run bench:memory: the memory budget's measure (budgets.json server.peakRss, which
// `npm run budget:server` guards with 15 s of load) as a benchmark: the production server started
// on an empty DATA_DIR (demo content on), its resident memory when healthy and a second later, then
// the peak (VmHWM, from spawn) through `--seconds=S` (default 60) of GET / and /api/blog and the
// requests a second each route took, `--runs=N` times (default 3). `--base=DIR` also runs the build
// in DIR (a clone of another commit, built), alternating the two so that a busy machine weighs on
// both alike.
import { machine, memoryLoad, peakRssMb, rssMb } from "./bench-lib.mjs";
import { ensureBuild, startBuiltServer } from "./server-process.mjs";

const option = (name, fallback) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
const RUNS = Number(option("runs", 3));
const SECONDS = Number(option("seconds", 60));
const BASE = option("base", undefined);

ensureBuild();
const builds = [{ name: "this build" }, ...(BASE ? [{ name: BASE, root: BASE }] : [])];
for (const build of builds) build.runs = [];
for (let i = 0; i < RUNS; i++)
  for (const build of builds) {
    const server = await startBuiltServer({ SEED_DEMO: "1", LOG_LEVEL: "info" }, { root: build.root });
    const pid = server.child.pid;
    const healthy = rssMb(pid);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const ready = rssMb(pid);
    const { rps, failed } = await memoryLoad(server.url, SECONDS);
    build.runs.push({ healthy, ready, peak: peakRssMb(pid), rps, failed });
    await server.stop();
  }

console.log(
  `Peak resident memory on ${machine()}, ${RUNS} runs each of ${SECONDS} s of GET / and /api/blog${BASE ? ", alternated" : ""}:`,
);
for (const { name, runs } of builds) {
  console.log(`  ${name}:`);
  for (const run of runs)
    console.log(
      `    peak ${run.peak} MB (resident ${run.healthy} MB when healthy, ${run.ready} MB a second later), ` +
        `${run.rps.join(" + ")} requests/s${run.failed ? `, ${run.failed} failed: not a figure` : ""}`,
    );
}
