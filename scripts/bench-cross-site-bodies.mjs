// npm run bench:bodies: what cross-site posts of large bodies cost the server's memory. The
// production build on the embedded database: its resident memory at rest, then its peak while 20
// connections at once (`--posts=N`) each post a 16 MB (`--size=MB`) multipart body from another
// site (Origin: https://evil.example) to a public page (a form's address) and to an admin screen,
// both refused with 403 before the body is read (server/pages/form-bodies.ts: a body over 1 MB is
// not taken at all, its connection closed after the answer; a smaller one is drained unkept).
// `--base=DIR` also measures the build in DIR (a clone of another commit, built), one after the
// other. The peak is the kernel's own high-water mark (VmHWM, reset to the resting figure just
// before the posts), so no sample can miss it; exits 1 when this build's is over 10 MB above rest.
import { writeFileSync } from "node:fs";
import { connect } from "node:net";
import { machine, peakRssMb, rssMb } from "./bench-lib.mjs";
import { ensureBuild, startBuiltServer } from "./server-process.mjs";

const option = (name, fallback) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
const BASE = option("base", undefined);
const POSTS = Number(option("posts", 20));
const SIZE = Number(option("size", 16)) * 1024 * 1024;
const BOUNDARY = "----bench-cross-site-bodies";
const CHUNK = Buffer.alloc(64 * 1024, 0x61); // one buffer written again and again: the client stays small
const PATHS = ["/contact", "/admin/dashboard/blog/create/1"];

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One cross-site post of SIZE bytes on a connection of its own, written raw as fast as the server
 * takes it (Node's http client stops writing once an early answer has ended). Resolves with the
 * status it was answered, or "reset" when the connection was reset before one arrived.
 */
function crossSitePost(url, path) {
  return new Promise((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = connect(Number(port), hostname);
    let written = 0;
    let status;
    const endIfDone = () => {
      if (status !== undefined && written >= SIZE) socket.end();
    };
    socket.on("data", (chunk) => {
      if (status !== undefined) return;
      status = Number(/^HTTP\/1\.1 (\d{3})/.exec(chunk.toString("latin1"))?.[1]);
      endIfDone();
    });
    socket.on("error", () => {});
    socket.on("close", () => resolve({ status: status ?? "reset" }));
    const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`;
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: https://evil.example\r\nSec-Fetch-Site: cross-site\r\n` +
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${SIZE}\r\n\r\n${head}`,
    );
    written = Buffer.byteLength(head);
    const write = () => {
      while (written < SIZE && !socket.destroyed) {
        const piece = CHUNK.subarray(0, Math.min(CHUNK.length, SIZE - written));
        written += piece.length;
        if (!socket.write(piece)) return void socket.once("drain", write);
      }
      endIfDone();
    };
    write();
  });
}

/** Lowers the process's high-water mark to its resident memory now (proc(5), clear_refs 5). */
function resetPeak(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

async function measure(name, root) {
  const server = await startBuiltServer({}, { echo: true, root });
  try {
    const pid = server.child.pid;
    // A few pages first, then rest: the figure at rest is the memory a served site keeps.
    for (const path of ["/", "/contact", "/admin"]) await (await fetch(`${server.url}${path}`)).arrayBuffer();
    await sleep(3000);
    const idle = rssMb(pid);
    const reset = resetPeak(pid);
    let sampled = idle;
    const sampler = setInterval(() => {
      sampled = Math.max(sampled, rssMb(pid));
    }, 10);
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: POSTS }, (_, i) => crossSitePost(server.url, PATHS[i % PATHS.length])),
    );
    const ms = Math.round(performance.now() - started);
    await sleep(500);
    clearInterval(sampler);
    const peak = reset ? Math.max(peakRssMb(pid), sampled) : sampled;
    const after = rssMb(pid);
    const statuses = {};
    for (const { status } of answers) statuses[status] = (statuses[status] ?? 0) + 1;
    return { name, idle, peak, after, ms, statuses, reset };
  } finally {
    await server.stop();
  }
}

ensureBuild();
const results = [await measure("this build")];
if (BASE) results.push(await measure(BASE, BASE));

console.log(
  `\nMachine: ${machine()}; ${POSTS} cross-site posts of ${SIZE / 2 ** 20} MB at once (multipart, Origin: https://evil.example), to ${PATHS.join(" and ")}\n`,
);
console.log("| build | RSS at rest | peak RSS during the posts | peak − rest | after | answers | time |");
console.log("|---|---|---|---|---|---|---|");
for (const r of results)
  console.log(
    `| ${r.name} | ${r.idle} MB | ${r.peak} MB${r.reset ? "" : " (sampled every 10 ms)"} | ${r.peak - r.idle} MB | ${r.after} MB | ${Object.entries(
      r.statuses,
    )
      .map(([status, n]) => `${n}× ${status}`)
      .join(", ")} | ${r.ms} ms |`,
  );
const current = results[0];
if (current.peak - current.idle > 10) {
  console.error(
    `\nThe peak is ${current.peak - current.idle} MB over the resting figure (the target: within 10 MB).`,
  );
  process.exitCode = 1;
}
