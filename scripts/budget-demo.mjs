// npm run budget:demo: shows that the budgets CI enforces (budgets.json, .ci/run) catch the changes
// issue 27 names. In a scratch git worktree of HEAD (this checkout is left alone) it makes them,
// builds, and runs the budget each must break:
// - 20 KB of JavaScript (brotli) added to the home page's module: `npm run budget:bytes`;
// - 100 MB held from the server's start: `npm run budget:server`;
// - with `--lighthouse`, also 100 ms of work as the home page's module evaluates and `<html>`
//   without `lang`: `npm run budget:lighthouse` (about 4 more minutes).
// Prints each budget's sentence; exits 1 when a budget let its change through. Takes 2-4 minutes.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const withLighthouse = process.argv.includes("--lighthouse");

/** Characters that brotli cannot shrink much: SHA-256 in counter mode, so the same bytes every run. */
function incompressible(length) {
  let text = "";
  for (let block = 0; text.length < length; block++)
    text += createHash("sha256").update(`budget-demo ${block}`).digest("base64url");
  return text.slice(0, length);
}

/** Edits `file` of the worktree: `change` gets its text and returns the new one. */
function edit(dir, file, change) {
  const target = path.join(dir, file);
  const before = readFileSync(target, "utf8");
  const after = change(before);
  if (after === before) throw new Error(`budget:demo could not change ${file}: has it moved?`);
  writeFileSync(target, after);
}

const run = (dir, command, args) =>
  spawnSync(command, args, { cwd: dir, encoding: "utf8", env: process.env, maxBuffer: 64 * 1024 * 1024 });

const dir = mkdtempSync(path.join(tmpdir(), "budget-demo-"));
const added = run(ROOT, "git", ["worktree", "add", "--detach", dir, "HEAD"]);
if (added.status !== 0) {
  console.error(`budget:demo needs a git checkout: ${added.stderr}`);
  process.exit(1);
}
let failed = false;
try {
  symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"));
  // About 27 KB of base64-like text: about 20 KB once brotli has done its best.
  edit(
    dir,
    "app/routes/home.tsx",
    (text) =>
      `${text}\n(globalThis as Record<string, unknown>).budgetDemoScript = "${incompressible(27_500)}";\n`,
  );
  edit(dir, "server/main.ts", (text) =>
    text.replace(
      "/** Production entry",
      "(globalThis as Record<string, unknown>).budgetDemoMemory = Buffer.alloc(100 * 1024 * 1024, 1);\n\n/** Production entry",
    ),
  );
  if (withLighthouse) {
    edit(
      dir,
      "app/routes/home.tsx",
      (text) => `${text}\n{ const until = performance.now() + 100; while (performance.now() < until); }\n`,
    );
    edit(dir, "app/root.tsx", (text) => text.replace(/<html lang="[^"]*"/, "<html"));
  }
  console.log(`budget:demo: building HEAD with the changes in ${dir}…`);
  const built = run(dir, "npm", ["run", "build"]);
  if (built.status !== 0) throw new Error(`the build failed:\n${built.stdout}${built.stderr}`);
  const budgets = [
    ["20 KB of JavaScript on the home page", "budget-bytes.mjs", []],
    ["100 MB held from the server's start", "budget-server.mjs", []],
    ...(withLighthouse
      ? [
          [
            "100 ms of work on the home page, <html> without lang",
            "bench-lighthouse.mjs",
            ["--budget", "--runs=3", "--pages=/"],
          ],
        ]
      : []),
  ];
  for (const [change, script, args] of budgets) {
    const result = run(dir, process.execPath, [path.join("scripts", script), ...args]);
    const sentences = result.stderr
      .split("\n")
      .filter((line) => line.includes("budget broken"))
      .join("\n  ");
    if (result.status === 1 && sentences) console.log(`${change}: caught (exit 1)\n  ${sentences}`);
    else {
      failed = true;
      console.error(`${change}: NOT caught (exit ${result.status})\n${result.stdout}${result.stderr}`);
    }
  }
} catch (error) {
  failed = true;
  console.error(`budget:demo: ${error.message}`);
} finally {
  run(ROOT, "git", ["worktree", "remove", "--force", dir]);
}
process.exit(failed ? 1 : 0);
