// Shared helpers for the benchmark scripts: start the production build, sample memory, load it.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { freePort, SERVER_COMMAND, SERVER_ENV } from "./server-process.mjs";

/** A valid quote (CONTRACT's shape) for the scripts that send them; `name` is the contact's. */
export const quoteFor = (name = "Bench Lead", email = "bench@example.co.uk") => ({
  businessType: "Farming",
  wasteType: "Vegetable peelings",
  frequency: "Fortnightly",
  location: "PE1 5XG",
  contact: { name, email, phone: "01733 222 333" },
});

export function ensureBuild() {
  if (existsSync("build/server/index.js") && existsSync("build/server-app/main.js")) return;
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

export { freePort };

export const machine = () =>
  `${cpus().length} cores (${cpus()[0]?.model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}`;

/** Resident memory of a process in MB (Linux /proc). */
export function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** Starts build/server-app/main.js; resolves once /api/healthz answers, with the start time in ms. */
export async function startServer(env = {}) {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "site-bench-"));
  const started = performance.now();
  const child = spawn(process.execPath, SERVER_COMMAND, {
    env: {
      ...process.env,
      ...SERVER_ENV,
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error("server exited during start");
    try {
      if ((await fetch(`${url}/api/healthz`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  const startMs = Math.round(performance.now() - started);
  return {
    url,
    child,
    dataDir,
    startMs,
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", resolve);
        child.kill("SIGTERM");
      }),
  };
}

/** Runs autocannon and returns requests/s (mean) and p99 latency (ms). */
export async function load(url, options = {}) {
  const { allowNon2xx, ...rest } = options;
  const result = await autocannon({ url, connections: 20, duration: 8, ...rest });
  if (result.non2xx > 0 && !allowNon2xx) throw new Error(`${url}: ${result.non2xx} non-2xx answers`);
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, errors: result.errors };
}
