// npm run bench:api: requests/s and p99 latency of the public content API (blog list with 10
// posts, one post, one image) on the embedded database and on PostgreSQL, against the
// production build. PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test);
// a dedicated database is created and dropped. Set BENCH_SKIP_POSTGRES=1 to skip it. Each row
// gives the server's resident memory peak during its load (sampled every 50 ms).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import sharp from "sharp";
import { rssMb } from "./bench-lib.mjs";
import { SERVER_COMMAND, SERVER_ENV } from "./server-process.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 3197);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const ADMIN = { email: "bench@example.co.uk", password: "bench-password-123" };
const base = `http://127.0.0.1:${PORT}`;

if (!existsSync("build/server-app/main.js")) {
  const built = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

async function startServer(env) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-api-"));
  const child = spawn(process.execPath, SERVER_COMMAND, {
    env: {
      ...process.env,
      ...SERVER_ENV,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_DEMO: "0",
      LOG_LEVEL: "warn",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/api/healthz`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    pid: child.pid,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function seed() {
  const login = await fetch(`${base}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  const { auth } = await login.json();
  const headers = { authorization: `Bearer ${auth}` };
  let postId;
  let imageId;
  for (let i = 0; i < 10; i++) {
    const png = await sharp({
      create: { width: 1200, height: 800, channels: 3, background: { r: 20 * i, g: 120, b: 80 } },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("image", new Blob([png], { type: "image/png" }), "bench.png");
    imageId = (
      await (await fetch(`${base}/api/admin/add-image`, { method: "POST", headers, body: form })).json()
    ).data.id;
    const paragraph = `<p>${"Food waste collected separately becomes biogas and digestate. ".repeat(20)}</p>`;
    const post = {
      meta_data_title: `Benchmark post ${i}`,
      title: `Organic waste and anaerobic digestion, part ${i + 1}`,
      readTime: 4,
      template: 1,
      content: [
        { header: "", content: paragraph, img: null },
        { header: "Second", content: paragraph, img: imageId },
        { header: "Third", content: paragraph, img: null },
      ],
    };
    const res = await fetch(`${base}/api/admin`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify(post),
    });
    postId = (await res.json()).result._id;
  }
  return { postId, imageId };
}

function run(url, headers = {}, duration = DURATION) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, headers }, (error, result) => {
      if (error) reject(error);
      else resolve(result);
    });
  });
}

async function benchDatabase(label, env) {
  const server = await startServer(env);
  try {
    const { postId, imageId } = await seed();
    const targets = [
      ["GET /api/blog (10 posts)", `${base}/api/blog`, { "accept-encoding": "br" }],
      ["GET /api/blog/:id", `${base}/api/blog/${postId}`, { "accept-encoding": "br" }],
      ["GET image (png original)", `${base}/api/blog/blog-image/${imageId}`, {}],
      ["GET image ?w=480 (webp)", `${base}/api/blog/blog-image/${imageId}?w=480`, {}],
    ];
    const rows = [];
    for (const [name, url, headers] of targets) {
      // The first pass warms caches (and makes the WebP rendition); the second is measured.
      await run(url, headers, 2);
      let peak = rssMb(server.pid);
      const sampler = setInterval(() => {
        peak = Math.max(peak, rssMb(server.pid));
      }, 50);
      const result = await run(url, headers).finally(() => clearInterval(sampler));
      if (result.non2xx) throw new Error(`${name}: ${result.non2xx} non-2xx answers`);
      rows.push({
        database: label,
        request: name,
        "req/s": Math.round(result.requests.average),
        "p99 ms": result.latency.p99,
        "RSS peak MB": peak,
      });
    }
    return rows;
  } finally {
    await server.stop();
  }
}

const rows = await benchDatabase("PGlite", {});
if (process.env.BENCH_SKIP_POSTGRES !== "1") {
  const name = `bench_api_${process.pid}`;
  const adminClient = new pg.Client({ connectionString: PG_URL });
  await adminClient.connect();
  await adminClient.query(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  try {
    rows.push(...(await benchDatabase("PostgreSQL", { DATABASE_URL: url.toString() })));
  } finally {
    await adminClient.query(`drop database if exists ${name} with (force)`);
    await adminClient.end();
  }
}
console.log(
  `\n${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, Node ${process.version}, ${CONNECTIONS} connections, ${DURATION} s each\n`,
);
console.table(rows);
