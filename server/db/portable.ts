import { open } from "node:fs/promises";
import { sql } from "drizzle-orm";
import { getTableConfig } from "drizzle-orm/pg-core";
import type { Database } from "./client";
import { BACKED_UP, REGISTRY, tableByName } from "./registry";

/**
 * All content as one portable JSON document, for moving between the embedded database and
 * PostgreSQL and for backups. Rows are PostgreSQL's own JSON of each row (timestamps keep their
 * microseconds, JSON columns stay JSON), image bytes in base64. Which tables, in which order, is
 * the table registry's (server/db/registry.ts): every table whose entry is backed up, parents
 * first (sessions and image variants are left out: sessions end, variants are made again).
 */
export const EXPORT_FORMAT = "fenland-organics-export";
export const EXPORT_VERSION = 1;

/** In foreign-key order: a table's rows are imported after the rows they refer to. */
const TABLES: readonly string[] = BACKED_UP;
type TableName = string;
const backupOf = (table: TableName) => {
  const backup = REGISTRY[table].backup;
  if (!("order" in backup)) throw new Error(`${table} is not backed up`);
  return backup;
};
/** bytea columns: PostgreSQL's JSON writes them as \x-hex, the file carries base64. */
const bytesOf = (table: TableName): readonly string[] => backupOf(table).bytes ?? [];

/** The columns of a table's primary key (the export reads rows in their order). */
function keyOf(table: TableName): string[] {
  const config = getTableConfig(tableByName(table));
  const single = config.columns.filter((c) => c.primary).map((c) => c.name);
  return single.length > 0 ? single : (config.primaryKeys[0]?.columns.map((c) => c.name) ?? []);
}

/**
 * The backed-up tables a table's rows refer to: a row is exported only when the row it refers to
 * was (one written while the export ran may be missing); `setNull`: the reference is dropped
 * instead of the row (the schema sets it null when the parent goes, too).
 */
function parentsOf(table: TableName): Array<{ column: string; table: TableName; setNull: boolean }> {
  return getTableConfig(tableByName(table)).foreignKeys.flatMap((fk) => {
    const ref = fk.reference();
    const parent = getTableConfig(ref.foreignTable).name;
    if (ref.columns.length !== 1 || parent === table || !TABLES.includes(parent)) return [];
    return [{ column: ref.columns[0].name, table: parent, setNull: fk.onDelete === "set null" }];
  });
}

/**
 * `leaveOutSecrets`: db:export's file, for moving a site, leaves out the secrets (the registry's
 * `secrets`); a backup (the default) keeps them as stored, sealed with the secrets key.
 */
export interface ExportOptions {
  leaveOutSecrets?: boolean;
}

export interface ExportFile {
  format: typeof EXPORT_FORMAT;
  version: number;
  exportedAt: string;
  tables: Record<TableName, Array<Record<string, unknown>>>;
}

export class ImportError extends Error {}

type Rows = Array<Record<string, unknown>>;
const rowsOf = (result: unknown) => (result as { rows: Rows }).rows;

/** A table's stored columns: generated ones (the inbox's search text) are made again on import. */
async function storedColumns(db: Pick<Database, "execute">, table: TableName): Promise<string[]> {
  const rows = rowsOf(
    await db.execute(sql`select column_name from information_schema.columns
      where table_schema = current_schema() and table_name = ${table} and is_generated = 'NEVER'
      order by ordinal_position`),
  );
  return rows.map((r) => String(r.column_name));
}

/**
 * Every table in foreign-key order, a chunk of rows at a time (keyset by primary key; the chunk
 * size is the registry's: small enough that a request waits at most one chunk), each chunk in a
 * short read-only transaction of its own: on the embedded database (one connection) requests run
 * between chunks instead of waiting for the whole export, and no table is ever held in memory
 * whole. Rows written while the export runs may or may not be in it; a child row is written only
 * when its parent was (an image of a post saved meanwhile is left out with its post), so the file
 * always imports. Yields each table's rows, chunk by chunk, starting with an empty chunk.
 */
