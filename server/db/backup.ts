import { randomUUID } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Database } from "./client";
import { writeExport } from "./portable";

/**
 * Backups of the embedded database while the server runs. The server owns DATA_DIR/db, so
 * `npm run backup` asks it: it drops a request file in DATA_DIR/backups and sends SIGUSR2; the
 * server answers the requests pending with one export, streamed to disk a chunk at a time so the
 * site goes on answering meanwhile (server/db/portable.ts), written under a temporary name and
 * renamed (a backup file is whole or absent). Nothing new on the network.
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
  // One export streamed to disk, then a copy for each further request pending now.
  const [first, ...others] = ids.map((id) => backupFile(dataDir, id));
  await writeExport(db, `${first}.partial`);
  for (const target of others) copyFileSync(`${first}.partial`, `${target}.partial`);
  return ids.map((id, i) => {
    const target = [first, ...others][i];
    renameSync(`${target}.partial`, target);
    rmSync(path.join(dir, `request-${id}`), { force: true });
    return target;
  });
}
