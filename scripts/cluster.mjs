// npm run cluster [-- --instances N]: N production instances (default 2) on one fresh PostgreSQL
// database and a Redis key prefix of their own, behind Debian's nginx (round robin, rendered from
// deploy/nginx.conf.template like compose.yaml) and an SMTP sink counting mail. Loopback only.
// Also the library of tests/e2e/cluster.test.ts and scripts/bench-cluster.mjs (each instance is
// started by scripts/server-process.mjs, its database by scripts/scratch-database.mjs).
import { spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { scratchDatabase, scratchDir } from "./scratch-database.mjs";
import { ensureBuild, freePort, startBuiltServer } from "./server-process.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
export const MAIL_TO = "leads@cluster.test";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

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
  const dir = scratchDir("site-nginx-");
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

/**
 * A real SMTP server on loopback keeping every message it accepts (raw text) and when it accepted
 * the last one (performance.now()). Also the sink of scripts/bench-enquiries.mjs and
 * scripts/test-container.mjs.
 */
export async function startMailSink() {
  const { SMTPServer } = await import("smtp-server");
  const messages = [];
  let lastAt = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks = [];
      stream.on("data", (c) => chunks.push(c));
      stream.on("end", () => {
        messages.push(Buffer.concat(chunks).toString("utf8"));
        lastAt = performance.now();
        callback();
      });
    },
  });
  // An instance killed mid-delivery resets its connection: expected here, not a crash of the sink.
  server.on("error", () => {});
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    lastAt: () => lastAt,
    close: () => new Promise((r) => server.close(r)),
  };
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
  const database = await scratchDatabase(postgresUrl, "cluster");
  const mail = await startMailSink();
  const redisKeyPrefix = `cluster-${randomUUID()}:`;
  const shared = {
    DATABASE_URL: database.url,
    // One secrets key for every instance: each opens the secrets another sealed (docs/secrets-key.md).
    SECRETS_KEY: randomBytes(32).toString("base64"),
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
    const all = await Promise.allSettled(Array.from({ length: instances }, () => startBuiltServer(shared)));
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
        const instance = await startBuiltServer({ ...shared, ...overrides });
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
  ensureBuild();
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
