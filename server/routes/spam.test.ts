import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SPAM_MESSAGES } from "../../common/admin-messages";
import { FORM_TOKEN_FIELD, SPAM_TOKEN_MAX_AGE_MS } from "../../common/spam";
import { enquiries, mailOutbox } from "../db/schema";
import { readToken, signToken } from "../services/leads/spam";
import { bearer } from "../test/content";
import { VALID_CONTACT } from "../test/enquiry-fixtures";
import { TEST_DATABASES } from "../test/harness";
import { signedInApp, signInAs } from "../test/signed-in";

describe("form tokens", () => {
  it("carry their time and id under our signature only", () => {
    const token = signToken("secret", 1_795_000_000_000, "5f0c6c4e-1d2a-4c1b-9a5e-2b7f3c9d8e01");
    expect(readToken("secret", token)).toEqual({
      issuedAt: 1_795_000_000_000,
      id: "5f0c6c4e-1d2a-4c1b-9a5e-2b7f3c9d8e01",
    });
    expect(readToken("other secret", token)).toBeUndefined();
    expect(readToken("secret", token.replace("1795", "1796"))).toBeUndefined();
    expect(readToken("secret", "not a token")).toBeUndefined();
  });
});

describe.each(TEST_DATABASES)("the spam check on %s", (kind) => {
  // 20 an hour (the default): a client's fourth enquiry in 10 minutes counts towards spam.
  const signed = signedInApp(kind, { ENQUIRY_RATE_LIMIT: "20" });
  let ip = 0;
  const tag = `spam${Date.now()}`;
  /** As the page's form sends it from a browser (its Origin header), or `script` (no browser headers). */
  const submit = (payload: object, remoteAddress = `10.32.${++ip % 250}.1`, script = false) =>
    signed.app.inject({
      method: "POST",
      url: "/api/contact",
      payload,
      remoteAddress,
      headers: script ? {} : { origin: signed.app.config.siteUrl, "sec-fetch-site": "same-origin" },
    });
  const aged = (ms = 20_000) => signed.app.services.spam.issueToken(Date.now() - ms);
  const headers = () => bearer(signed.token);
  /** The stored enquiry with this message, and whether its office mail was queued. */
  async function stored(message: string) {
    const [row] = await signed.app.db
      .select()
      .from(enquiries)
      .where(sql`${enquiries.fields}->>'message' = ${message}`);
    return row;
  }
  async function mailed(id: string) {
    const rows = await signed.app.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.enquiryId, id), eq(mailOutbox.kind, "notification")));
    return rows.length;
  }

  it("hands out a signed token, never cached", async () => {
    const res = await signed.app.inject({ method: "GET", url: "/api/form-token" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.json().token).toMatch(/^\d{13}\.[0-9a-f-]{36}\.[\w-]{43}$/);
  });

  it("lets a genuine enquiry through to the inbox and the outbox", async () => {
    const message = `${tag} genuine: please call about weekly food waste collections`;
    const res = await submit({ ...VALID_CONTACT, message, [FORM_TOKEN_FIELD]: await aged() });
    expect(res.statusCode).toBe(201);
    const row = await stored(message);
    expect(row.status).toBe("new");
    expect(row.spamReasons).toBeNull();
    expect(await mailed(row.id)).toBe(1);
  });

  it("never files a quick person as Spam for the timing alone, but a script's instant send is", async () => {
    const quick = `${tag} quick person`;
    await submit({ ...VALID_CONTACT, message: quick, [FORM_TOKEN_FIELD]: await aged(400) });
    const person = await stored(quick);
    expect(person.status).toBe("new");
    expect(await mailed(person.id)).toBe(1);
    // The same timing from a script that took the page's token (no browser headers): two signals.
    const instant = `${tag} instant bot`;
    const fresh = await signed.app.services.spam.issueToken();
    const res = await submit(
      { ...VALID_CONTACT, message: instant, [FORM_TOKEN_FIELD]: fresh },
      undefined,
      true,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ status: "Created", reference: expect.stringMatching(/^FO-/) });
    const caught = await stored(instant);
    expect(caught.status).toBe("spam");
    expect(caught.spamReasons?.[0]).toMatch(/^Sent \d\.\d s after the form was shown$/);
    expect(caught.spamReasons).toContain(SPAM_MESSAGES.notBrowser);
    expect(await mailed(caught.id)).toBe(0);
  });

  it("keeps a reused and a forged token's enquiry as spam with the reasons, answered alike", async () => {
    const token = await aged();
    await submit({ ...VALID_CONTACT, message: `${tag} first use`, [FORM_TOKEN_FIELD]: token });
    expect((await stored(`${tag} first use`)).status).toBe("new");
    await submit({ ...VALID_CONTACT, message: `${tag} second use`, [FORM_TOKEN_FIELD]: token });
    const reused = await stored(`${tag} second use`);
    expect(reused.status).toBe("spam");
    expect(reused.spamReasons).toContain(SPAM_MESSAGES.reused);

    await submit({
      ...VALID_CONTACT,
      message: `${tag} forged`,
      [FORM_TOKEN_FIELD]: signToken("x", Date.now() - 60_000),
    });
    expect((await stored(`${tag} forged`)).spamReasons).toContain(SPAM_MESSAGES.badToken);
  });

  it("scores the content: links in the name, a message of only links", async () => {
    await submit({ ...VALID_CONTACT, name: "Best <a href=x>deals</a>", message: `${tag} name` });
    expect(
      (await signed.app.db.select().from(enquiries).where(eq(enquiries.status, "spam"))).some((r) =>
        r.spamReasons?.includes(SPAM_MESSAGES.nameLink),
      ),
    ).toBe(true);
    const links = `https://a.example/${tag} https://b.example/x`;
    await submit({ ...VALID_CONTACT, message: links, [FORM_TOKEN_FIELD]: await aged() });
    expect((await stored(links)).spamReasons).toContain(SPAM_MESSAGES.onlyLinks);
  });

  it("counts a client's rate: past three enquiries in 10 minutes it adds to the score, never alone", async () => {
    const client = "10.33.0.9";
    // An API client without form tokens (CONTRACT's REST API) is busy, not spam: every one is mailed.
    for (let i = 1; i <= 4; i++) await submit({ ...VALID_CONTACT, message: `${tag} rate ${i}` }, client);
    for (let i = 1; i <= 4; i++) expect((await stored(`${tag} rate ${i}`)).status).toBe("new");
    // With a second signal (a token past its life) the rate tips it over the threshold.
    const expired = await aged(SPAM_TOKEN_MAX_AGE_MS + 60_000);
    await submit({ ...VALID_CONTACT, message: `${tag} rate 5`, [FORM_TOKEN_FIELD]: expired }, client);
    const fifth = await stored(`${tag} rate 5`);
    expect(fifth.status).toBe("spam");
    expect(fifth.spamReasons).toContain(SPAM_MESSAGES.rate(5));
    expect(fifth.spamReasons).toContain(SPAM_MESSAGES.expired);
    // The same expired token from a quiet client is not spam on its own.
    await submit({
      ...VALID_CONTACT,
      message: `${tag} quiet`,
      [FORM_TOKEN_FIELD]: await aged(SPAM_TOKEN_MAX_AGE_MS + 60_000),
    });
    expect((await stored(`${tag} quiet`)).status).toBe("new");
  });

  it("keeps the disallowed lists on 'Spam' (Owner and Desk), refusing bad input unchanged", async () => {
    const get = await signed.app.inject({ method: "GET", url: "/api/admin/spam", headers: headers() });
    expect(get.json().data.words).toContain("seo");
    const bad = await signed.app.inject({
      method: "PUT",
      url: "/api/admin/spam",
      headers: headers(),
      payload: { words: ["ok"], domains: ["not a domain"] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(SPAM_MESSAGES.invalidDomain);
    const desk = await signInAs(signed.app, "desk");
    const put = await signed.app.inject({
      method: "PUT",
      url: "/api/admin/spam",
      headers: bearer(desk),
      payload: { words: ["seo", `${tag}word`], domains: ["spam.example"] },
    });
    expect(put.statusCode, put.body).toBe(200);
    const editor = await signInAs(signed.app, "editor");
    const refused = await signed.app.inject({
      method: "GET",
      url: "/api/admin/spam",
      headers: bearer(editor),
    });
    expect(refused.statusCode).toBe(403);

    const worded = `${tag} about ${tag}WORD and bins`;
    await submit({ ...VALID_CONTACT, message: worded, [FORM_TOKEN_FIELD]: await aged() });
    // Settings are read afresh within 10 s on every instance; this one dropped its copy on save.
    expect((await stored(worded)).spamReasons).toContain(SPAM_MESSAGES.word(`${tag}word`));
    const domain = `${tag} from a listed domain`;
    await submit({
      ...VALID_CONTACT,
      email: "x@mail.spam.example",
      message: domain,
      [FORM_TOKEN_FIELD]: await aged(),
    });
    const fromDomain = await signed.app.db.select().from(enquiries).where(eq(enquiries.status, "spam"));
    expect(fromDomain.some((r) => r.spamReasons?.includes(SPAM_MESSAGES.domain("spam.example")))).toBe(true);
  });

  it("'Not spam' moves it to the inbox and queues its mail once", async () => {
    const message = `${tag} released`;
    await submit(
      { ...VALID_CONTACT, message, [FORM_TOKEN_FIELD]: await signed.app.services.spam.issueToken() },
      undefined,
      true,
    );
    const row = await stored(message);
    expect(row.status).toBe("spam");
    const detail = await signed.app.inject({
      method: "GET",
      url: `/api/admin/enquiries/${row.id}`,
      headers: headers(),
    });
    expect(detail.json().data.spamReasons.length).toBeGreaterThan(0);
    const release = () =>
      signed.app.inject({
        method: "PUT",
        url: `/api/admin/enquiries/${row.id}/status`,
        headers: headers(),
        payload: { status: "new" },
      });
    expect((await release()).statusCode).toBe(200);
    expect(await mailed(row.id)).toBe(1);
    await signed.app.inject({
      method: "PUT",
      url: `/api/admin/enquiries/${row.id}/status`,
      headers: headers(),
      payload: { status: "closed" },
    });
    await release();
    expect(await mailed(row.id)).toBe(1);
  });
});
