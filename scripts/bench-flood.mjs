// npm run bench:flood: the page cache under a flood of made-up paths (each used to cost a render,
// a CSS pass and brotli 11, and to evict real pages; the catch-all now answers them all from one
// entry). Production build, embedded database: `/` alone, then while 20 more connections ask for
// a new made-up path each time; afterwards the real pages (the sitemap's) must still be served
// from the cache.
import autocannon from "autocannon";
import { load, machine, rssMb, sitemapPages } from "./bench-lib.mjs";
import { ensureBuild, startBuiltServer } from "./server-process.mjs";

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 20;

ensureBuild();
const server = await startBuiltServer({}, { echo: true });
const headers = { "accept-encoding": "br" };
try {
  const real = await sitemapPages(server.url);
  for (const path of real) await fetch(`${server.url}${path}`, { headers });
  await load(`${server.url}/`, { connections: CONNECTIONS, duration: 2, headers });
  const alone = await load(`${server.url}/`, { connections: CONNECTIONS, duration: DURATION, headers });

  let n = 0;
  let peak = rssMb(server.child.pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(server.child.pid));
  }, 50);
  const flood = autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration: DURATION,
    headers,
    requests: [{ setupRequest: (request) => ({ ...request, path: `/made-up-${n++}` }) }],
  });
  const during = await load(`${server.url}/`, { connections: CONNECTIONS, duration: DURATION, headers });
  const flooded = await flood;
  clearInterval(sampler);

  const after = [];
  for (const path of real)
    after.push(`${path} ${(await fetch(`${server.url}${path}`, { headers })).headers.get("x-page-cache")}`);
  console.log(
    `Machine: ${machine()}; ${CONNECTIONS} connections for / and ${CONNECTIONS} for the flood, ${DURATION} s\n`,
  );
  console.log("| measure | figure |\n|---|---|");
  console.log(`| \`/\` alone: requests/s, p99 | ${alone.rps}, ${alone.p99} ms |`);
  console.log(`| \`/\` during the flood: requests/s, p99 | ${during.rps}, ${during.p99} ms |`);
  console.log(`| flood: made-up paths asked, answers/s | ${n}, ${Math.round(flooded.requests.average)} |`);
  console.log(`| real pages after the flood (x-page-cache) | ${after.join(", ")} |`);
  console.log(`| resident memory peak during the flood | ${peak} MB |`);
} finally {
  await server.stop();
}
