// npm run cluster [-- --instances N]: N production instances (default 2) on one fresh PostgreSQL
// database and a Redis key prefix of their own, behind Debian's nginx (round robin, rendered from
// deploy/nginx.conf.template like compose.yaml) and an SMTP sink counting mail. Loopback only.
// Also the library of tests/e2e/cluster*.test.ts and scripts/bench-cluster.mjs.
import { spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";
import { freePort, SERVER_COMMAND, SERVER_ENV } from "./server-process.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
export const MAIL_TO = "leads@cluster.test";

export { freePort };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A new, empty database on the PostgreSQL server of `serverUrl`; drop() removes it. */
export async function createDatabase(serverUrl) {
  const name = `cluster_${randomUUID().replaceAll("-", "")}`;
  const run = async (statement) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/** Starts build/server-app/main.js on a free port; resolves once /api/healthz answers. */
export async function startInstance(env = {}) {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "site-instance-"));
  // Only what is given: never the caller's own database, Redis or mail server.
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
  for (const key of Object.keys(childEnv)) if (childEnv[key] === undefined) delete childEnv[key];
  const child = spawn(process.execPath, SERVER_COMMAND, { cwd: ROOT, env: childEnv });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise((resolve) =>
    child.once("exit", (code, signal) => {
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
      resolve(code ?? signal);
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instance exited during start:\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`instance did not become healthy:\n${output}`);
    }
    try {
      if ((await fetch(`${url}/api/healthz`)).ok) break;
    } catch {}
    await sleep(100);
  }
  return {
    url,
    port,
    child,
    exited,
    output: () => output,
    stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** deploy/nginx.conf.template with its ${NAME} placeholders filled in. */
export function renderNginxTemplate(values) {
  const template = readFileSync(path.join(ROOT, "deploy/nginx.conf.template"), "utf8");
  return template.replace(/\$\{(NGINX_[A-Z_]+)\}/g, (_m, name) => values[name] ?? "");
}

async function waitForPort(port, isAlive) {
  for (let i = 0; i < 100; i++) {
    if (!isAlive()) throw new Error("nginx exited during start");
    const open = await new Promise((resolve) => {
      const socket = connect(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    await sleep(50);
  }
  throw new Error("nginx did not open its port");
}

/** Debian's nginx as a round-robin balancer over the instances' ports, as an unprivileged user. */
export async function startBalancer(ports) {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: apt-get install nginx-light`);
  const dir = mkdtempSync(path.join(tmpdir(), "site-nginx-"));
  mkdirSync(path.join(dir, "temp"));
  const port = await freePort();
  const site = renderNginxTemplate({
    NGINX_PORT: `127.0.0.1:${port}`,
    NGINX_UPSTREAM_SERVERS: ports.map((p) => `server 127.0.0.1:${p};`).join("\n  "),
  });
  writeFileSync(path.join(dir, "site.conf"), site);
  writeFileSync(
    path.join(dir, "nginx.conf"),
    `pid ${dir}/nginx.pid;
error_log stderr warn;
worker_processes 1;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/temp/body;
  proxy_temp_path ${dir}/temp/proxy;
  fastcgi_temp_path ${dir}/temp/fastcgi;
  uwsgi_temp_path ${dir}/temp/uwsgi;
  scgi_temp_path ${dir}/temp/scgi;
  include ${dir}/site.conf;
}
`,
  );
  const child = spawn(NGINX, ["-e", "stderr", "-p", dir, "-c", `${dir}/nginx.conf`, "-g", "daemon off;"]);
  let output = "";
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  await waitForPort(port, () => child.exitCode === null).catch((error) => {
    throw new Error(`${error.message}:\n${output}`);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill("SIGQUIT");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A real SMTP server on loopback keeping every message it accepts (raw text). */
export async function startMailSink() {
  const { SMTPServer } = await import("smtp-server");
  const messages = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks = [];
      stream.on("data", (c) => chunks.push(c));
      stream.on("end", () => {
        messages.push(Buffer.concat(chunks).toString("utf8"));
        callback();
      });
    },
  });
  // An instance killed mid-delivery resets its connection: expected here, not a crash of the sink.
  server.on("error", () => {});
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { url: `smtp://127.0.0.1:${port}`, messages, close: () => new Promise((r) => server.close(r)) };
}

async function clearRedisPrefix(redisUrl, prefix) {
  const { Redis } = await import("ioredis");
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } catch {
  } finally {
    redis.disconnect();
  }
}

/**
 * N instances started at the same moment on a fresh database (`postgresUrl` names the server),
 * Redis under a key prefix of their own, an SMTP sink, and nginx in front.
 */
export async function startCluster({ instances = 2, postgresUrl, redisUrl, env = {} }) {
  if (!postgresUrl || !redisUrl) throw new Error("startCluster needs a PostgreSQL and a Redis URL");
  const database = await createDatabase(postgresUrl);
  const mail = await startMailSink();
  const redisKeyPrefix = `cluster-${randomUUID()}:`;
  const shared = {
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: redisKeyPrefix,
    SMTP_URL: mail.url,
    MAIL_TO,
    TRUST_PROXY: "1",
    ...env,
  };
  const started = [];
  const extra = [];
  const cleanUp = async () => {
    await Promise.all([...started, ...extra].map((instance) => instance.stop("SIGKILL")));
    await mail.close();
    await database.drop().catch(() => {});
    await clearRedisPrefix(redisUrl, redisKeyPrefix);
  };
  try {
    const all = await Promise.allSettled(Array.from({ length: instances }, () => startInstance(shared)));
    for (const result of all) if (result.status === "fulfilled") started.push(result.value);
    const failed = all.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;
    const balancer = await startBalancer(started.map((instance) => instance.port));
    return {
      url: balancer.url,
      instances: started,
      balancer,
      mail,
      databaseUrl: database.url,
      redisKeyPrefix,
      env: shared,
      /** One more instance on the same database and Redis, outside the balancer. */
      startInstance: async (overrides = {}) => {
        const instance = await startInstance({ ...shared, ...overrides });
        extra.push(instance);
        return instance;
      },
      async stop() {
        await balancer.stop();
        await Promise.all([...started, ...extra].map((instance) => instance.stop()));
        await cleanUp();
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { values } = parseArgs({ options: { instances: { type: "string", default: "2" } } });
  if (!existsSync(path.join(ROOT, "build/server-app/main.js"))) {
    const build = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const cluster = await startCluster({
    instances: Number(values.instances),
    postgresUrl: process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
    redisUrl: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
    env: { LOG_LEVEL: "info" },
  });
  console.log(`Balancer: ${cluster.url}  (instances: ${cluster.instances.map((i) => i.url).join(", ")})`);
  console.log(`Database: ${cluster.databaseUrl}  mail sink: ${cluster.mail.url}. Ctrl+C stops and drops it.`);
  const stop = () => cluster.stop().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
