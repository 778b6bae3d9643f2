import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Database } from "./client";
import { exportDatabase } from "./portable";

/**
 * Backups of the embedded database while the server runs. The server owns DATA_DIR/db, so
 * `npm run backup` asks it: it drops a request file in DATA_DIR/backups and sends SIGUSR2; the
 * server answers each request with the export of one REPEATABLE READ snapshot, written under a
 * temporary name and renamed (a backup file is whole or absent). Nothing new on the network.
 */
export const backupDir = (dataDir: string) => path.resolve(dataDir, "backups");
export const backupFile = (dataDir: string, id: string) => path.join(backupDir(dataDir), `backup-${id}.json`);

/** The CLI's side: a request id whose answer will be backupFile(dataDir, id). */
export function requestBackup(dataDir: string): string {
  const id = randomUUID();
  mkdirSync(backupDir(dataDir), { recursive: true });
  writeFileSync(path.join(backupDir(dataDir), `request-${id}`), "");
  return id;
}

/** The server's side: answers every pending request; returns the files written. */
export async function answerBackupRequests(db: Database, dataDir: string): Promise<string[]> {
  const dir = backupDir(dataDir);
  if (!existsSync(dir)) return [];
  const ids = readdirSync(dir).flatMap((name) => /^request-([\w-]+)$/.exec(name)?.[1] ?? []);
  if (ids.length === 0) return [];
  const text = JSON.stringify(await exportDatabase(db));
  return ids.map((id) => {
    const target = backupFile(dataDir, id);
    writeFileSync(`${target}.partial`, text, { mode: 0o600 });
    renameSync(`${target}.partial`, target);
    rmSync(path.join(dir, `request-${id}`), { force: true });
    return target;
  });
}
