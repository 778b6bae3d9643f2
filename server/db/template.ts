import { constants, cpSync, existsSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { DATABASE_TEMPLATE_DIR } from "../paths";
import { fsyncPath, fsyncTree, runCommand } from "./durable-fs";

/**
 * The embedded database's first start used to run initdb (about 4 s and 800 MB of WebAssembly
 * memory on a small machine). `npm run build` makes an initialised, migrated, empty database once
 * (`server/db/template-build.ts`, with and without the demo content); a first start on an empty
 * DATA_DIR copies the one its SEED_DEMO asks for, then migrates
 * (newer migrations only) and seeds as usual.
 */
export async function copyDatabaseTemplate(dir: string, template = DATABASE_TEMPLATE_DIR): Promise<boolean> {
  if (!existsSync(path.join(template, "PG_VERSION"))) return false; // no build: initdb as before
  if (existsSync(dir) && readdirSync(dir).length > 0) return false; // existing data is never touched
  // Copied beside, then renamed: a start interrupted mid-copy leaves no half database behind.
  const partial = `${dir}.copying`;
  rmSync(partial, { recursive: true, force: true });
  // A reflink where the file system has them (btrfs, XFS): nothing copied until a page changes.
  // cp(1) copies in a child process while the server's modules load (about 80 ms of a start);
  // Node's own copy, on this thread, where cp cannot run (a minimal image without coreutils).
  if (!(await runCommand("cp", ["-R", "--preserve=mode", "--reflink=auto", template, partial]))) {
    rmSync(partial, { recursive: true, force: true });
    cpSync(template, partial, { recursive: true, mode: constants.COPYFILE_FICLONE });
  }
  // On disk before it is named: a power cut after the rename must not leave unwritten files.
  await fsyncTree(partial);
  rmSync(dir, { recursive: true, force: true });
  renameSync(partial, dir);
  fsyncPath(path.dirname(dir));
  return true;
}
