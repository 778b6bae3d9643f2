import { describe, expect, it } from "vitest";
import { SPAM_TOKEN_MAX_AGE_MS } from "../../../common/leads/spam";
import { spamTokens } from "../../db/schema";
import { buildTestApp, TEST_DATABASES } from "../../test/harness";
import type { TimedWorker } from "../../workers";

/**
 * Spent form tokens are forgotten by one timed worker, whichever door spent them (the REST API,
 * the contact, tankering and quote forms): no door prunes on its own (issue 46, one enquiry door).
 */
describe.each(TEST_DATABASES)("the spent form tokens on %s", (kind) => {
  it("are deleted by the spam-tokens worker once past a token's life and an hour, the others kept", async () => {
    const app = await buildTestApp(kind);
    try {
      const now = Date.now();
      const old = new Date(now - SPAM_TOKEN_MAX_AGE_MS - 2 * 60 * 60_000);
      const recent = new Date(now - 60_000);
      const oldId = crypto.randomUUID();
      const recentId = crypto.randomUUID();
      await app.db.insert(spamTokens).values([
        { id: oldId, usedAt: old },
        { id: recentId, usedAt: recent },
      ]);
      const worker = app.services.workers.all.find((w) => w.name === "spam-tokens") as TimedWorker;
      expect(worker).toBeDefined();
      worker.start();
      await expect
        .poll(async () => (await app.db.select().from(spamTokens)).map((row) => row.id).sort())
        .toEqual([recentId]);
      await worker.stop();
    } finally {
      await app.close();
    }
  });
});
