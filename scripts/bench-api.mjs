// npm run bench:api: requests/s and p99 latency of the public content API (blog list with 10
// posts, one post, one image) on the embedded database and on PostgreSQL, against the
// production build. PostgreSQL: a scratch database on the server of BENCH_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres); BENCH_SKIP_POSTGRES=1 skips it. Each row gives the
// server's resident memory peak during its load (sampled every 50 ms).
import os from "node:os";
import autocannon from "autocannon";
import sharp from "sharp";
import { onEachDatabase, rssMb } from "./bench-lib.mjs";
import { ensureBuild, signIn, startBuiltServer } from "./server-process.mjs";

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ADMIN = { email: "bench@example.co.uk", password: "bench-password-123" };

ensureBuild();

async function seed(base) {
  const headers = { authorization: `Bearer ${await signIn(base, ADMIN)}` };
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
  const server = await startBuiltServer(
    { SEED_DEMO: "0", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...env },
    { echo: true },
  );
  const base = server.url;
  const pid = server.child.pid;
  try {
    const { postId, imageId } = await seed(base);
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
      let peak = rssMb(pid);
      const sampler = setInterval(() => {
        peak = Math.max(peak, rssMb(pid));
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

const rows = (await onEachDatabase(benchDatabase)).flat();
console.log(
  `\n${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, Node ${process.version}, ${CONNECTIONS} connections, ${DURATION} s each\n`,
);
console.table(rows);