export async function* exportChunks(
  db: Database,
  options: ExportOptions = {},
): AsyncGenerator<{ table: TableName; rows: Rows }> {
  const exported = new Map<TableName, Set<string>>();
  const referred = new Set(TABLES.flatMap((t) => parentsOf(t).map((p) => p.table)));
  for (const table of TABLES) {
    const stored = new Set(await storedColumns(db, table));
    const parents = parentsOf(table);
    const key = keyOf(table);
    const keyList = sql.join(
      key.map((column) => sql`t.${sql.identifier(column)}`),
      sql`, `,
    );
    const bytes = bytesOf(table);
    const ids = new Set<string>();
    exported.set(table, ids);
    yield { table, rows: [] }; // every table appears in the file, empty or not
    const secrets = options.leaveOutSecrets ? backupOf(table).secrets : undefined;
    if (secrets === "rows") continue;
    let after: Record<string, unknown> | undefined;
    for (;;) {
      const chunk = await db.transaction(
        async (tx) => {
          await tx.execute(sql`set local timezone = 'UTC'`); // the same text on every server
          return rowsOf(
            await tx.execute(
              sql`select row_to_json(t) as row from ${sql.identifier(table)} t
                where ${
                  after === undefined
                    ? sql`true`
                    : sql`(${keyList}) > (select ${keyList} from json_populate_record(null::${sql.identifier(table)}, ${JSON.stringify(after)}::json) t)`
                }
                order by ${keyList} limit ${backupOf(table).chunkRows}`,
            ),
          ).map((r) => r.row as Record<string, unknown>);
        },
        { accessMode: "read only" },
      );
      if (chunk.length === 0) break;
      const last = chunk.at(-1) ?? {};
      after = Object.fromEntries(key.map((column) => [column, last[column]]));
      const rows = chunk.filter((row) =>
        parents.every((parent) => {
          const parentId = row[parent.column];
          if (typeof parentId !== "string" || exported.get(parent.table)?.has(parentId)) return true;
          if (parent.setNull) row[parent.column] = null;
          return parent.setNull;
        }),
      );
      for (const row of rows) {
        if (referred.has(table)) ids.add(String(row[key[0]]));
        for (const column of Object.keys(row)) if (!stored.has(column)) delete row[column];
        for (const column of bytes)
          row[column] = Buffer.from(String(row[column]).slice(2), "hex").toString("base64");
        for (const column of secrets ?? []) row[column] = "";
      }
      yield { table, rows };
      // Let waiting requests have the database before the next chunk.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

const exportHeader = () =>
  `{"format":${JSON.stringify(EXPORT_FORMAT)},"version":${EXPORT_VERSION},"exportedAt":${JSON.stringify(new Date().toISOString())},"tables":{`;

/** All content as one document in memory (tests, small databases); files use writeExport. */
export async function exportDatabase(db: Database, options: ExportOptions = {}): Promise<ExportFile> {
  const tables = Object.fromEntries(TABLES.map((table) => [table, [] as Rows])) as ExportFile["tables"];
  for await (const { table, rows } of exportChunks(db, options)) tables[table].push(...rows);
  return { format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt: new Date().toISOString(), tables };
}

/**
 * Writes the export to `file` as it is read (never the whole document in memory), flushed to
 * disk before it resolves. The same JSON as `exportDatabase`, read back by `parseExport`.
 */
export async function writeExport(db: Database, file: string, options: ExportOptions = {}): Promise<void> {
  const handle = await open(file, "w", 0o600);
  try {
    let text = exportHeader();
    let current: TableName | undefined;
    let first = true;
    for await (const { table, rows } of exportChunks(db, options)) {
      if (table !== current) {
        text += `${current ? "]," : ""}${JSON.stringify(table)}:[`;
        current = table;
        first = true;
      }
      for (const row of rows) {
        text += `${first ? "" : ","}${JSON.stringify(row)}`;
        first = false;
      }
      if (text.length > 1 << 20) {
        await handle.write(text);
        text = "";
      }
    }
    await handle.write(`${text}]}}`);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** How many rows each content table holds (a non-empty database refuses an import). */
export async function countRows(db: Database): Promise<Record<TableName, number>> {
  const counts = {} as Record<TableName, number>;
  for (const table of TABLES)
    counts[table] = Number(
      rowsOf(await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0].n,
    );
  return counts;
}

export function parseExport(text: string): ExportFile {
  let file: ExportFile;
  try {
    file = JSON.parse(text);
  } catch {
    throw new ImportError("The file is not JSON: it must be a file written by npm run db:export");
  }
  if (file?.format !== EXPORT_FORMAT || typeof file.tables !== "object")
    throw new ImportError("The file is not an export of this site (written by npm run db:export)");
  if (file.version !== EXPORT_VERSION)
    throw new ImportError(`Export version ${file.version} is not supported (expected ${EXPORT_VERSION})`);
  return file;
}

/** Loads an export into an empty (migrated) database, all or nothing. Returns rows per table. */
export async function importDatabase(db: Database, file: ExportFile): Promise<Record<TableName, number>> {
  const present = Object.entries(await countRows(db)).filter(([, n]) => n > 0);
  if (present.length > 0)
    throw new ImportError(
      `The database is not empty (${present.map(([t, n]) => `${n} ${t}`).join(", ")}): ` +
        "db:import loads only into an empty database. Import before the first start, or into a new database.",
    );
  const counts = {} as Record<TableName, number>;
  await db.transaction(async (tx) => {
    for (const table of TABLES) {
      const columns = sql.join(
        (await storedColumns(tx, table)).map((column) => sql.identifier(column)),
        sql`, `,
      );
      const rows = (file.tables[table] ?? []).map((row) => {
        const copy = { ...row };
        for (const column of bytesOf(table))
          copy[column] = `\\x${Buffer.from(String(row[column]), "base64").toString("hex")}`;
        return copy;
      });
      // Batches small enough for one statement; images are the large rows.
      const size = bytesOf(table).length > 0 ? 10 : 500;
      for (let i = 0; i < rows.length; i += size) {
        const batch = JSON.stringify(rows.slice(i, i + size));
        await tx.execute(
          sql`insert into ${sql.identifier(table)} (${columns}) select ${columns} from json_populate_recordset(null::${sql.identifier(table)}, ${batch}::json)`,
        );
      }
      counts[table] = rows.length;
    }
  });
  return counts;
}
