// npm run bench:cold-start: the production server's first start on an empty DATA_DIR (demo content
// on, durable writes), spawn to a healthy /api/healthz, `--runs=N` times (default 9): the medians
// on the clock and in CPU time, and where a start's time goes (startedAt, logged by the server).
// `--base=DIR` also starts the build in DIR (a clone of another commit, built), alternating the two
// so that a busy machine weighs on both alike. `npm run budget:server` guards the CPU time in CI.
import { machine } from "./bench-lib.mjs";
import { coldStart, ensureBuild } from "./server-process.mjs";

const option = (name, fallback) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
const RUNS = Number(option("runs", 9));
const BASE = option("base", undefined);

ensureBuild();
const builds = [{ name: "this build" }, ...(BASE ? [{ name: BASE, root: BASE }] : [])];
for (const build of builds) build.starts = [];
for (let i = 0; i < RUNS; i++) for (const build of builds) build.starts.push(await coldStart(build.root));

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`Cold starts on ${machine()}, ${RUNS} each${BASE ? ", alternated" : ""}:`);
for (const { name, starts } of builds) {
  const ms = starts.map((s) => s.ms);
  const cpu = starts.map((s) => s.cpuMs);
  console.log(
    `  ${name}: ${median(ms)} ms on the clock (${ms.join(", ")}), ${median(cpu)} ms of CPU (${cpu.join(", ")})`,
  );
  const phases = starts.map((s) => s.startedAt).filter(Boolean);
  if (phases.length)
    console.log(
      `    medians, ms since the process began: ${Object.keys(phases[0])
        .map((phase) => `${phase} ${median(phases.map((p) => p[phase]))}`)
        .join(", ")}`,
    );
}
