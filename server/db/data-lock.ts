import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";

/**
 * One process per embedded database: PGlite takes no lock across processes, and two writers
 * corrupt DATA_DIR/db. The holder writes DATA_DIR/db.lock exclusively (pid, host, since when);
 * a lock whose process is gone (same host, pid dead or reused) is stale and taken over.
 */
export interface LockHolder {
  pid: number;
  hostname: string;
  /** When the lock was taken (ISO time). */
  since: string;
  command: string;
  token: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly holder: LockHolder,
    file: string,
  ) {
    super(
      `The database in ${path.dirname(file)} is in use by ${describeHolder(holder)} (lock file ${file}).`,
    );
  }
}

export const describeHolder = (h: LockHolder) =>
  `process ${h.pid} on ${h.hostname} (${h.command}) since ${h.since}`;

export interface LockOptions {
  /** How long to wait for a live holder to let go; 0 refuses at once. */
  waitMs?: number;
  /** Called once when the lock is held by another live process and we start waiting. */
  onWait?: (holder: LockHolder) => void;
  /** Names this process in the lock file (e.g. "server", "admin list"). */
  command: string;
}

export interface DataDirLock {
  file: string;
  release(): void;
}

const POLL_MS = 200;
/** A takeover file older than this belongs to a process that died while taking over. */
const TAKEOVER_STALE_MS = 10_000;

function readHolder(file: string): LockHolder | undefined {
  try {
    const holder = JSON.parse(readFileSync(file, "utf8")) as LockHolder;
    return Number.isInteger(holder.pid) ? holder : undefined;
  } catch {
    return undefined; // missing, or half-written by a process that died while creating it
  }
}

/** When process `pid` started (Linux, from /proc), to tell a reused pid from the holder. */
function processStartMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const ticks = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]);
    const boot = Number(/^btime (\d+)$/m.exec(readFileSync("/proc/stat", "utf8"))?.[1]);
    return Number.isFinite(ticks) && boot ? boot * 1000 + ticks * 10 : undefined;
  } catch {
    return undefined;
  }
}

/** Tokens of the locks this process holds. */
const held = new Set<string>();

/** Alive means: on this host, the pid exists and is not a newer process that reused it. */
export function holderAlive(holder: LockHolder): boolean {
  if (holder.hostname !== hostname()) return true; // cannot check another host: assume it lives
  // Our own pid but not our lock: a previous life of this process (containers reuse pid 1).
  if (holder.pid === process.pid) return held.has(holder.token);
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ESRCH") return false;
  }
  const started = processStartMs(holder.pid);
  return started === undefined || started <= Date.parse(holder.since) + 2_000;
}

function tryCreate(file: string, holder: LockHolder): boolean {
  try {
    writeFileSync(file, JSON.stringify(holder), { flag: "wx", mode: 0o600 });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

/** A lock is stale when its holder is gone, or it stayed unreadable (its creator died mid-write). */
function isStale(file: string): boolean {
  const holder = readHolder(file);
  if (holder) return !holderAlive(holder);
  const modified = statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  return Date.now() - modified > 2_000;
}

/** Removes a stale lock under a short takeover lock, so two newcomers never both take it. */
function removeIfStale(file: string): void {
  const guard = `${file}.takeover`;
  try {
    if (Date.now() - statSync(guard).mtimeMs > TAKEOVER_STALE_MS) unlinkSync(guard);
  } catch {}
  if (!tryCreate(guard, { pid: process.pid } as LockHolder)) return;
  try {
    if (isStale(file)) unlinkSync(file);
  } catch {
    // already gone
  } finally {
    unlinkSync(guard);
  }
}

export async function lockDataDir(dataDir: string, options: LockOptions): Promise<DataDirLock> {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(path.resolve(dataDir), "db.lock");
  const mine: Omit<LockHolder, "since"> = {
    pid: process.pid,
    hostname: hostname(),
    command: options.command,
    token: randomUUID(),
  };
  const deadline = Date.now() + (options.waitMs ?? 0);
  let told = false;
  for (;;) {
    if (tryCreate(file, { ...mine, since: new Date().toISOString() })) break;
    const holder = readHolder(file);
    const stale = isStale(file);
    if (stale) removeIfStale(file);
    else if (holder && Date.now() >= deadline) throw new DataDirLockedError(holder, file);
    else if (holder && !told) {
      told = true;
      options.onWait?.(holder);
    }
    // (An unreadable, fresh lock is being written right now: look again in a moment.)
    await new Promise((resolve) => setTimeout(resolve, stale ? 10 : POLL_MS));
  }

  held.add(mine.token);
  const release = () => {
    process.off("exit", release);
    held.delete(mine.token);
    if (readHolder(file)?.token === mine.token) unlinkSync(file);
  };
  // Also on process.exit() and crashes; only a SIGKILL leaves a (stale) lock behind.
  process.on("exit", release);
  return { file, release };
}
