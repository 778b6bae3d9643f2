import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SPAM_MESSAGES } from "../../../common/admin-messages";
import {
  FORM_TOKEN_FIELD,
  SPAM_INSTANT_MS,
  SPAM_THRESHOLD,
  SPAM_TOKEN_MAX_AGE_MS,
  SPAM_WEIGHTS,
} from "../../../common/leads/spam";
import { enquiries, mailOutbox } from "../../db/schema";
import { readToken, signToken } from "../../services/leads/spam";
import { bearer } from "../../test/content";
import { VALID_CONTACT, VALID_QUOTE } from "../../test/enquiry-fixtures";
import { TEST_DATABASES } from "../../test/harness";
import { signedInApp, signInAs } from "../../test/signed-in";

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
  // 20 an hour (the default): a client's fourth enquiry in 10 minutes counts towards spam. The
  // visitor's confirmation is mailed too (AUTO_REPLY), so "never mailed" covers both messages.
  const signed = signedInApp(kind, { ENQUIRY_RATE_LIMIT: "20", AUTO_REPLY: "1" });
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
  /** Every message queued for the enquiry: the office's notification and the visitor's confirmation. */
  async function allMail(id: string) {
    return (
      await signed.app.db
        .select({ kind: mailOutbox.kind })
        .from(mailOutbox)
        .where(eq(mailOutbox.enquiryId, id))
    )
      .map((row) => row.kind)
      .sort();
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
    // 1.5 s after the page, every field filled, from a browser: "too fast" alone (3) is not Spam.
    const quick = `${tag} quick person`;
    await submit({ ...VALID_CONTACT, message: quick, [FORM_TOKEN_FIELD]: await aged(1_500) });
    const person = await stored(quick);
    expect(person.status).toBe("new");
    expect(await mailed(person.id)).toBe(1);
    // A script that took the page's token (no browser headers), 2.5 s or more later: 2, not Spam.
    const patient = `${tag} patient script`;
    await submit(
      { ...VALID_CONTACT, message: patient, [FORM_TOKEN_FIELD]: await aged(3_000) },
      undefined,
      true,
    );
    expect((await stored(patient)).status).toBe("new");
    // The same script at once: too fast and no browser's headers, two signals.
    const instant = `${tag} instant bot`;
    const fresh = await signed.app.services.spam.issueToken(Date.now() - 1_200);
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

  it("files a send with every field filled within a second of the page as Spam, from a browser too", async () => {
    // Issue 45: a browser that filled every field by script and sent 171 ms after the page.
    const scripted = `${tag} filled by script`;
    const res = await submit({ ...VALID_CONTACT, message: scripted, [FORM_TOKEN_FIELD]: await aged(171) });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ status: "Created", reference: expect.stringMatching(/^FO-/) });
    const caught = await stored(scripted);
    expect(caught.status).toBe("spam");
    expect(caught.spamReasons).toEqual([
      expect.stringMatching(/^Sent 0\.\d s after the form was shown$/),
      SPAM_MESSAGES.filledInstantly(SPAM_INSTANT_MS / 1000),
      SPAM_MESSAGES.score(SPAM_WEIGHTS.tooFast + SPAM_WEIGHTS.filledInstantly, SPAM_THRESHOLD),
    ]);
    // Neither the office's notification nor the visitor's confirmation.
    expect(await allMail(caught.id)).toEqual([]);
    // 0.9 s, the quote wizard's every field (the contact block's too): Spam.
    const quote = await signed.app.inject({
      method: "POST",
      url: "/api/quote",
      payload: { ...VALID_QUOTE, wasteType: `${tag} quick quote`, [FORM_TOKEN_FIELD]: await aged(900) },
      remoteAddress: "10.32.251.1",
      headers: { origin: signed.app.config.siteUrl, "sec-fetch-site": "same-origin" },
    });
    expect(quote.statusCode).toBe(201);
    const [quoted] = await signed.app.db
      .select()
      .from(enquiries)
      .where(sql`${enquiries.fields}->>'wasteType' = ${`${tag} quick quote`}`);
    expect(quoted.status).toBe("spam");
    expect(quoted.spamReasons).toContain(SPAM_MESSAGES.filledInstantly(1));
    expect(await allMail(quoted.id)).toEqual([]);
  });

  it("counts a send under a second as Spam only with every field filled (the spam service)", async () => {
    const spam = signed.app.services.spam;
    const at = Date.now();
    const token = () => spam.issueToken(at - 900);
    // 0.9 s, every field filled: Spam on its own.
    const filled = await spam.check("contact", VALID_CONTACT, await token(), "10.35.0.1", at);
    expect(filled).toMatchObject({ spam: true, score: SPAM_WEIGHTS.tooFast + SPAM_WEIGHTS.filledInstantly });
    // 0.9 s with a field of the form left empty (an optional one, were the form to have one): only
    // "too fast", never Spam on that alone.
    for (const empty of ["", "   ", undefined]) {
      const verdict = await spam.check(
        "contact",
        { ...VALID_CONTACT, company: empty },
        await token(),
        "10.35.0.2",
        at,
      );
      expect(verdict).toMatchObject({ spam: false, score: SPAM_WEIGHTS.tooFast, reasons: [] });
    }
    const noPhone = { ...VALID_QUOTE, contact: { ...VALID_QUOTE.contact, phone: "" } };
    expect(await spam.check("quote", noPhone, await token(), "10.35.0.3", at)).toMatchObject({ spam: false });
    // 1.5 s, every field filled: the weak signal alone.
    const later = await spam.check(
      "contact",
      VALID_CONTACT,
      await spam.issueToken(at - 1_500),
      "10.35.0.4",
      at,
    );
    expect(later).toMatchObject({ spam: false, score: SPAM_WEIGHTS.tooFast });
  });

  it("keeps a JSON post sent without loading any page as Spam: no token, no browser's headers", async () => {
    // Issue 45: the REST API was a door around the form token; a bot's message reached the office.
    const message = `${tag} bot through the API`;
    const res = await signed.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { ...VALID_CONTACT, message },
      remoteAddress: "10.32.252.1",
    });
    // CONTRACT's answer is unchanged: 201 with a reference, as for any enquiry.
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ status: "Created", reference: expect.stringMatching(/^FO-[0-9A-F]{8}$/) });
    const row = await stored(message);
    expect(row.status).toBe("spam");
    expect(row.spamReasons).toEqual([
      SPAM_MESSAGES.noToken,
      SPAM_MESSAGES.score(SPAM_WEIGHTS.noToken, SPAM_THRESHOLD),
    ]);
    expect(await allMail(row.id)).toEqual([]);
    // An API client that takes a token from GET /api/form-token and sends it back some seconds
    // later (a token issued 5 s ago) is not Spam for being a client: stored as new and mailed.
    const client = `${tag} API client with a token`;
    await submit(
      { ...VALID_CONTACT, message: client, [FORM_TOKEN_FIELD]: await aged(5_000) },
      "10.32.252.2",
      true,
    );
    const kept = await stored(client);
    expect(kept.status).toBe("new");
    expect(await allMail(kept.id)).toEqual(["confirmation", "notification"]);
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

  it("catches a lead-generation offer and a fake domain notice on their words, never a customer's", async () => {
    // Sent as a person's browser sends them (a token from 45 s before): caught on content alone.
    const offer = `${tag} Hi, I came across your business and wanted to reach out. We help waste firms book qualified sales appointments with facilities managers. Worth a quick chat?`;
    await submit({ ...VALID_CONTACT, message: offer, [FORM_TOKEN_FIELD]: await aged(45_000) });
    const pitched = await stored(offer);
    expect(pitched.status).toBe("spam");
    expect(pitched.spamReasons).toContain(SPAM_MESSAGES.pitch([SPAM_MESSAGES.pitchKinds.leads]));
    expect(pitched.spamReasons).toContain(SPAM_MESSAGES.voice.ask);
    expect(await allMail(pitched.id)).toEqual([]);
    const notice = `${tag} Notice of domain expiry: fenlandorganics.co.uk will be deleted in 48 hours. Renew now at https://renew.example/now`;
    await submit({ ...VALID_CONTACT, message: notice, [FORM_TOKEN_FIELD]: await aged(45_000) });
    const noticed = await stored(notice);
    expect(noticed.status).toBe("spam");
    expect(noticed.spamReasons).toContain(SPAM_MESSAGES.voice.threat);
    // A customer writes some of the same words: a link, urgency, "your website", an invoice.
    for (const genuine of [
      `${tag} URGENT!! Our grease trap is overflowing. I saw on your website you do tankering: can you come today? Photos: https://photos.example.co.uk/trap`,
      `${tag} Hi, our March invoice charged for 3 lifts but you came twice; our domain changed to fenfoods.co.uk, please use it. Would you be open to a quick call?`,
    ]) {
      await submit({ ...VALID_CONTACT, message: genuine, [FORM_TOKEN_FIELD]: await aged(45_000) });
      const row = await stored(genuine);
      expect(row.status, genuine).toBe("new");
      expect(await mailed(row.id)).toBe(1);
    }
  });

  it("counts a client's rate: past three enquiries in 10 minutes it adds to the score, never alone", async () => {
    const client = "10.33.0.9";
    // An API client with tokens from GET /api/form-token (no browser's headers) is busy, not spam.
    for (let i = 1; i <= 4; i++)
      await submit(
        { ...VALID_CONTACT, message: `${tag} rate ${i}`, [FORM_TOKEN_FIELD]: await aged() },
        client,
        true,
      );
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
