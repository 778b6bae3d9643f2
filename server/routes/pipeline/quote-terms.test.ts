import { beforeAll, describe, expect, it } from "vitest";
import { QUOTE_TERMS_MESSAGES } from "../../../common/pipeline/quote-terms";
import { DEFAULT_QUOTE_TERMS } from "../../../common/pipeline/quotes";
import { ROLE_MESSAGES } from "../../../common/staff/roles";
import { bearer } from "../../test/content";
import { VALID_CONTACT } from "../../test/enquiry-fixtures";
import { TEST_DATABASES } from "../../test/harness";
import { signedInApp, signInAs } from "../../test/signed-in";

const LINES = [
  {
    description: "Food waste collection",
    quantityThousandths: 2000,
    unit: "collection",
    unitPricePence: 2500,
  },
];

/** The quotes' terms from site content (issue 49): the Owner's alone; each version keeps its own. */
describe.each(TEST_DATABASES)("the quotes' terms on %s", (kind) => {
  const api = signedInApp(kind);
  let owner: string;
  let desk: string;
  let editor: string;
  beforeAll(async () => {
    owner = await signInAs(api.app, "owner");
    desk = await signInAs(api.app, "desk");
    editor = await signInAs(api.app, "editor");
  });
  const call = (method: "GET" | "POST" | "PUT", url: string, token: string, payload?: object) =>
    api.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const publishTerms = async (terms: string, token = owner) => {
    const state = (await call("GET", "/api/admin/site/quote-terms", token)).json().result;
    const saved = await call("PUT", "/api/admin/site/quote-terms/draft", token, {
      data: { terms },
      baseVersion: state?.version ?? 0,
    });
    if (saved.statusCode !== 200) return saved;
    return call("POST", "/api/admin/site/quote-terms/publish", token, {
      baseVersion: saved.json().result.version,
    });
  };
  const draft = async (body: object = { lines: LINES }) => {
    const { id } = await api.app.services.enquiries.submit("contact", VALID_CONTACT);
    const res = await call("POST", `/api/admin/enquiries/${id}/quotes`, desk, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };

  it("gives a new quote the published terms; a sent quote keeps the terms it was sent with", async () => {
    const before = await draft();
    expect(before.terms).toBe(DEFAULT_QUOTE_TERMS);
    expect((await call("POST", `/api/admin/quotes/${before.id}/send`, desk)).statusCode).toBe(200);

    const published = await publishTerms(
      "Payment within 14 days. Collections start within a week of acceptance.",
    );
    expect(published.statusCode, published.body).toBe(200);
    const after = await draft();
    expect(after.terms).toBe("Payment within 14 days. Collections start within a week of acceptance.");
    // The quote sent before keeps its own words, on the desk and by its link.
    expect((await call("GET", `/api/admin/quotes/${before.id}`, desk)).json().data.terms).toBe(
      DEFAULT_QUOTE_TERMS,
    );
    // A revision of the sent quote is a new version: it takes the terms published now.
    const revised = await call("PUT", `/api/admin/quotes/${before.id}`, desk, { lines: LINES });
    expect(revised.json().data).toMatchObject({
      version: 2,
      terms: "Payment within 14 days. Collections start within a week of acceptance.",
    });
    expect((await call("GET", `/api/admin/quotes/${before.id}`, desk)).json().data).toMatchObject({
      state: "superseded",
      terms: DEFAULT_QUOTE_TERMS,
    });
    // Staff may still give a quote its own terms.
    expect((await draft({ lines: LINES, terms: "Special terms for this site." })).terms).toBe(
      "Special terms for this site.",
    );
  });

  it("lets only the Owner read and edit them; the Editor and the Desk are refused and do not see them listed", async () => {
    const refused = await publishTerms("Editor's terms", editor);
    expect([refused.statusCode, refused.json().message]).toEqual([
      403,
      ROLE_MESSAGES.forbidden("pipeline-settings"),
    ]);
    const read = await call("GET", "/api/admin/site/quote-terms", editor);
    expect(read.statusCode).toBe(403);
    const listed = (await call("GET", "/api/admin/site", editor))
      .json()
      .result.map((d: { key: string }) => d.key);
    expect(listed).not.toContain("quote-terms");
    expect(listed).toContain("site-details");
    const ownerList = (await call("GET", "/api/admin/site", owner))
      .json()
      .result.map((d: { key: string }) => d.key);
    expect(ownerList).toContain("quote-terms");
    expect((await call("GET", "/api/admin/site/quote-terms", desk)).statusCode).toBe(403);
    // Nothing the Editor tried was kept.
    expect((await draft()).terms).not.toBe("Editor's terms");
  });

  it("refuses empty terms with the catalogue's message; what is published stays", async () => {
    await publishTerms("Terms that stay.");
    const empty = await publishTerms("   ");
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain(QUOTE_TERMS_MESSAGES.terms);
    expect((await draft()).terms).toBe("Terms that stay.");
  });
});
