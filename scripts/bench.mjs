// npm run bench: the production build on the embedded database: cold start to healthz, memory
// after start and after load, and requests/s with p99 latency for / and /api/healthz.
import { ensureBuild, load, machine, rssMb, startServer } from "./bench-lib.mjs";

ensureBuild();
// First start on an empty DATA_DIR (initdb, migrations, demo content), then a restart on it.
const first = await startServer({ SEED_DEMO: "1" });
const rssFirst = rssMb(first.child.pid);
await first.stop();
const server = await startServer({ SEED_DEMO: "1", DATA_DIR: first.dataDir });
const rssStart = rssMb(server.child.pid);
await load(`${server.url}/`, { duration: 2 }); // warm-up
const home = await load(`${server.url}/`);
const health = await load(`${server.url}/api/healthz`);
const rssLoad = rssMb(server.child.pid);
await server.stop();

console.log(`Machine: ${machine()}`);
console.log(
  `First start to healthz (empty DATA_DIR: initdb, migrations, demo content): ${first.startMs} ms, ${rssFirst} MB resident`,
);
console.log(`Restart to healthz (existing DATA_DIR): ${server.startMs} ms`);
console.log(`Resident memory: ${rssStart} MB after restart, ${rssLoad} MB after load`);
console.log("| path | requests/s | p99 latency |");
console.log("|---|---|---|");
console.log(`| / | ${home.rps} | ${home.p99} ms |`);
console.log(`| /api/healthz | ${health.rps} | ${health.p99} ms |`);
