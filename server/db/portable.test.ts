import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../../scripts/scratch-database.mjs";
import { seedDemoContent } from "../seed/seed";
import { createServices } from "../services";
import { VALID_CONTACT, VALID_QUOTE } from "../test/enquiry-fixtures";
import { TEST_DATABASES, testConfig, testDatabases } from "../test/harness";
import type { DatabaseHandle } from "./client";
import {
  exportChunks,
  exportDatabase,
  ImportError,
  importDatabase,
  parseExport,
  writeExport,
} from "./portable";
import { BACKED_UP } from "./registry";
import { enquiries } from "./schema";

const open = testDatabases();

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
      expect(Object.keys(counts)).toEqual(BACKED_UP);
      expect(counts).toMatchObject({
        admins: 1,
        blog_posts: 3,
        images: 3,
        popups: 1,
        enquiries: 2,
        // 'contacted' is a status and a stage: an entry of each on the timeline (issue 49).
        enquiry_events: 2,
        mail_outbox: 1,
        audit_events: 1,
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
      /^The database is not empty \(1 admins, 3 blog_posts, 3 images, 1 popups, 2 enquiries, 2 enquiry_events, 1 mail_outbox, 1 audit_events\)/,
    );
  });

  it("refuses a file that is not an export", () => {
    expect(() => parseExport("{}")).toThrow(ImportError);
    expect(() => parseExport("not json")).toThrow(/not JSON/);
  });
});

describe.each(TEST_DATABASES)("a streamed export on %s", (kind) => {
  it("writes the same document as the export in memory, every table present", async () => {
    const database = await open(kind);
    await contentIn(database);
    const file = path.join(scratchDir("export-"), "site.json");
    await writeExport(database.db, file);
    const written = parseExport(readFileSync(file, "utf8"));
    expect(written.tables).toEqual((await exportDatabase(database.db)).tables);
    const empty = await open(kind);
    await writeExport(empty.db, file);
    expect(parseExport(readFileSync(file, "utf8")).tables).toEqual(
      Object.fromEntries(BACKED_UP.map((table) => [table, []])),
    );
  });

  it("lets writes through between chunks, and leaves out a child whose parent came too late", async () => {
    const database = await open(kind);
    await contentIn(database);
    const services = createServices(database.db, testConfig());
    const chunks = exportChunks(database.db);
    const tables: Record<string, Array<Record<string, unknown>>> = {};
    let late: { postId: string; imageId: string } | undefined;
    for await (const { table, rows } of chunks) {
      tables[table] = [...(tables[table] ?? []), ...rows];
      // The posts are read; a post with a new image is saved before the images are.
      if (table === "images" && !late) {
        const image = await services.images.add(
          await sharp({ create: { width: 8, height: 8, channels: 3, background: "#286" } })
            .png()
            .toBuffer(),
        );
        const post = await services.blog.create({
          meta_data_title: "Late",
          title: "Saved during the backup",
          readTime: 1,
          template: 2,
          content: [
            { header: "", content: "<p>a</p>", img: image.id, alt: "" },
            { header: "b", content: "<p>b</p>", img: null, alt: "" },
            { header: "c", content: "<p>c</p>", img: null, alt: "" },
          ],
        });
        late = { postId: String(post._id), imageId: image.id };
      }
    }
    expect(late).toBeDefined();
    expect(tables.blog_posts.map((row) => row.id)).not.toContain(late?.postId);
    expect(tables.images.map((row) => row.id)).not.toContain(late?.imageId);
    expect(tables.images).toHaveLength(3);
    const restored = await open(kind);
    const counts = await importDatabase(restored.db, {
      format: "fenland-organics-export",
      version: 1,
      exportedAt: new Date().toISOString(),
      tables: tables as never,
    });
    expect(counts).toMatchObject({ blog_posts: 3, images: 3 });
  });
});
