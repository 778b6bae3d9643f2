import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { submissionFromBody } from "../../../common/leads/enquiry-submission";
import { FORM_TOKEN_FIELD } from "../../../common/leads/spam";
import { enquiries } from "../../db/schema";
import { signToken } from "../../services/leads/spam";
import { TEST_DATABASES } from "../../test/harness";
import { signedInApp } from "../../test/signed-in";
import { GENUINE, type Sample, SPAM } from "../../test/spam-corpus";

/**
 * The spam check measured on the corpus of server/test/spam-corpus.ts: every genuine enquiry
 * must reach the inbox, and at least 95 % of the spam must be caught. The figures are printed
 * (`spam corpus: …`) and written in the README and docs/features.md:
 * `npx vitest run --project unit server/routes/leads/spam-corpus.test.ts`.
 */
describe.each(TEST_DATABASES)("the spam check on a corpus, on %s", (db) => {
  const signed = signedInApp(db, { ENQUIRY_RATE_LIMIT: "1000" });
  let ip = 0;

  /** How long before the send each sender's token was issued. */
  const AGE_MS = { person: 45_000, quick: 1_200, api: 5_000, instant: 300, headless: 171 } as const;

  async function send({ kind = "contact", fields, sender }: Sample, index: string) {
    const spam = signed.app.services.spam;
    const token =
      sender in AGE_MS
        ? await spam.issueToken(Date.now() - AGE_MS[sender as keyof typeof AGE_MS])
        : sender === "forged"
          ? signToken("not our key", Date.now() - 45_000)
          : sender === "script"
            ? "12345"
            : undefined;
    const message = `${fields.message} [${index}]`;
    const remoteAddress = `10.34.${Math.floor(++ip / 250)}.${ip % 250}`;
    if (sender === "form") {
      // The site's form door (the route actions call the same intake): posted without the page.
      const submission = submissionFromBody(
        kind,
        { ...fields, message },
        { client: remoteAddress, browser: false },
      );
      await signed.app.services.intake.take(submission);
    } else {
      const browser = sender === "person" || sender === "quick" || sender === "headless";
      const res = await signed.app.inject({
        method: "POST",
        url: `/api/${kind}`,
        payload: { ...fields, message, [FORM_TOKEN_FIELD]: token },
        remoteAddress,
        headers: browser ? { origin: signed.app.config.siteUrl, "sec-fetch-site": "same-origin" } : {},
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const [row] = await signed.app.db
      .select({ status: enquiries.status, reasons: enquiries.spamReasons })
      .from(enquiries)
      .where(sql`${enquiries.fields}->>'message' = ${message}`);
    return row;
  }

  it("lets every genuine enquiry through and catches at least 95 % of the spam", async () => {
    const falsePositives: string[] = [];
    for (const [i, sample] of GENUINE.entries()) {
      const row = await send(sample, `g${i}`);
      if (row.status === "spam") falsePositives.push(`${sample.fields.message}: ${row.reasons?.join("; ")}`);
    }
    const missed: Sample[] = [];
    for (const [i, sample] of SPAM.entries())
      if ((await send(sample, `s${i}`)).status !== "spam") missed.push(sample);
    const caught = SPAM.length - missed.length;
    // Spam sent as a person's browser sends it (a token, 45 s): caught on its content alone.
    const byContent = SPAM.filter((sample) => sample.sender === "person");
    const contentCaught = byContent.length - missed.filter((sample) => sample.sender === "person").length;
    const share = (n: number, of: number) => `${((n / of) * 100).toFixed(1)} %`;
    console.info(
      `spam corpus: ${falsePositives.length} of ${GENUINE.length} genuine caught; ` +
        `${caught} of ${SPAM.length} spam caught (${share(caught, SPAM.length)}); ` +
        `sent as a person (content alone): ${contentCaught} of ${byContent.length} (${share(contentCaught, byContent.length)}); ` +
        `missed: ${missed.map((sample) => `${sample.sender}: ${sample.fields.message}`).join(" | ")}`,
    );
    expect(falsePositives).toEqual([]);
    expect(caught / SPAM.length).toBeGreaterThanOrEqual(0.95);
  });
});
