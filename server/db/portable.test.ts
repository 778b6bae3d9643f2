import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createServices } from "../services";
import { seedDemoContent } from "../services/seed";
import { VALID_CONTACT, VALID_QUOTE } from "../test/enquiry-fixtures";
import { openTestDatabase, TEST_DATABASES, testConfig } from "../test/harness";
import type { DatabaseHandle } from "./client";
import { exportDatabase, ImportError, importDatabase, parseExport } from "./portable";
import { enquiries } from "./schema";

const opened: DatabaseHandle[] = [];
const open = async (kind: "pglite" | "postgres") => {
  const database = await openTestDatabase(kind);
  opened.push(database);
  return database;
};
afterAll(async () => {
  await Promise.all(opened.map((database) => database.close()));
});

/** Posts with images, an active popup, enquiries of each state, mail in the outbox, an admin. */
async function contentIn(database: DatabaseHandle) {
  const services = createServices(database.db, testConfig());
  await seedDemoContent(services);
  await services.accounts.create("owner@example.co.uk", "owner-password-1");
  await services.enquiries.submit("contact", VALID_CONTACT);
  await services.enquiries.submit("quote", VALID_QUOTE, { spam: true });
  const [contact] = await database.db.select().from(enquiries).where(eq(enquiries.kind, "contact"));
  await services.enquiries.setStatus(contact.id, "contacted");
}

describe("db:export and db:import", () => {
  it.runIf(TEST_DATABASES.includes("postgres"))(
    "round-trips PGlite → PostgreSQL → PGlite with nothing lost or changed",
    async () => {
      const source = await open("pglite");
      await contentIn(source);
      const exported = await exportDatabase(source.db);
      const text = JSON.stringify(exported);
      expect(exported.tables.images[0].data).toMatch(/^[A-Za-z0-9+/]+=*$/);

      const postgres = await open("postgres");
      await importDatabase(postgres.db, parseExport(text));
      const viaPostgres = await exportDatabase(postgres.db);
      const back = await open("pglite");
      await importDatabase(back.db, parseExport(JSON.stringify(viaPostgres)));
      const final = await exportDatabase(back.db);

      for (const copy of [viaPostgres, final]) expect(copy.tables).toEqual(exported.tables);
      const counts = Object.fromEntries(Object.entries(final.tables).map(([t, rows]) => [t, rows.length]));
      expect(counts).toEqual({
        admins: 1,
        blog_posts: 3,
        images: 3,
        popups: 1,
        enquiries: 2,
        mail_outbox: 1,
      });
      const services = createServices(back.db, testConfig());
      expect(await services.accounts.findByEmail("owner@example.co.uk")).toBeTruthy();
      expect((await services.popups.active())?.title).toBe("Book your free waste review");
    },
  );

  it.each(TEST_DATABASES)("refuses to import into a database that is not empty (%s)", async (kind) => {
    const database = await open(kind);
    await contentIn(database);
    const file = await exportDatabase(database.db);
    await expect(importDatabase(database.db, file)).rejects.toThrow(
      /^The database is not empty \(1 admins, 3 blog_posts, 3 images, 1 popups, 2 enquiries, 1 mail_outbox\)/,
    );
  });

  it("refuses a file that is not an export", () => {
    expect(() => parseExport("{}")).toThrow(ImportError);
    expect(() => parseExport("not json")).toThrow(/not JSON/);
  });
});
