// How the production server process runs, and the one way `npm start`, the cluster, the benchmarks
// and the browser and process tests build it when missing (ensureBuild), start it
// (startBuiltServer) and sign in to it (signIn). Node's flags and the allocator's settings come
// from scripts/node-flags.mjs, the one place that names them.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SERVER_ENV, SERVER_NODE_ARGS } from "./node-flags.mjs";
import { scratchDir } from "./scratch-database.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** A free TCP port on loopback (for a server, an SMTP sink, nginx). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export { SERVER_ENV, SERVER_NODE_ARGS };
export const SERVER_ENTRY = "build/server-app/main.js";
/** spawn(process.execPath, SERVER_COMMAND, { env: { ...SERVER_ENV, … } }) */
export const SERVER_COMMAND = [...SERVER_NODE_ARGS, SERVER_ENTRY];

/** Builds the app (`npm run build`) when there is no production build, or when `force` asks. */
export function ensureBuild({ force = false } = {}) {
  const built = ["build/server/index.js", SERVER_ENTRY].every((file) => existsSync(path.join(ROOT, file)));
  if (built && !force) return;
  if (!built) console.log("No production build yet: building (about a minute)…");
  const result = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * Starts build/server-app/main.js on a free loopback port and resolves once /api/healthz answers.
 * The server gets only the environment given: never the caller's DATABASE_URL, REDIS_URL or
 * SMTP_URL. DATA_DIR is the one given, or a scratch directory removed when the server exits.
 * `echo`: also copy the server's output to this process's stderr (the benchmarks show warnings).
 * `root`: the checkout whose build runs (a benchmark's base: another commit, built).
 * Throws, with the server's output, when it exits or is not healthy within `timeoutMs`.
 */
export async function startBuiltServer(env = {}, { echo = false, timeoutMs = 60_000, root = ROOT } = {}) {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? scratchDir("site-server-");
  const childEnv = {
    ...process.env,
    ...SERVER_ENV,
    DATABASE_URL: undefined,
    REDIS_URL: undefined,
    SMTP_URL: undefined,
    LOG_LEVEL: "warn",
    HOST: "127.0.0.1",
    ...env,
    DATA_DIR: dataDir,
    PORT: String(port),
  };
  // PostgreSQL needs a secrets key (docs/secrets-key.md): one derived from the database's URL, so
  // instances started on one database share it (startCluster gives its instances one of its own).
  if (childEnv.DATABASE_URL && !childEnv.SECRETS_KEY && !childEnv.SECRETS_KEY_FILE)
    childEnv.SECRETS_KEY = createHash("sha256")
      .update(`secrets-key:${childEnv.DATABASE_URL}`)
      .digest("base64");
  for (const key of Object.keys(childEnv)) if (childEnv[key] === undefined) delete childEnv[key];
  const started = performance.now();
  const child = spawn(process.execPath, SERVER_COMMAND, { cwd: root, env: childEnv });
  let output = "";
  const keep = (chunk) => {
    output += chunk;
    if (echo) process.stderr.write(chunk);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const exited = new Promise((resolve) =>
    child.once("exit", (code, signal) => {
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
      resolve(code ?? signal);
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited during start:\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not become healthy:\n${output}`);
    }
    try {
      if ((await fetch(`${url}/api/healthz`)).ok) break;
    } catch {}
    // Asked every 10 ms: the start's time (startMs, the cold-start budget) is off by 10 ms at most.
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return {
    url,
    port,
    dataDir,
    child,
    startMs: Math.round(performance.now() - started),
    exited,
    output: () => output,
    stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Signs in through POST /api/admin/login of a running server; the session token. */
export async function signIn(url, { email, password }) {
  const res = await fetch(`${url}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in as ${email} failed: ${res.status} ${await res.text()}`);
  return (await res.json()).auth;
}

/** CPU milliseconds a process has used: user + system, its own and its reaped children's. */
export function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  // Fields 14-17 of proc(5) (utime, stime, cutime, cstime), in clock ticks of 10 ms.
  return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) * 10;
}

/**
 * One cold start of the build in `root` on an empty DATA_DIR, as an operator's first start (demo
 * content on): milliseconds from spawn to a healthy /api/healthz, the CPU time the server spent
 * meanwhile, and where its time went (`startedAt`, logged by server/server.ts since its process
 * began; absent from builds older than that log).
 */
export async function coldStart(root = ROOT) {
  const server = await startBuiltServer({ SEED_DEMO: "1", LOG_LEVEL: "info", LOG_FORMAT: "json" }, { root });
  const cpu = cpuMs(server.child.pid);
  await server.stop();
  const line = server
    .output()
    .split("\n")
    .find((l) => l.includes('"startedAt"'));
  return { ms: server.startMs, cpuMs: cpu, startedAt: line ? JSON.parse(line).startedAt : undefined };
}
