// node scripts/run-quietly.mjs <command…>: runs a command, passing its output through except the
// lines of upstream noise below, and exits with its code.
//
// React Router's plugin starts its config loader and child compilers with `envFile: false`, which
// Vite 8 reports as deprecated once per compiler (five to nine times a build). No setting of ours
// can answer it; it goes when React Router stops passing the option.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

const NOISE = [/The `envFile` option is deprecated, please use `envDir: false` instead\./];

const [command, ...args] = process.argv.slice(2);
const child = spawn(command, args, {
  stdio: ["inherit", "pipe", "pipe"],
  shell: process.platform === "win32",
});
for (const [from, to] of [
  [child.stdout, process.stdout],
  [child.stderr, process.stderr],
]) {
  createInterface({ input: from, crlfDelay: Number.POSITIVE_INFINITY }).on("line", (line) => {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes around the message
    if (!NOISE.some((noise) => noise.test(line.replace(/\u001b\[[\d;]*m/g, "")))) to.write(`${line}\n`);
  });
}
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
