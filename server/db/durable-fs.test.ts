import fs, { readlinkSync } from "node:fs";
import { open } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { scratchDir } from "../../scripts/scratch-database.mjs";
import { buildApp } from "../app";
import { createTransport } from "../outbox/mail/transport";
import { VALID_CONTACT } from "../test/enquiry-fixtures";
import { testConfig } from "../test/harness";
import { openDatabase } from "./client";

afterEach(() => vi.restoreAllMocks());

const pathOf = (fd: number) => {
  try {
    return readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return "";
  }
};

describe("durable acknowledgements on the embedded database", () => {
  it("flushes the enquiry's WAL record to disk before answering 201", async () => {
    const dataDir = scratchDir("durable-");
    const database = await openDatabase({ dataDir, lock: { command: "durable test" } });
    const app = await buildApp({ config: testConfig({ DATA_DIR: dataDir }), database, logger: false });
    await app.services.mail.stop(); // only the enquiry's own commit is observed
    const events: string[] = [];
    app.addHook("onSend", async () => {
      events.push("answer");
    });
    const fsync = fs.fsyncSync;
    vi.spyOn(fs, "fsyncSync").mockImplementation((fd) => {
      events.push(`fsync ${pathOf(fd)}`);
      fsync(fd);
    });

    const response = await app.inject({ method: "POST", url: "/api/contact", payload: VALID_CONTACT });
    expect(response.statusCode).toBe(201);
    const answered = events.indexOf("answer");
    const walFlushes = events
      .slice(0, answered)
      .filter((event) => event.startsWith(`fsync ${path.resolve(dataDir, "db", "pg_wal")}`));
    expect(walFlushes.length).toBeGreaterThanOrEqual(1);
    await app.close();
  });

  it("flushes an .eml file and its folder before the message counts as written", async () => {
    const dataDir = scratchDir("durable-mail-");
    const probe = await open(path.join(dataDir, "probe"), "w");
    const prototype = Object.getPrototypeOf(probe);
    await probe.close();
    const synced: string[] = [];
    const sync = prototype.sync;
    vi.spyOn(prototype, "sync").mockImplementation(async function (this: { fd: number }) {
      synced.push(pathOf(this.fd));
      return sync.call(this);
    });
    const transport = createTransport(testConfig({ DATA_DIR: dataDir }));
    await transport.send({ id: "m1", from: "a@example.co.uk", to: "b@example.co.uk", text: "hello" });
    const mailDir = path.join(dataDir, "mail");
    expect(synced).toEqual([path.join(mailDir, "m1.eml.tmp"), mailDir]);
    expect(fs.existsSync(path.join(mailDir, "m1.eml"))).toBe(true);
    transport.close();
  });
});
