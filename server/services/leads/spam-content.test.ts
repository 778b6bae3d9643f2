import { describe, expect, it } from "vitest";
import { SPAM_MESSAGES } from "../../../common/admin-messages";
import { DEFAULT_SPAM_SETTINGS, SPAM_THRESHOLD, SPAM_WEIGHTS } from "../../../common/leads/spam";
import { VALID_CONTACT, VALID_QUOTE, VALID_TANKERING } from "../../test/enquiry-fixtures";
import { contentReasons, everyFieldFilled, FORM_FIELDS } from "./spam-content";

const score = (message: string) =>
  contentReasons({ ...VALID_CONTACT, message }, DEFAULT_SPAM_SETTINGS).reduce(
    (sum, [weight]) => sum + weight,
    0,
  );

describe("every field of a form filled", () => {
  it("names every field of each form's schema, the quote's contact block's too", () => {
    expect(FORM_FIELDS).toEqual({
      contact: [["name"], ["email"], ["company"], ["phone"], ["message"]],
      quote: [
        ["businessType"],
        ["wasteType"],
        ["frequency"],
        ["location"],
        ["contact", "name"],
        ["contact", "email"],
        ["contact", "phone"],
      ],
      tankering: [["name"], ["email"], ["frequency"], ["phone"], ["message"]],
      // A booked review's, as its enquiry keeps them: the note (message) is optional.
      review: [["start"], ["name"], ["email"], ["phone"], ["company"], ["location"], ["message"]],
    });
  });

  it("is true only when each of them holds text other than white space", () => {
    expect(everyFieldFilled("contact", VALID_CONTACT)).toBe(true);
    expect(everyFieldFilled("tankering", VALID_TANKERING)).toBe(true);
    expect(everyFieldFilled("quote", VALID_QUOTE)).toBe(true);
    for (const empty of ["", " \n\t", undefined, null, 42])
      expect(everyFieldFilled("contact", { ...VALID_CONTACT, company: empty })).toBe(false);
    const { phone: _phone, ...withoutPhone } = VALID_TANKERING;
    expect(everyFieldFilled("tankering", withoutPhone)).toBe(false);
    expect(
      everyFieldFilled("quote", { ...VALID_QUOTE, contact: { ...VALID_QUOTE.contact, email: "" } }),
    ).toBe(false);
    expect(everyFieldFilled("quote", { ...VALID_QUOTE, contact: "Quinn" })).toBe(false);
    // Fields the form does not have (the honeypot, the token, the lead source) change nothing.
    expect(everyFieldFilled("contact", { ...VALID_CONTACT, fo_office_ref: "", formToken: "" })).toBe(true);
  });
});

describe("the pitches and notices of a message", () => {
  it("weighs one pitch phrase 3 and a second 2 more, naming the kinds, never the visitor's words", () => {
    const reasons = contentReasons(
      { ...VALID_CONTACT, message: "We offer lead generation and appointment setting." },
      DEFAULT_SPAM_SETTINGS,
    );
    expect(reasons).toContainEqual([
      SPAM_WEIGHTS.pitch,
      SPAM_MESSAGES.pitch([SPAM_MESSAGES.pitchKinds.leads]),
    ]);
    expect(reasons).toContainEqual([SPAM_WEIGHTS.pitchMore, SPAM_MESSAGES.pitchMore(2)]);
    for (const [, reason] of reasons) expect(reason).not.toMatch(/lead generation|appointment setting/);
  });

  it("never files a message as Spam on one sign alone, and a customer's words stay under the threshold", () => {
    for (const message of [
      "Found you through Google Ads.",
      "I saw on your website that you take spent grain; we produce 2 tonnes a week.",
      "Our contract is up for renewal; please send the invoice to our finance team.",
      "Would you be open to a meeting about our 30 schools' food waste?",
      "URGENT: our grease trap is overflowing, can you send a tanker today? https://photos.example.co.uk/trap",
      "Please send a copy of your insurance certificate: ours on file has expired.",
      "We have a long list of sites across Norfolk; I'm the decision maker for the waste contract.",
      "We have a special offer this week at the café, so could you collect our food waste twice?",
    ])
      expect(score(message), message).toBeLessThan(SPAM_THRESHOLD);
  });

  it("files a pitch that asks for none of our services, and a fake notice, as Spam", () => {
    for (const message of [
      "Hi, I came across your business and wanted to reach out. We specialise in getting waste firms in front of restaurant owners. Worth a chat?",
      "Your domain fenlandorganics.co.uk will be deleted in 24 hours. Confirm ownership: https://dns-verify.example",
      "Invoice 8812 for your online advertising package remains outstanding. Please make payment today.",
      // The door audit's held-out miss (issue 45): a data-list seller, an adjective before 'list of'.
      "We have a verified list of 12,000 UK food and drink manufacturers with decision-maker emails and phone numbers. Special price this month only. Want a sample?",
      "We've got an up-to-date database of 8,000 UK caterers. Introductory offer this week: £99 for the lot.",
    ])
      expect(score(message), message).toBeGreaterThanOrEqual(SPAM_THRESHOLD);
  });

  it("scores a message of 5,000 characters of any shape in linear time", () => {
    for (const message of [
      "Aa ".repeat(1666),
      "a".repeat(5000),
      "we provide ".repeat(454),
      "your domain ".repeat(416),
    ]) {
      const started = performance.now();
      contentReasons({ ...VALID_CONTACT, message: message.slice(0, 5000) }, DEFAULT_SPAM_SETTINGS);
      // Catastrophic backtracking takes seconds; the whole check takes a few milliseconds.
      expect(performance.now() - started).toBeLessThan(500);
    }
  });
});
