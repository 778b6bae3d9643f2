import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_MESSAGES } from "../common/messages";
import { buildApp } from "./app";
import { loggableError } from "./log-safety";
import { VALID_CONTACT } from "./test/enquiry-fixtures";
import { capturedLog, openTestDatabase, TEST_DATABASES, testConfig } from "./test/harness";

describe.each(TEST_DATABASES)("a failed database write on %s", (kind) => {
  const { lines, stream } = capturedLog();
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    const database = await openTestDatabase(kind);
    // Every insert of this visitor fails inside the database (a check the row breaks).
    await database.db.execute(
      sql.raw(
        `alter table enquiries add constraint refuse_jane check (fields->>'email' <> '${VALID_CONTACT.email}')`,
      ),
    );
    app = await buildApp({
      config: testConfig(),
      database,
      logger: { level: "info", stream },
      redisKeyPrefix: `test-${randomUUID()}:`,
    });
  });
  afterAll(() => app.close());

  it("is logged with its query and code, without the visitor's data", async () => {
    const response = await app.inject({ method: "POST", url: "/api/contact", payload: VALID_CONTACT });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ status: "Error", message: API_MESSAGES.internal });
    const logged = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === "request failed");
    expect(logged?.err.message).toMatch(/^Failed query: insert into "enquiries"/);
    expect(JSON.stringify(logged?.err)).toContain("23514"); // check_violation, from the cause
    for (const value of [VALID_CONTACT.email, VALID_CONTACT.name, VALID_CONTACT.phone, "weekly collections"])
      expect(lines.join("\n")).not.toContain(value);
  });
});

describe("loggableError", () => {
  it("keeps an ordinary error's message, code, stack frames and cause", () => {
    const error = Object.assign(new Error("outer", { cause: new Error("inner") }), { code: "E_X" });
    const out = loggableError(error);
    expect(out).toMatchObject({ type: "Error", message: "outer", code: "E_X" });
    expect(out.stack).toMatch(/^Error: outer\n\s+at /);
    expect(out.cause).toMatchObject({ type: "Error", message: "inner" });
  });

  it("describes anything thrown that is not an error", () => {
    expect(loggableError("text")).toEqual({ type: "string", message: "text", stack: "" });
  });
});
