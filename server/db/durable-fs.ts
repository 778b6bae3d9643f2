import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";

/**
 * The embedded database on stable storage. PGlite starts PostgreSQL with `-F` (fsync off), and its
 * Emscripten file system has no fsync for host files: a commit was acknowledged while its WAL
 * record sat in the OS page cache, so a power cut could lose it or leave a database that does not
 * start. Here PostgreSQL runs with `fsync=on` and `wal_sync_method=fsync`, and the file system's
 * fsync reaches the disk: every commit flushes its WAL record before COMMIT returns, and
 * checkpoints flush the data files, as PostgreSQL promises (docs/decisions/0019-durable-commits.md).
 */
export const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((param) => param !== "-F"),
  "-c",
  "fsync=on",
  // fdatasync and the open_* methods are no-ops in Emscripten; fsync() reaches stream_ops.fsync.
  "-c",
  "wal_sync_method=fsync",
];

/** EIO in the WebAssembly side's errno numbering: PostgreSQL stops rather than lose a commit. */
const EIO = 29;

interface EmscriptenModule {
  NODEFS: {
    stream_ops: { fsync?: (stream: { nfd?: number; node: unknown }) => number };
    realPath(node: unknown): string;
  };
  FS: { ErrnoError: new (errno: number) => Error };
}

/** Flushes a file or directory of the host to stable storage. */
export function fsyncPath(file: string): void {
  const fd = fs.openSync(file, "r");
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** PGlite's NodeFS with a real fsync. */
export class DurableNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS["init"]>): ReturnType<NodeFS["init"]> {
    const result = await super.init(...args);
    const preRun = result.emscriptenOpts.preRun ?? [];
    result.emscriptenOpts.preRun = [
      ...preRun,
      (module: EmscriptenModule) => {
        const { NODEFS, FS } = module;
        NODEFS.stream_ops.fsync = (stream) => {
          try {
            if (stream.nfd !== undefined) fs.fsyncSync(stream.nfd);
            else fsyncPath(NODEFS.realPath(stream.node)); // a directory: no descriptor is kept
            return 0;
          } catch {
            throw new FS.ErrnoError(EIO);
          }
        };
      },
    ];
    return result;
  }
}

/**
 * Runs a coreutils command in a child process, so its work (a copy, a flush) runs beside the
 * server's start instead of blocking it: true when it ran and succeeded, false when it could not
 * run (no such program, as in a minimal image) or failed.
 */
export function runCommand(command: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) => execFile(command, args, (error) => resolve(!error)));
}

/**
 * Flushes every file and folder under `dir` (and `dir` itself): after copying a database in. One
 * syncfs(2) of the file system holding it (`sync --file-system`, coreutils) does it in one journal
 * commit: an fsync per file (the fallback, where `sync` cannot run) made a thousand commits, about
 * a second of a first start (docs/decisions/0026-budgets.md).
 */
export async function fsyncTree(dir: string): Promise<void> {
  if (!(await runCommand("sync", ["--file-system", dir]))) fsyncEach(dir);
}

function fsyncEach(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const child = path.join(dir, entry.name);
    if (entry.isDirectory()) fsyncEach(child);
    else if (entry.isFile()) fsyncPath(child);
  }
  fsyncPath(dir);
}
