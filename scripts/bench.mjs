// npm run bench: the production build on the embedded database, in one run on one machine:
// cold start (empty and existing DATA_DIR), idle and peak memory, requests/s and p99 for `/`,
// `/blog` and a post page against nginx serving the same bytes, and JavaScript per public page.
import { execSync, spawn } from "node:child_process";
import { load, machine, rssMb, sitemapPages } from "./bench-lib.mjs";
import { NGINX, rawGet, startNginx } from "./bench-nginx.mjs";
import { scriptKilobytesPerPage } from "./bench-pages.mjs";
import { scratchDir } from "./scratch-database.mjs";
import { ensureBuild, freePort, startBuiltServer } from "./server-process.mjs";

const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);

ensureBuild();

/** `npm start` to /api/healthz, as an operator starts it (npm's own start-up included). */
async function npmStartMs(dataDir) {
  const port = await freePort();
  const started = performance.now();
  const npm = spawn("npm", ["start"], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
    stdio: "ignore",
  });
  while (
    !(await fetch(`http://127.0.0.1:${port}/api/healthz`).then(
      (r) => r.ok,
      () => false,
    ))
  )
    await new Promise((r) => setTimeout(r, 10));
  const ms = Math.round(performance.now() - started);
  // npm → sh → node: stop the server itself; npm follows.
  const tree = (pid) => [
    pid,
    ...execSync(`pgrep -P ${pid} || true`)
      .toString()
      .split("\n")
      .filter(Boolean)
      .flatMap((c) => tree(Number(c))),
  ];
  const exited = new Promise((resolve) => npm.once("exit", resolve));
  for (const pid of tree(npm.pid).reverse()) process.kill(pid, "SIGTERM");
  await exited;
  return ms;
}

// Start times move with whatever else the machine does: the median of several starts, and the range.
const STARTS = 5;
const newDataDir = () => scratchDir("site-bench-");
const firstStarts = [];
for (let i = 0; i < STARTS; i++) firstStarts.push(await npmStartMs(newDataDir()));
const dataDir = newDataDir();
await npmStartMs(dataDir);
const restarts = [];
for (let i = 0; i < STARTS; i++) restarts.push(await npmStartMs(dataDir));
const seconds = (ms) => (ms / 1000).toFixed(2);
const startFigure = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `${seconds(sorted[Math.floor(sorted.length / 2)])} s (median of ${sorted.length}; ${seconds(sorted[0])}-${seconds(sorted.at(-1))} s)`;
};

// The load runs against the node process directly, so its memory is the server's alone.
const server = await startBuiltServer({ DATA_DIR: dataDir }, { echo: true });
await new Promise((r) => setTimeout(r, 2000));
const idleRss = rssMb(server.child.pid);
const posts = await (await fetch(`${server.url}/api/blog`)).json();
const postPath = `/blog/${posts.result?.[0]?._id ?? "none"}`;
const paths = ["/", "/blog", postPath];

const headers = { "accept-encoding": "br" };
const pages = [];
for (const p of paths) {
  const res = await rawGet(`${server.url}${p}`, headers);
  pages.push({
    path: p,
    status: res.status,
    body: res.body,
    type: res.headers["content-type"],
    encoding: res.headers["content-encoding"],
  });
}

let nginx;
let peakRss = idleRss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, rssMb(server.child.pid));
}, 50);
const rows = [];
let scripts;
try {
  nginx = await startNginx(pages);
  for (const page of pages) {
    const options = { connections: CONNECTIONS, headers, allowNon2xx: page.status !== 200 };
    await load(`${server.url}${page.path}`, { ...options, duration: 2 }); // warm-up
    const app = await load(`${server.url}${page.path}`, { ...options, duration: DURATION });
    const ref = nginx && (await load(`${nginx.url}${page.path}`, { ...options, duration: DURATION }));
    rows.push({ page, app, ref });
  }
  clearInterval(sampler);
  // Every public page, as the sitemap lists them; posts share one route: the first stands for them all.
  scripts = await scriptKilobytesPerPage(server.url, [...(await sitemapPages(server.url)), postPath]);
} finally {
  clearInterval(sampler);
  await nginx?.stop();
  await server.stop();
}

const label = (p) => (p === postPath ? "`/blog/{id}` (first post)" : `\`${p}\``);
console.log(`Machine: ${machine()}; ${CONNECTIONS} connections, ${DURATION} s per run, Accept-Encoding: br`);
console.log(`nginx: ${nginx ? NGINX : "not found (apt-get install nginx): no reference figures"}\n`);
console.log("| page | bytes sent | app requests/s | app p99 | nginx requests/s | nginx p99 | app / nginx |");
console.log("|---|---|---|---|---|---|---|");
for (const { page, app, ref } of rows)
  console.log(
    `| ${label(page.path)} | ${page.body.length} (${page.status}) | ${app.rps} | ${app.p99} ms | ${ref?.rps ?? "-"} | ${ref ? `${ref.p99} ms` : "-"} | ${ref ? (app.rps / ref.rps).toFixed(2) : "-"} |`,
  );
console.log("\n| measure | figure |\n|---|---|");
console.log(`| \`npm start\` to healthz, empty \`DATA_DIR\` | ${startFigure(firstStarts)} |`);
console.log(`| \`npm start\` to healthz, existing \`DATA_DIR\` | ${startFigure(restarts)} |`);
console.log(`| resident memory idle (2 s after start) | ${idleRss} MB |`);
console.log(`| resident memory peak under the load above | ${peakRss} MB |`);
if (scripts) {
  console.log("\n| page | JavaScript, first load (brotli) |\n|---|---|");
  for (const [p, kb] of Object.entries(scripts)) console.log(`| ${label(p)} | ${kb} KB |`);
}
