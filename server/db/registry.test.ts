import { getTableConfig } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { BACKED_UP, REGISTRY, SCHEMA_TABLES, VISITOR_TABLES } from "./registry";

const tables = SCHEMA_TABLES.map((t) => getTableConfig(t));

describe("the table registry", () => {
  it("finds the schema's tables", () => {
    expect(tables.map((t) => t.name)).toContain("enquiries");
    expect(tables.length).toBeGreaterThanOrEqual(15);
  });

  it("has an entry for every table of the schema, and none for a table it lacks", () => {
    const names = tables.map((t) => t.name).sort();
    expect(Object.keys(REGISTRY).sort()).toEqual(names);
  });

  for (const table of tables)
    it(`accounts for every column of ${table.name}`, () => {
      const entry = REGISTRY[table.name];
      expect(entry, `server/db/registry.ts has no entry for table ${table.name}`).toBeDefined();
      const columns = table.columns.map((c) => c.name).sort();
      const listed = Object.keys(entry.columns).sort();
      for (const column of columns)
        expect(listed, `server/db/registry.ts: ${table.name}.${column} has no entry`).toContain(column);
      for (const column of listed)
        expect(columns, `server/db/registry.ts: ${table.name}.${column} is not in the schema`).toContain(
          column,
        );
      expect(entry.retention.length).toBeGreaterThan(0);
    });

  it("backs up parents before the tables that refer to them, each order once", () => {
    const orders = Object.values(REGISTRY).flatMap((e) => ("order" in e.backup ? [e.backup.order] : []));
    expect(new Set(orders).size).toBe(orders.length);
    for (const table of tables) {
      if (!BACKED_UP.includes(table.name)) continue;
      for (const fk of table.foreignKeys) {
        const parent = getTableConfig(fk.reference().foreignTable).name;
        if (parent === table.name) continue;
        expect(BACKED_UP, `${table.name} refers to ${parent}, which is not backed up`).toContain(parent);
        expect(BACKED_UP.indexOf(parent), `${parent} must be backed up before ${table.name}`).toBeLessThan(
          BACKED_UP.indexOf(table.name),
        );
      }
    }
  });

  it("says how each visitor column is erased, on tables tied to the enquiry", () => {
    for (const [name, entry] of Object.entries(REGISTRY)) {
      const visitor = Object.entries(entry.columns).filter(([, c]) => c.personal === "visitor");
      if (visitor.length === 0) continue;
      expect(VISITOR_TABLES, `${name} holds a visitor's data but has no erasure`).toContain(name);
      for (const [column, c] of visitor)
        if (c.erase === "keep")
          expect(c.note, `${name}.${column}: 'keep' on a visitor column needs a reason`).toBeTruthy();
    }
  });
});
