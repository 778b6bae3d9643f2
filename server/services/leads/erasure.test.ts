import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../../../scripts/scratch-database.mjs";
import type { DatabaseHandle } from "../../db/client";
import { REGISTRY } from "../../db/registry";
import { admins, enquiries, mailOutbox } from "../../db/schema";
import { createOutbox } from "../../outbox/worker";
import { VALID_CONTACT } from "../../test/enquiry-fixtures";
import { TEST_DATABASES, testConfig, testDatabases } from "../../test/harness";
import { createServices } from "..";

const open = testDatabases();

/** What of the visitor must be left nowhere once erased. */
const VISITOR = [VALID_CONTACT.name, VALID_CONTACT.email, VALID_CONTACT.phone, "weekly collections"];

/** Every table of the schema as text (every column, every row). */
async function everything(database: DatabaseHandle): Promise<string> {
  let text = "";
  for (const table of Object.keys(REGISTRY)) {
    const result = (await database.db.execute(
      sql`select coalesce(string_agg(row_to_json(t)::text, E'\\n'), '') as rows from ${sql.identifier(table)} t`,
    )) as unknown as { rows: Array<{ rows: string }> };
    text += `${result.rows[0].rows}\n`;
  }
  return text;
}

const mailFiles = (dataDir: string) => {
  try {
    return readdirSync(path.join(dataDir, "mail")).map((name) => path.join(dataDir, "mail", name));
  } catch {
    return [];
  }
};

/** A contact enquiry with a note and a reply quoting the visitor, its mail written as files. */
async function enquiryWithMail(kind: "pglite" | "postgres") {
  const database = await open(kind);
  const dataDir = scratchDir("erasure-");
  const config = testConfig({ DATA_DIR: dataDir, AUTO_REPLY: "1" });
  const services = createServices(database.db, config);
  const [owner] = await database.db
    .insert(admins)
    .values({ email: "owner@example.co.uk", passwordHash: "x", role: "owner" })
    .returning();
  const by = { id: owner.id, email: owner.email };
  const { id } = await services.enquiries.submit("contact", VALID_CONTACT);
  await services.enquiries.addNote(id, `${VALID_CONTACT.name} asked about weekly collections`, by);
  await services.enquiries.reply(id, `Dear ${VALID_CONTACT.name}, about weekly collections…`, by);
  await createOutbox(database.db, config).deliverDue();
  return { database, dataDir, services, id, by };
}

describe.each(TEST_DATABASES)("erasing a visitor (%s)", { timeout: 120_000 }, (kind) => {
  it("writes mail files for the site's user only (folder 0700, files 0600)", async () => {
    const { dataDir } = await enquiryWithMail(kind);
    const files = mailFiles(dataDir);
    expect(files).toHaveLength(3); // the notification, the confirmation and the reply
    expect(statSync(path.join(dataDir, "mail")).mode & 0o777).toBe(0o700);
    for (const file of files) expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("from the Privacy screen leaves their name, address, phone and message in no table and no mail file", async () => {
    const { database, dataDir, services, by } = await enquiryWithMail(kind);
    const before = await everything(database);
    for (const text of VISITOR) expect(before).toContain(text);
    expect(mailFiles(dataDir).some((f) => readFileSync(f, "utf8").includes(VALID_CONTACT.email))).toBe(true);

    expect(await services.privacy.erase(VALID_CONTACT.email, by)).toBe(1);
    const after = await everything(database);
    for (const text of VISITOR) expect(after).not.toContain(text);
    expect(mailFiles(dataDir)).toEqual([]);
  });

  it("by the retention worker removes the enquiry's mail files too", async () => {
    const { database, dataDir, id } = await enquiryWithMail(kind);
    const other = createServices(database.db, testConfig({ DATA_DIR: dataDir })).enquiries;
    const kept = await other.submit("contact", {
      ...VALID_CONTACT,
      name: "Kept Visitor",
      email: "kept@example.co.uk",
      message: "Another enquiry, still open.",
    });
    await createOutbox(database.db, testConfig({ DATA_DIR: dataDir })).deliverDue();
    const [keptMail] = await database.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(eq(mailOutbox.enquiryId, kept.id));
    await database.db
      .update(enquiries)
      .set({ status: "closed", createdAt: new Date("2020-01-01T00:00:00Z") })
      .where(eq(enquiries.id, id));
    const privacy = createServices(
      database.db,
      testConfig({ DATA_DIR: dataDir, ENQUIRY_RETENTION_MONTHS: "24" }),
    ).privacy;
    expect(await privacy.eraseExpired()).toBe(1);
    expect(mailFiles(dataDir)).toEqual([path.join(dataDir, "mail", `${keptMail.id}.eml`)]);
    const after = await everything(database);
    expect(after).not.toContain("weekly collections");
  });
});

describe.each(TEST_DATABASES)("a message given up (%s)", { timeout: 120_000 }, (kind) => {
  it("keeps no body: the link or reply it carried is cleared, as once sent", async () => {
    const database = await open(kind);
    await database.db.insert(mailOutbox).values({
      kind: "invite",
      message: { to: "new@example.co.uk", subject: "Join", text: "https://x/invite/t" },
    });
    const refused = Object.assign(new Error("550 mailbox unavailable"), { responseCode: 550 });
    const outbox = createOutbox(database.db, testConfig(), {
      transport: {
        send: async () => {
          throw refused;
        },
        close: () => {},
      },
    });
    await outbox.deliverDue();
    const [row] = await database.db.select().from(mailOutbox);
    expect(row.state).toBe("failed");
    expect(row.message).toBeNull();
  });
});
