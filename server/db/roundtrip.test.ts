import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../../scripts/scratch-database.mjs";
import { emptyTables, fillEveryKindOfRow, tableDigests } from "../test/every-row";
import { TEST_DATABASES, testDatabases } from "../test/harness";
import { importDatabase, parseExport, writeExport } from "./portable";
import { BACKED_UP } from "./registry";

const open = testDatabases();

describe.each(TEST_DATABASES)("a backup of a database on %s", (from) => {
  it.each(TEST_DATABASES)(
    "restored into an empty database on %s is the same database, table by table",
    async (to) => {
      const source = await open(from);
      await fillEveryKindOfRow(source.db);
      const before = await tableDigests(source.db);
      // Every kind of row is there: a table added to the registry needs rows in the fixture.
      expect(emptyTables(before)).toEqual([]);

      const file = path.join(scratchDir("roundtrip-"), "backup.json");
      await writeExport(source.db, file);
      const restored = await open(to);
      const counts = await importDatabase(restored.db, parseExport(readFileSync(file, "utf8")));
      expect(Object.keys(counts)).toEqual(BACKED_UP);

      const after = await tableDigests(restored.db);
      for (const table of BACKED_UP) expect(after[table], table).toEqual(before[table]);
    },
    120_000,
  );
});
