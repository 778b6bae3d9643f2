// npm run bench:pages: what rendering a public page costs once its words come from the admin's
// site content (issue 41), against the previous build in the same run. Each build is started on
// an empty embedded database (no demo content); this build's page documents are first published
// with a word changed in each (edited content, read from memory like the published ones), the
// base build shows its words from code. Every request asks for a page with a query the page
// cache does not keep (`?render=n`), so each one is a whole server render; the two builds are
// asked in turn, page by page, so a busy machine weighs on both alike. Medians and p90 in ms.
//
//   npm run bench:pages -- [--base=<commit>] [--head=<commit>] [--runs=N]
//
// `--base`: the commit to compare with (default: the one before the pages' words moved into the
// site content, 2766a51^); `--head`: the commit measured (default HEAD). Each is checked out in a
// git worktree under the system's temp directory and built there once (node_modules shared by a
// link), so the bench never touches ./build (the e2e tests' build).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { machine } from "./bench-lib.mjs";
import { signIn, startBuiltServer } from "./server-process.mjs";

const option = (name, fallback) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
const RUNS = Number(option("runs", 200));
const WARM = 20;
const PAGES = ["/", "/about", "/services", "/services/2", "/sustainability", "/contact"];
const ADMIN = { email: "bench@example.co.uk", password: "bench-password-123" };
const git = (...args) => execFileSync("git", args, { encoding: "utf8" }).trim();

/** A commit's build, in a worktree of its own (made and built once). */
function commitBuild(commit) {
  const sha = git("rev-parse", commit);
  const dir = path.join(tmpdir(), `bench-pages-${sha.slice(0, 12)}`);
  if (!existsSync(dir)) git("worktree", "add", "--detach", dir, sha);
  if (!existsSync(path.join(dir, "node_modules")))
    symlinkSync(path.resolve("node_modules"), path.join(dir, "node_modules"));
  if (!existsSync(path.join(dir, "build/server-app/main.js"))) {
    console.log(`Building ${sha.slice(0, 12)} in ${dir}…`);
    const built = spawnSync("npm", ["run", "build"], { cwd: dir, stdio: "inherit" });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  return { sha, dir };
}

/** Every page document published with one word changed: the pages render edited content. */
async function publishEdited(url) {
  const headers = { authorization: `Bearer ${await signIn(url, ADMIN)}`, "content-type": "application/json" };
  const all = await (await fetch(`${url}/api/admin/site`, { headers })).json();
  for (const document of all.result.filter((d) => d.key.startsWith("page-") || d.key === "footer")) {
    const edited = JSON.parse(JSON.stringify(document.published).replace(/\bthe\b/, "our"));
    const res = await fetch(`${url}/api/admin/site/${document.key}/publish`, {
      method: "POST",
      headers,
      body: JSON.stringify({ data: edited, baseVersion: document.version }),
    });
    if (!res.ok) throw new Error(`publishing ${document.key}: ${res.status} ${await res.text()}`);
  }
}

let n = 0;
/** One whole render of `page` (the query keeps it out of the page cache): milliseconds to the last byte. */
async function render(url, page) {
  const started = performance.now();
  const res = await fetch(`${url}${page}?render=${++n}`);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${page}: ${res.status}`);
  return performance.now() - started;
}

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 100) / 100;
};

const base = commitBuild(option("base", "2766a51^"));
const head = commitBuild(option("head", "HEAD"));
const env = { SEED_DEMO: "0", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
const builds = [
  { name: `base ${base.sha.slice(0, 7)}`, server: await startBuiltServer(env, { root: base.dir }) },
  { name: `${head.sha.slice(0, 7)} (edited)`, server: await startBuiltServer(env, { root: head.dir }) },
];
try {
  await publishEdited(builds[1].server.url);
  const times = builds.map(() => Object.fromEntries(PAGES.map((page) => [page, []])));
  for (const page of PAGES)
    for (let i = 0; i < WARM; i++) for (const build of builds) await render(build.server.url, page);
  for (let run = 0; run < RUNS; run++)
    // Alternating which build goes first, so neither always follows the other's garbage.
    for (const page of PAGES)
      for (const b of run % 2 ? [1, 0] : [0, 1])
        times[b][page].push(await render(builds[b].server.url, page));
  console.log(`${machine()}; ${RUNS} renders a page a build, alternating`);
  console.log(`| page | ${builds.map((b) => `${b.name} median / p90 ms`).join(" | ")} |`);
  console.log(`|---|${builds.map(() => "---").join("|")}|`);
  for (const page of PAGES)
    console.log(
      `| ${page} | ${times.map((t) => `${quantile(t[page], 0.5)} / ${quantile(t[page], 0.9)}`).join(" | ")} |`,
    );
  const all = times.map((t) => Object.values(t).flat());
  console.log(`| all | ${all.map((t) => `${quantile(t, 0.5)} / ${quantile(t, 0.9)}`).join(" | ")} |`);
} finally {
  await Promise.all(builds.map((build) => build.server.stop()));
}
