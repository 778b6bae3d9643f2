import { copyFileSync, existsSync, readFileSync, rmSync } from "node:fs";
import { hostname } from "node:os";
import { parseArgs } from "node:util";
import { configOrExit } from "../config";
import { backupFile, requestBackup } from "../db/backup";
import { openDatabase } from "../db/client";
import { describeHolder, holderAlive, type LockHolder } from "../db/data-lock";
import { ImportError, importDatabase, parseExport, writeExport } from "../db/portable";
import { keyringForImport } from "../secrets/import";
import { SecretsKeyError } from "../secrets/keyring";
import { protectSecrets } from "../secrets/protect";

/**
 * npm run db:export -- --file F   all content to one portable JSON file (waits for the DATA_DIR lock)
 * npm run db:import -- --file F   loads it into an EMPTY database (embedded or DATABASE_URL)
 * npm run backup -- [--file F]    embedded database: a consistent snapshot, asked of the running
 *                                 server (SIGUSR2) or read directly when none runs
 * npm run restore -- --file F     a backup into a new DATA_DIR (the same as db:import)
 */
const USAGE = "Usage: npm run <db:export|db:import|backup|restore> -- --file <path>";
const BACKUP_WAIT_MS = 60_000;

const { positionals, values } = parseArgs({ allowPositionals: true, options: { file: { type: "string" } } });
const command = positionals[0] ?? "";
const config = configOrExit();
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const file = values.file ?? (command === "backup" ? `backup-${stamp}.json` : `export-${stamp}.json`);

if (
  !["export", "import", "backup", "restore"].includes(command) ||
  (!values.file && /import|restore/.test(command))
) {
  console.error(USAGE);
  process.exit(2);
}

const open = (waitMs: number) =>
  openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    lock: {
      command: `data ${command}`,
      waitMs,
      onWait: (holder) =>
        console.error(
          `The database in ${config.dataDir} is in use by ${describeHolder(holder)}.\n` +
            "Waiting for it: stop or restart the server and this command runs in between (Ctrl+C gives up).",
        ),
    },
  });

function runningServer(): LockHolder | undefined {
  try {
    const holder = JSON.parse(readFileSync(`${config.dataDir}/db.lock`, "utf8")) as LockHolder;
    return holder.command === "server" && holderAlive(holder) ? holder : undefined;
  } catch {
    return undefined;
  }
}

/** Asks the running server for a snapshot and waits for the file it writes. */
async function backupThroughServer(holder: LockHolder) {
  const id = requestBackup(config.dataDir);
  process.kill(holder.pid, "SIGUSR2");
  const answer = backupFile(config.dataDir, id);
  const deadline = Date.now() + BACKUP_WAIT_MS;
  while (!existsSync(answer)) {
    if (Date.now() > deadline)
      throw new ImportError(`The server (pid ${holder.pid}) wrote no backup within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  copyFileSync(answer, file);
  rmSync(answer);
}

/**
 * A server of another host holds the lock (a container's, seen from the host, or the other way
 * round): its pid means nothing here, and signalling it could hit an unrelated process.
 */
const elsewhere = (holder: LockHolder) =>
  new ImportError(
    `The database in ${config.dataDir} is in use by ${describeHolder(holder)}, not on this host ` +
      `(${hostname()}). Run npm run backup where that server runs (for a container: ` +
      "podman exec <container> npm run backup), or stop it and run the backup again.",
  );

try {
  const server = command === "backup" && !config.databaseUrl ? runningServer() : undefined;
  if (server && server.hostname !== hostname()) throw elsewhere(server);
  if (server) {
    await backupThroughServer(server);
    console.log(`Backup written to ${file} (a snapshot taken by the running server)`);
  } else if (command === "export" || command === "backup") {
    const database = await open(Number.POSITIVE_INFINITY);
    try {
      // db:export moves a site: its secrets stay behind (docs/secrets-key.md); a backup keeps them sealed.
      await writeExport(database.db, file, { leaveOutSecrets: command === "export" });
    } finally {
      await database.close();
    }
    console.log(`${command === "backup" ? "Backup" : "Export"} written to ${file}`);
  } else {
    const data = parseExport(readFileSync(file, "utf8"));
    // Checked before anything is written: a backup's sealed secrets need the key they were sealed with.
    const keyring = keyringForImport(data, config.secrets);
    const database = await open(0);
    try {
      const counts = await importDatabase(database.db, data);
      console.log(
        `Imported ${Object.entries(counts)
          .map(([t, n]) => `${n} ${t}`)
          .join(", ")}`,
      );
      const secrets = keyring ? await protectSecrets(database.db, keyring) : undefined;
      if (secrets?.renewed)
        console.log(
          `${secrets.renewed} webhook endpoint(s) got a new signing secret (an export leaves secrets out): ` +
            "rotate it on Integrations and give it to the receiver. Two-factor sign-in is set up again by each account.",
        );
    } finally {
      await database.close();
    }
  }
} catch (error) {
  if (
    !(error instanceof ImportError) &&
    !(error instanceof SecretsKeyError) &&
    !(error instanceof Error && "holder" in error)
  )
    throw error;
  console.error(error.message);
  process.exit(1);
}
process.exit(0);
