import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { scratchDir } from "../../scripts/scratch-database.mjs";
import { DataDirLockedError, type LockHolder, lockDataDir } from "./data-lock";

const children: Array<ReturnType<typeof spawn>> = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});

/** A live process that is not this one. */
function liveProcess() {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
  children.push(child);
  return child;
}

const deadPid = () => spawnSync(process.execPath, ["-e", "0"]).pid as number;

function writeLock(dir: string, holder: Partial<LockHolder>) {
  const lock: LockHolder = {
    pid: process.pid,
    hostname: hostname(),
    command: "server",
    since: new Date().toISOString(),
    token: "someone-else",
    ...holder,
  };
  writeFileSync(path.join(dir, "db.lock"), JSON.stringify(lock));
}

const holderOf = (dir: string) => JSON.parse(readFileSync(path.join(dir, "db.lock"), "utf8")) as LockHolder;

describe("one process per embedded database", () => {
  it("writes who holds the lock and removes it on release", async () => {
    const dir = scratchDir("data-lock-");
    const lock = await lockDataDir(dir, { command: "server" });
    expect(holderOf(dir)).toMatchObject({ pid: process.pid, hostname: hostname(), command: "server" });
    expect(Date.parse(holderOf(dir).since)).toBeGreaterThan(Date.now() - 60_000);
    await expect(lockDataDir(dir, { command: "admin list" })).rejects.toThrow(DataDirLockedError);
    lock.release();
    expect(existsSync(path.join(dir, "db.lock"))).toBe(false);
  });

  it("refuses a second process with a message naming the holder", async () => {
    const dir = scratchDir("data-lock-");
    const holder = liveProcess();
    writeLock(dir, { pid: holder.pid, since: "2030-01-01T00:00:00.000Z" });
    const error = await lockDataDir(dir, { command: "admin list" }).catch((e: Error) => e);
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as Error).message).toContain(
      `process ${holder.pid} on ${hostname()} (server) since 2030-01-01`,
    );
  });

  it("takes over a stale lock left by a dead process", async () => {
    const dir = scratchDir("data-lock-");
    writeLock(dir, { pid: deadPid() });
    const lock = await lockDataDir(dir, { command: "server" });
    expect(holderOf(dir).pid).toBe(process.pid);
    lock.release();
  });

  it("takes over a lock whose pid now belongs to a newer process", async () => {
    const dir = scratchDir("data-lock-");
    writeLock(dir, { pid: liveProcess().pid, since: "2001-01-01T00:00:00.000Z" });
    const lock = await lockDataDir(dir, { command: "server" });
    expect(holderOf(dir).pid).toBe(process.pid);
    lock.release();
  });

  it("takes over a lock of a previous life of this pid (a restarted container)", async () => {
    const dir = scratchDir("data-lock-");
    writeLock(dir, { pid: process.pid });
    const lock = await lockDataDir(dir, { command: "server" });
    expect(holderOf(dir).token).not.toBe("someone-else");
    lock.release();
  });

  it("never takes over a lock held on another host", async () => {
    const dir = scratchDir("data-lock-");
    writeLock(dir, { pid: deadPid(), hostname: "other-host" });
    await expect(lockDataDir(dir, { command: "server" })).rejects.toThrow(/on other-host/);
  });

  it("waits for the holder to stop when asked to", async () => {
    const dir = scratchDir("data-lock-");
    const holder = liveProcess();
    writeLock(dir, { pid: holder.pid, since: new Date(Date.now() + 5_000).toISOString() });
    const waited: LockHolder[] = [];
    const pending = lockDataDir(dir, {
      command: "admin list",
      waitMs: 30_000,
      onWait: (h) => waited.push(h),
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(waited.map((h) => h.pid)).toEqual([holder.pid]);
    holder.kill("SIGKILL");
    const lock = await pending;
    expect(holderOf(dir).command).toBe("admin list");
    lock.release();
  });
});
