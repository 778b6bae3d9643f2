import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root, found from this module whether it runs from source or from build/. */
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

export const ROOT_DIR = findRoot();
export const MIGRATIONS_DIR = path.join(ROOT_DIR, "server/db/migrations");
export const CLIENT_BUILD_DIR = path.join(ROOT_DIR, "build/client");
export const SERVER_BUILD_FILE = path.join(ROOT_DIR, "build/server/index.js");
export const DATABASE_TEMPLATE_DIR = path.join(ROOT_DIR, "build/database");
/** The same with SEED_DEMO's demo content in it (the first start's default). */
export const DEMO_DATABASE_TEMPLATE_DIR = path.join(ROOT_DIR, "build/database-demo");
