// npm run bench:blog: requests/s and p99 latency of the landing page, /blog, a post page and
// GET /api/blog with 10 posts and then with 1,000 (each with an image), on the production build.
// Embedded database, then PostgreSQL unless BENCH_SKIP_POSTGRES=1 (a scratch database on the server
// of BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres).
import { loadavg } from "node:os";
import sharp from "sharp";
import { load, machine, onEachDatabase } from "./bench-lib.mjs";
import { ensureBuild, signIn, startBuiltServer } from "./server-process.mjs";

const ADMIN = { email: "bench@example.co.uk", password: "bench-password-123" };
const BROWSER = { "accept-encoding": "gzip, deflate, br" };
const PARAGRAPH = `<p>${"Food waste collected separately becomes biogas and digestate for local farms. ".repeat(14)}</p>`;

const authorization = async (url) => ({ authorization: `Bearer ${await signIn(url, ADMIN)}` });

/** Adds posts `from`..`to`-1 like an office would write them: template 1..5, one picture each. */
async function addPosts(url, auth, from, to) {
  const ids = [];
  for (let i = from; i < to; i++) {
    const png = await sharp({
      create: { width: 960, height: 600, channels: 3, background: { r: (i * 37) % 255, g: 130, b: 90 } },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("image", new Blob([png], { type: "image/png" }), "post.png");
    const upload = await fetch(`${url}/api/admin/add-image`, { method: "POST", headers: auth, body: form });
    const image = (await upload.json()).data.id;
    const template = (i % 5) + 1;
    const slot = template === 5 || template === 2 || template === 3 ? 0 : 1;
    const res = await fetch(`${url}/api/admin`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({
        meta_data_title: `Organic waste note ${i + 1}`,
        title: `Organic waste and anaerobic digestion, note ${i + 1}`,
        readTime: 4,
        template,
        content: [0, 1, 2].map((p) => ({
          header: p === 0 ? "" : `Part ${p + 1}`,
          content: PARAGRAPH,
          img: p === slot ? image : null,
          alt: p === slot ? "A collection lorry at a packhouse" : "",
        })),
      }),
    });
    if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
    ids.push((await res.json()).result._id);
  }
  return ids;
}

async function measure(url, label, posts, postId) {
  const targets = [
    ["/ (newest 3 posts)", "/"],
    ["/blog (page 1 of cards)", "/blog"],
    ["/blog/{id} (post page)", `/blog/${postId}`],
    ["GET /api/blog (every post)", "/api/blog"],
    ["GET /api/blog?page=1&fields=summary", "/api/blog?page=1&fields=summary"],
  ];
  const rows = [];
  for (const [name, path] of targets) {
    const body = await (await fetch(`${url}${path}`)).arrayBuffer();
    await load(`${url}${path}`, { duration: 2, headers: BROWSER });
    const { rps, p99 } = await load(`${url}${path}`, { headers: BROWSER });
    rows.push({
      database: label,
      posts,
      request: name,
      "req/s": rps,
      "p99 ms": p99,
      "body KB": Math.round(body.byteLength / 1024),
    });
  }
  return rows;
}

async function benchDatabase(label, env) {
  const server = await startBuiltServer(
    { SEED_DEMO: "0", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...env },
    { echo: true },
  );
  try {
    const auth = await authorization(server.url);
    const first = await addPosts(server.url, auth, 0, 10);
    const rows = await measure(server.url, label, 10, first[5]);
    process.stderr.write(`${label}: adding 990 posts…\n`);
    await addPosts(server.url, await authorization(server.url), 10, 1000);
    // The same post, now deep in the list.
    rows.push(...(await measure(server.url, label, 1000, first[5])));
    return rows;
  } finally {
    await server.stop();
  }
}

ensureBuild();
const loadAtStart = loadavg()[0].toFixed(1);
const rows = (await onEachDatabase(benchDatabase)).flat();
// Other work on the machine skews every figure: say how busy it was.
const busy = `load average ${loadAtStart} at the start, ${loadavg()[0].toFixed(1)} at the end`;
console.log(`\n${machine()}; ${busy}; 20 connections, 8 s per request after a 2 s warm-up\n`);
console.table(rows);
