// npm run bench:backup: `npm run backup` against a running server holding 1,000 posts with images
// (embedded database), while visitors send quotes: the quotes' p99 alone and during the backup,
// how long the backup takes and how large it is, and the server's memory peak meanwhile.
import { execFile } from "node:child_process";
import { statSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import autocannon from "autocannon";
import sharp from "sharp";
import { machine, quoteFor, rssMb } from "./bench-lib.mjs";
import { ensureBuild, signIn, startBuiltServer } from "./server-process.mjs";

const POSTS = Number(process.env.BENCH_POSTS ?? 1000);
const CONNECTIONS = 10;
const ADMIN = { email: "bench@example.co.uk", password: "bench-password-123" };
const QUOTE = quoteFor("Bench Quote");

ensureBuild();
const server = await startBuiltServer(
  { SEED_DEMO: "0", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ENQUIRY_RATE_LIMIT: "1000000" },
  { echo: true },
);
const json = { "content-type": "application/json" };
try {
  const headers = { authorization: `Bearer ${await signIn(server.url, ADMIN)}` };
  const paragraph = `<p>${"Food waste collected separately becomes biogas and digestate. ".repeat(12)}</p>`;
  const addPost = async (i) => {
    const png = await sharp({
      create: { width: 960, height: 600, channels: 3, background: { r: i % 255, g: 120, b: 80 } },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("image", new Blob([png], { type: "image/png" }), "bench.png");
    const image = await (
      await fetch(`${server.url}/api/admin/add-image`, { method: "POST", headers, body: form })
    ).json();
    const res = await fetch(`${server.url}/api/admin`, {
      method: "POST",
      headers: { ...headers, ...json },
      body: JSON.stringify({
        meta_data_title: `Backup bench ${i}`,
        title: `Organic waste, part ${i + 1}`,
        readTime: 3,
        template: 2,
        content: [
          { header: "", content: paragraph, img: image.data.id },
          { header: "Second", content: paragraph, img: null },
          { header: "Third", content: paragraph, img: null },
        ],
      }),
    });
    if (res.status !== 201) throw new Error(`post ${i}: ${res.status} ${await res.text()}`);
  };
  const seeding = performance.now();
  for (let i = 0; i < POSTS; i += 4)
    await Promise.all([0, 1, 2, 3].map((j) => i + j < POSTS && addPost(i + j)));
  console.log(`Seeded ${POSTS} posts with images in ${((performance.now() - seeding) / 1000).toFixed(0)} s`);

  const quotes = (duration) =>
    autocannon({
      url: `${server.url}/api/quote`,
      method: "POST",
      connections: CONNECTIONS,
      duration,
      headers: json,
      body: JSON.stringify(QUOTE),
    });
  await quotes(2);
  const alone = await quotes(8);

  let peak = rssMb(server.child.pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(server.child.pid));
  }, 50);
  const file = path.join(server.dataDir, "bench-backup.json");
  const started = performance.now();
  const backup = promisify(execFile)(process.execPath, ["scripts/data.mjs", "backup", "--file", file], {
    env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: "" },
  }).then(() => performance.now() - started);
  // Quotes for as long as the backup runs, in 2 s rounds.
  const during = [];
  let done = false;
  backup.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  while (!done) during.push(await quotes(2));
  const backupMs = await backup;
  clearInterval(sampler);
  const p99 = Math.max(...during.map((r) => r.latency.p99));
  const errors = during.reduce((sum, r) => sum + r.errors + r.non2xx, 0);
  const rps = Math.round(during.reduce((sum, r) => sum + r.requests.average, 0) / during.length);

  console.log(`\nMachine: ${machine()}; POST /api/quote under ${CONNECTIONS} connections\n`);
  console.log("| measure | figure |\n|---|---|");
  console.log(
    `| quotes alone: requests/s, p99 | ${Math.round(alone.requests.average)}, ${alone.latency.p99} ms |`,
  );
  console.log(
    `| quotes during the backup: requests/s, worst p99 of 2 s rounds, errors | ${rps}, ${p99} ms, ${errors} |`,
  );
  console.log(
    `| backup of ${POSTS} posts with images: time, size | ${(backupMs / 1000).toFixed(1)} s, ${(statSync(file).size / 2 ** 20).toFixed(1)} MB |`,
  );
  console.log(`| server's resident memory peak during the backup | ${peak} MB |`);
} finally {
  await server.stop();
}
