import { describe, expect, it } from "vitest";
import { firstIssue } from "../zod";
import { contactSchema, isUkPostCode, normalisePostCode, quoteSchema, tankeringSchema } from "./enquiries";
import { CONTACT_MESSAGES, ENQUIRY_MESSAGES, QUOTE_MESSAGES, TANKERING_MESSAGES } from "./enquiry-messages";

describe("post codes", () => {
  it.each([
    ["pe1 5xg", "PE1 5XG"],
    ["  PE15XG ", "PE1 5XG"],
    ["sw1a   1aa", "SW1A 1AA"],
    ["m11ae", "M1 1AE"],
    ["ec1a1bb", "EC1A 1BB"],
  ])("normalises %j to %j", (raw, expected) => {
    expect(isUkPostCode(raw)).toBe(true);
    expect(normalisePostCode(raw)).toBe(expected);
  });

  it.each(["12345", "PE1", "PEE 5XG", "PE1 55G", "hello world", "P1 5XGG"])("refuses %j", (raw) => {
    expect(isUkPostCode(raw)).toBe(false);
  });

  it("checks the post code only after the required check", () => {
    const base = { businessType: "Farming", wasteType: "Food", frequency: "Daily" };
    expect(firstIssue(quoteSchema.safeParse({ ...base, location: "  " }))).toBe(QUOTE_MESSAGES.location);
    expect(firstIssue(quoteSchema.safeParse({ ...base, location: "nope" }))).toBe(
      ENQUIRY_MESSAGES.invalidPostCode,
    );
  });
});

describe("first failing field", () => {
  it("is reported in the fields' checking order for every form", () => {
    expect(firstIssue(contactSchema.safeParse({ email: "", company: "" }))).toBe(CONTACT_MESSAGES.name);
    expect(firstIssue(contactSchema.safeParse({ name: "A", email: "a@b.co", phone: "1" }))).toBe(
      CONTACT_MESSAGES.company,
    );
    // Tankering checks frequency before phone, unlike the field order on the page.
    expect(firstIssue(tankeringSchema.safeParse({ name: "A", email: "a@b.co" }))).toBe(
      TANKERING_MESSAGES.frequency,
    );
    expect(
      firstIssue(
        quoteSchema.safeParse({
          businessType: "x",
          wasteType: "x",
          frequency: "x",
          location: "PE1 5XG",
          contact: { name: "A", phone: "1" },
        }),
      ),
    ).toBe(QUOTE_MESSAGES.email);
  });

  it("refuses a malformed e-mail after the empty check", () => {
    expect(firstIssue(contactSchema.safeParse({ name: "A", email: " " }))).toBe(CONTACT_MESSAGES.email);
    for (const email of ["a", "a@b", "a b@c.uk", "@c.uk"])
      expect(firstIssue(contactSchema.safeParse({ name: "A", email }))).toBe(ENQUIRY_MESSAGES.invalidEmail);
  });

  it("trims values", () => {
    const parsed = contactSchema.parse({
      name: " A ",
      email: "a@b.co",
      company: "C",
      phone: "1",
      message: " m ",
    });
    expect(parsed).toMatchObject({ name: "A", message: "m" });
  });
});
