import { renameSync, rmSync } from "node:fs";
import { DATABASE_TEMPLATE_DIR } from "../paths";
import { openEmbeddedDatabase } from "./client";

/** `npm run build`: the initialised, migrated, empty embedded database that first starts copy. */
const partial = `${DATABASE_TEMPLATE_DIR}.building`;
rmSync(partial, { recursive: true, force: true });
rmSync(DATABASE_TEMPLATE_DIR, { recursive: true, force: true });
const database = await openEmbeddedDatabase(partial);
await database.close();
renameSync(partial, DATABASE_TEMPLATE_DIR);
