import { createCipheriv, randomBytes } from "node:crypto";
import { ENQUIRY_MESSAGES, QUOTE_MESSAGES } from "@common/leads/enquiry-messages";
import { QUOTE_STATE_COOKIE, QUOTE_STATE_MAX_AGE_S } from "@common/leads/quote-state";
import { describe, expect, it } from "vitest";
import { emptyDraft, type QuoteDraft } from "./quote-draft";
import {
  answersFrom,
  checkStep,
  choice,
  firstUnanswered,
  openQuoteState,
  quoteStateCookie,
  sealQuoteState,
} from "./quote-wizard.server";

const key = randomBytes(32);
const draft: QuoteDraft = {
  businessType: "Farming",
  wasteType: "Vegetable peelings",
  frequency: "Twice a week",
  location: "PE1 5XG",
  contact: { name: "Quinn Ó Briain", email: "quinn@example.co.uk", phone: "01733 222 333" },
};
const NOW = Date.UTC(2026, 10, 28, 9);

const form = (fields: Record<string, string>) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return body;
};

describe("the quote wizard's state cookie", () => {
  it("opens what it sealed, with the form token and the reference", () => {
    const sealed = sealQuoteState(key, { draft, token: "a.b.c", sent: "FO-1A2B3C4D" }, NOW);
    expect(openQuoteState(key, sealed, NOW + 1000)).toEqual({ draft, token: "a.b.c", sent: "FO-1A2B3C4D" });
  });

  it("holds none of the visitor's answers readable: not in the value, nor in its base64 decoded", () => {
    const sealed = sealQuoteState(key, { draft, token: "a.b.c" }, NOW);
    const decoded = sealed
      .split(".")
      .map((part) => Buffer.from(part, "base64url").toString("latin1"))
      .join(" ");
    for (const text of [sealed, decoded, Buffer.from(sealed, "base64url").toString("latin1")])
      for (const answer of [
        draft.contact.name,
        "Quinn",
        draft.contact.email,
        "quinn@",
        draft.contact.phone,
        "01733",
        draft.location,
        "PE1",
        draft.wasteType,
      ])
        expect(text).not.toContain(answer);
    // Sealed again, the same answers give another value (a fresh IV each time).
    expect(sealQuoteState(key, { draft, token: "a.b.c" }, NOW)).not.toBe(sealed);
  });

  it("refuses a value altered in any part, sealed with another key, or not ours at all", () => {
    const sealed = sealQuoteState(key, { draft }, NOW);
    const parts = sealed.split(".");
    const flip = (part: string, at: number) =>
      `${part.slice(0, at)}${part[at] === "A" ? "B" : "A"}${part.slice(at + 1)}`;
    for (const [i, at] of [
      [0, 3],
      [1, 0],
      [1, 20],
      [2, 5],
    ]) {
      const altered = parts.map((part, j) => (j === i ? flip(part, at) : part)).join(".");
      expect(openQuoteState(key, altered, NOW)).toBeUndefined();
    }
    expect(openQuoteState(randomBytes(32), sealed, NOW)).toBeUndefined();
    // The format of before (base64 JSON, signed): no longer opened.
    const plain = Buffer.from(JSON.stringify({ d: draft })).toString("base64url");
    expect(openQuoteState(key, `${plain}.${NOW + 1000}.${"A".repeat(43)}`, NOW)).toBeUndefined();
    for (const junk of ["", "abc", parts.slice(0, 2).join("."), `${sealed}.x`, "%%%.1.2"])
      expect(openQuoteState(key, junk, NOW)).toBeUndefined();
  });

  it("opens a value sealed with any key given (a rotation's previous one), the current one first", () => {
    const previous = randomBytes(32);
    const sealed = sealQuoteState(previous, { draft }, NOW);
    expect(openQuoteState([key, previous], sealed, NOW)?.draft).toEqual(draft);
    expect(openQuoteState([key], sealed, NOW)).toBeUndefined();
  });

  it("ignores an expired value (its life is QUOTE_STATE_MAX_AGE_S from the last step sent)", () => {
    const sealed = sealQuoteState(key, { draft }, NOW);
    expect(openQuoteState(key, sealed, NOW + QUOTE_STATE_MAX_AGE_S * 1000 - 1)?.draft).toEqual(draft);
    expect(openQuoteState(key, sealed, NOW + QUOTE_STATE_MAX_AGE_S * 1000)).toBeUndefined();
  });

  it("gives back a well-formed draft whatever was signed, each answer within its limit", () => {
    const body = Buffer.from(
      JSON.stringify({ d: { wasteType: 7, contact: "x", location: "A".repeat(40) }, e: NOW + 1000 }),
    );
    const opened = openQuoteState(key, sealWith(body), NOW);
    expect(opened?.draft).toEqual({ ...emptyDraft(), location: "A".repeat(16) });
  });

  it("is an HttpOnly, SameSite=Lax cookie for the quote pages alone, removed with Max-Age=0", () => {
    expect(quoteStateCookie("v", true)).toBe(
      `${QUOTE_STATE_COOKIE}=v; Max-Age=${QUOTE_STATE_MAX_AGE_S}; Path=/quote; HttpOnly; SameSite=Lax; Secure`,
    );
    expect(quoteStateCookie(undefined, false)).toBe(
      `${QUOTE_STATE_COOKIE}=; Max-Age=0; Path=/quote; HttpOnly; SameSite=Lax`,
    );
  });
});

