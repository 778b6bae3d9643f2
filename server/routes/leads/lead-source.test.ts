import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ENQUIRY_MESSAGES } from "../../../common/leads/enquiry-messages";
import { enquiries } from "../../db/schema";
import { normaliseLeadSource } from "../../services/leads/lead-source";
import { ADMIN, bearer } from "../../test/content";
import { VALID_CONTACT, VALID_QUOTE, withFormToken } from "../../test/enquiry-fixtures";
import { TEST_DATABASES } from "../../test/harness";
import { signedInApp } from "../../test/signed-in";

describe("a lead's source as stored", () => {
  it("keeps the landing path, the referring domain and the utm values, normalised", () => {
    expect(
      normaliseLeadSource({
        landing: "/services?utm_source=x#top",
        referrer: "WWW.Google.co.uk",
        utmSource: " Newsletter ",
        utmMedium: "email",
        utmCampaign: "Spring 2026",
      }),
    ).toEqual({
      landing: "/services",
      referrer: "google.co.uk",
      utmSource: "newsletter",
      utmMedium: "email",
      utmCampaign: "spring 2026",
    });
  });

  it("drops what is not a path, a domain or a campaign value, and an empty source is null", () => {
    expect(
      normaliseLeadSource({
        landing: "//evil.example/x",
        referrer: "not a domain",
        utmSource: "<script>",
        utmMedium: "",
      }),
    ).toBeNull();
    expect(normaliseLeadSource({ landing: "https://evil.example/" })).toBeNull();
    expect(normaliseLeadSource(undefined)).toBeNull();
    expect(normaliseLeadSource({ landing: "/quote" })).toEqual({
      landing: "/quote",
      referrer: null,
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
    });
  });
});

describe.each(TEST_DATABASES)("each lead's source on %s", (kind) => {
  const signed = signedInApp(kind, { ENQUIRY_RATE_LIMIT: "1000" });
  let ip = 0;
  const submit = async (url: string, payload: object) =>
    signed.app.inject({
      method: "POST",
      url,
      payload: await withFormToken(signed.app, payload),
      remoteAddress: `10.31.0.${++ip % 250}`,
    });
  const get = (url: string) => signed.app.inject({ method: "GET", url, headers: bearer(signed.token) });
  const tag = `src${Date.now()}`;

  it("stores the source sent with the form and shows it on the enquiry, in the list and in the CSV", async () => {
    const source = {
      landing: "/services",
      referrer: "www.facebook.com",
      utmSource: `${tag}-ads`,
      utmMedium: "cpc",
      utmCampaign: "autumn",
    };
    const res = await submit("/api/contact", { ...VALID_CONTACT, message: `${tag} one`, source });
    expect(res.statusCode, res.body).toBe(201);
    const listed = (await get(`/api/admin/enquiries?q=${tag}`)).json();
    expect(listed.data, JSON.stringify(listed)).toHaveLength(1);

    const expected = { ...source, referrer: "facebook.com", utmSource: `${tag}-ads` };
    expect(listed.data[0].source).toEqual(expected);
    const detail = (await get(`/api/admin/enquiries/${listed.data[0]._id}`)).json().data;
    expect(detail.source).toEqual(expected);
    const csv = (await get(`/api/admin/enquiries/export.csv?q=${tag}`)).body;
    expect(csv.split("\r\n")[0]).toMatch(/,Landing page,Came from,utm_source,utm_medium,utm_campaign,Stage$/);
    expect(csv.split("\r\n")[1]).toMatch(new RegExp(`,/services,facebook.com,${tag}-ads,cpc,autumn,New$`));
  });

  it("keeps an enquiry without a source (a form sent without JavaScript's help) with source null", async () => {
    const res = await submit("/api/quote", {
      ...VALID_QUOTE,
      contact: { ...VALID_QUOTE.contact, name: tag },
    });
    expect(res.statusCode, res.body).toBe(201);
    const listed = (await get(`/api/admin/enquiries?q=${tag}&kind=quote`)).json();
    expect(listed.data[0].source).toBeNull();
  });

  it("refuses a malformed source with the catalogue's message and stores nothing", async () => {
    const before = (await get(`/api/admin/enquiries?q=${tag}`)).json().data.length;
    for (const source of ["google", { landing: 5 }, { utmSource: "x".repeat(101) }, [1]]) {
      const res = await submit("/api/contact", { ...VALID_CONTACT, message: `${tag} bad`, source });
      expect(res.statusCode, JSON.stringify(source)).toBe(400);
      expect(res.json().message).toBe(ENQUIRY_MESSAGES.invalidSource);
    }
    expect((await get(`/api/admin/enquiries?q=${tag}`)).json().data).toHaveLength(before);
  });

  it("filters the inbox and the CSV by referring domain or utm_source, in any case", async () => {
    await submit("/api/contact", {
      ...VALID_CONTACT,
      message: `${tag} two`,
      source: { landing: "/", referrer: `${tag}.example` },
    });
    const byDomain = (await get(`/api/admin/enquiries?source=${tag.toUpperCase()}.EXAMPLE`)).json();
    expect(byDomain.data.map((e: { fields: { message: string } }) => e.fields.message)).toEqual([
      `${tag} two`,
    ]);
    const byUtm = (await get(`/api/admin/enquiries?source=${tag}-ADS`)).json();
    expect(byUtm.data.map((e: { fields: { message: string } }) => e.fields.message)).toEqual([`${tag} one`]);
    const csv = (await get(`/api/admin/enquiries/export.csv?source=${tag}.example`)).body;
    expect(csv.trim().split("\r\n")).toHaveLength(2);
    const tooLong = await get(`/api/admin/enquiries?source=${"x".repeat(101)}`);
    expect(tooLong.statusCode).toBe(400);
  });

  it("erases the source with the enquiry", async () => {
    const email = `${tag}@example.co.uk`;
    await submit("/api/contact", {
      ...VALID_CONTACT,
      email,
      message: `${tag} erase`,
      source: { landing: "/about", referrer: "bing.com" },
    });
    const [row] = (await get(`/api/admin/enquiries?q=${tag} erase`)).json().data;
    expect(row.source.referrer).toBe("bing.com");
    const owner = await signed.app.services.accounts.findByEmail(ADMIN.email);
    if (!owner) throw new Error("no owner");
    expect(await signed.app.services.privacy.erase(email, owner)).toBe(1);
    const [stored] = await signed.app.db
      .select({ source: enquiries.source })
      .from(enquiries)
      .where(eq(enquiries.id, row._id));
    expect(stored.source).toBeNull();
    expect((await get(`/api/admin/enquiries/${row._id}`)).json().data.source).toBeNull();
  });
});
