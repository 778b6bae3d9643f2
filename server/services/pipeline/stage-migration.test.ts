import { readFile } from "node:fs/promises";
import { asc, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CLOSED_REASON } from "../../../common/pipeline/stages";
import { enquiries } from "../../db/schema";
import { TEST_DATABASES, testDatabases } from "../../test/harness";

const MIGRATION = new URL("../../db/migrations/0021_pipeline-stages.sql", import.meta.url);

/** The statements after the migration's own columns: those that map the statuses onto the stages. */
async function mappingStatements(): Promise<string[]> {
  const text = await readFile(MIGRATION, "utf8");
  return text
    .split("--> statement-breakpoint")
    .map((s) => s.trim())
    .filter((s) => s.includes("UPDATE"));
}

/** The migration maps each enquiry's status onto a stage and loses nothing, on both databases. */
describe.each(TEST_DATABASES)("the stages migration on %s", (kind) => {
  const open = testDatabases();

  it("maps new → New, contacted → Contacted, closed → Lost (closed, no reason given), spam stays New; statuses unchanged", async () => {
    const { db } = await open(kind);
    const changed = new Date("2026-03-04T10:00:00Z");
    const rows = [
      { status: "new", statusChangedAt: null },
      { status: "contacted", statusChangedAt: changed },
      { status: "closed", statusChangedAt: changed },
      { status: "spam", statusChangedAt: null },
    ] as const;
    for (const [i, row] of rows.entries()) {
      await db.insert(enquiries).values({
        kind: "contact",
        fields: { name: `Before Stages ${i}` },
        createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
        ...row,
      });
    }
    // As the rows were before the migration: every stage column at its default.
    await db.execute(sql`update enquiries set stage = 'new', stage_changed_at = null, lost_reason = null`);
    const statements = await mappingStatements();
    expect(statements).toHaveLength(2);
    for (const statement of statements) await db.execute(sql.raw(statement.replace(/^--.*$/gm, "")));
    const after = await db
      .select({
        status: enquiries.status,
        statusChangedAt: enquiries.statusChangedAt,
        stage: enquiries.stage,
        stageChangedAt: enquiries.stageChangedAt,
        lostReason: enquiries.lostReason,
      })
      .from(enquiries)
      .orderBy(asc(enquiries.createdAt));
    expect(after).toEqual([
      { status: "new", statusChangedAt: null, stage: "new", stageChangedAt: null, lostReason: null },
      {
        status: "contacted",
        statusChangedAt: changed,
        stage: "contacted",
        stageChangedAt: changed,
        lostReason: null,
      },
      {
        status: "closed",
        statusChangedAt: changed,
        stage: "lost",
        stageChangedAt: changed,
        lostReason: CLOSED_REASON,
      },
      { status: "spam", statusChangedAt: null, stage: "new", stageChangedAt: null, lostReason: null },
    ]);
  });
});