/** A value sealed with the test key around any JSON (what a leaked key could make). */
function sealWith(body: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(`${QUOTE_STATE_COOKIE}/v1`));
  const sealed = Buffer.concat([cipher.update(body), cipher.final()]);
  return [iv, sealed, cipher.getAuthTag()].map((part) => part.toString("base64url")).join(".");
}

describe("a step sent without JavaScript", () => {
  it("takes the card or the free text, whichever the visitor changed", () => {
    expect(choice(form({ businessType: "Farming" }), "businessType", "")).toBe("Farming");
    expect(choice(form({ businessTypeOther: "Brewery" }), "businessType", "")).toBe("Brewery");
    // Kept free text, a card picked now: the card (the text box still holds the old answer).
    expect(
      choice(form({ businessType: "Council", businessTypeOther: "Brewery" }), "businessType", "Brewery"),
    ).toBe("Council");
    // Kept card, text typed now: the text (a card cannot be unchecked without scripts).
    expect(
      choice(form({ businessType: "Farming", businessTypeOther: "Brewery" }), "businessType", "Farming"),
    ).toBe("Brewery");
    expect(choice(form({ businessTypeOther: "" }), "businessType", "Brewery")).toBe("");
  });

  it("reads each step's fields over the answers kept", () => {
    const kept = { ...emptyDraft(), businessType: "Farming" };
    expect(answersFrom(2, form({ wasteType: "Sludge", businessType: "Council" }), kept)).toEqual({
      ...kept,
      wasteType: "Sludge",
    });
    expect(answersFrom(5, form({ name: "Ann", email: "a@b.co", phone: "1" }), kept).contact).toEqual({
      name: "Ann",
      email: "a@b.co",
      phone: "1",
    });
  });

  it("gives every error of step 5 in SPEC's order (name, email, phone), each with its field", () => {
    expect(checkStep(5, emptyDraft()).errors).toEqual([
      { field: "name", message: QUOTE_MESSAGES.name },
      { field: "email", message: QUOTE_MESSAGES.email },
      { field: "phone", message: QUOTE_MESSAGES.phone },
    ]);
    const partly = { ...emptyDraft(), contact: { name: "Ann", email: "nope", phone: "" } };
    expect(checkStep(5, partly).errors).toEqual([
      { field: "email", message: ENQUIRY_MESSAGES.invalidEmail },
      { field: "phone", message: QUOTE_MESSAGES.phone },
    ]);
  });

  it("normalises the post code once step 4 is answered, and finds the first step left unanswered", () => {
    expect(checkStep(4, { ...emptyDraft(), location: "pe1  5xg" })).toEqual({
      errors: [],
      draft: { ...emptyDraft(), location: "PE1 5XG" },
    });
    expect(checkStep(1, emptyDraft()).errors).toEqual([
      { field: "businessType", message: QUOTE_MESSAGES.businessType },
    ]);
    expect(firstUnanswered(3, { ...emptyDraft(), businessType: "Farming" })).toBe(2);
    expect(firstUnanswered(6, draft)).toBeUndefined();
    expect(firstUnanswered(1, emptyDraft())).toBeUndefined();
  });
});
