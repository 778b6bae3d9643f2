// The one place that says how Node runs the server and the commands that open its database: V8 and
// allocator settings that must hold from the process's first instruction, so they go on node's
// command line (set at run time with v8.setFlagsFromString, Node 24 ignores them once the
// WebAssembly engine is up). `npm start`, the container (build/server-app/start.js, bundled from
// scripts/launch-server.mjs), `npm run admin`, the data commands, the browser tests, the cluster
// and the benchmarks all start node through here. Measured in docs/decisions/0016-memory-budget.md
// and 0026-budgets.md.
//
// - `--liftoff-only`: PGlite's WebAssembly is compiled by V8's baseline compiler only. Without it
//   V8 recompiles the hot functions with its optimising tier in the background after the server is
//   ready, and the process passes 700 MB for a few seconds on Node 24 (177 MB with it); the site's
//   queries run as fast within noise.
// - `--max-semi-space-size=4`: V8's young generation grows to 16 MB semi-spaces under load and
//   keeps them (about 100 MB more resident under GET /api/blog load); 4 MB costs no throughput.
// - `--no-maglev`: V8's mid-tier compiler is left out; hot code goes from the baseline tiers straight
//   to the optimising one. Under a minute of load on / and /api/blog Maglev's code and compile
//   memory kept the peak 13-18 MB higher (194-201 MB against 178-182) for no more requests a
//   second, and a cold start takes as long without it (decision 0037).
// - `MALLOC_ARENA_MAX=2`: glibc keeps two malloc arenas, not one per thread (libvips, zlib).
// - `MALLOC_MMAP_THRESHOLD_=65536`: blocks of 64 KB and more (brotli windows, query results,
//   image buffers) are mapped and returned when freed, not kept in the heap (about 50 MB).
import { spawn } from "node:child_process";

export const SERVER_NODE_ARGS = ["--liftoff-only", "--max-semi-space-size=4", "--no-maglev"];
export const SERVER_ENV = { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "65536" };

/** True when this process was started with the flags above (the server warns when it was not). */
export const hasServerFlags = () => SERVER_NODE_ARGS.every((flag) => process.execArgv.includes(flag));

/**
 * Runs the module `entry` with `args` under the server's flags and environment: this process
 * becomes it (process.execve, Node 22.15 and later: same pid, signals and output), or, on an older
 * Node, it runs as a child with this process's output, the signals passed on and its exit code
 * returned. Never returns when it replaces the process.
 */
export function runUnderServerFlags(entry, args = []) {
  const env = { ...SERVER_ENV, ...process.env };
  const argv = [...SERVER_NODE_ARGS, entry, ...args];
  if (typeof process.execve === "function")
    process.execve(process.execPath, [process.execPath, ...argv], env);
  const child = spawn(process.execPath, argv, { env, stdio: "inherit" });
  for (const signal of ["SIGTERM", "SIGINT", "SIGHUP", "SIGUSR2"])
    process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
