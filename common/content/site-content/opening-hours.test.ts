import { describe, expect, it } from "vitest";
import { COMPANY, COMPANY_ADDRESS_LINE, OPENING_HOURS_TEXT } from "../../company";
import { confirmationMail } from "../../leads/confirmation";
import {
  addressLine,
  openingHoursText,
  openNow,
  openNowText,
  phoneLinks,
  publicRegisterUrl,
  upcomingSpecialDays,
} from "./opening-hours";
import { SITE_DETAILS_DEFAULTS, type SiteDetails, type SpecialDay } from "./site-details-defaults";

const closed = (from: string, note = "", to = ""): SpecialDay => ({
  from,
  to,
  hours: { closed: true },
  note,
});
const withDays = (...specialDays: SpecialDay[]): SiteDetails => ({ ...SITE_DETAILS_DEFAULTS, specialDays });
const at = (iso: string) => new Date(iso);

describe("open now (Europe/London, special days included)", () => {
  it("is open until the closing minute and closed from it", () => {
    // Monday 3 March 2025, GMT: London is UTC.
    expect(openNow(SITE_DETAILS_DEFAULTS, at("2025-03-03T17:59:00Z"))).toEqual({
      open: true,
      closesAt: "18:00",
      note: "",
    });
    expect(openNowText(SITE_DETAILS_DEFAULTS, at("2025-03-03T17:59:59Z"))).toBe("Open now · closes at 18:00");
    expect(openNowText(SITE_DETAILS_DEFAULTS, at("2025-03-03T18:00:00Z"))).toBe(
      "Closed now · opens tomorrow at 06:00",
    );
    expect(openNowText(SITE_DETAILS_DEFAULTS, at("2025-03-03T05:59:00Z"))).toBe(
      "Closed now · opens today at 06:00",
    );
  });

  it("is closed on a special day closed, with its note, and opens after it", () => {
    const site = withDays(closed("2025-12-25", "emergency tankering only", "2025-12-26"));
    // Thursday 25 December 2025, 10:00: closed; Friday 26 too; Saturday opens at 08:00.
    expect(openNow(site, at("2025-12-25T10:00:00Z"))).toEqual({
      open: false,
      next: { day: "2025-12-27", opens: "08:00" },
      note: "emergency tankering only",
    });
    expect(openNowText(site, at("2025-12-25T10:00:00Z"))).toBe(
      "Closed now · opens Saturday at 08:00 (emergency tankering only)",
    );
  });

  it("keeps a special day's other hours", () => {
    const site = withDays({
      from: "2025-12-24",
      to: "",
      hours: { closed: false, opens: "08:00", closes: "12:00" },
      note: "",
    });
    expect(openNowText(site, at("2025-12-24T07:00:00Z"))).toBe("Closed now · opens today at 08:00");
    expect(openNowText(site, at("2025-12-24T11:59:00Z"))).toBe("Open now · closes at 12:00");
    expect(openNowText(site, at("2025-12-24T12:00:00Z"))).toBe("Closed now · opens tomorrow at 06:00");
  });

  it("finds the next opening across a weekend and a bank holiday", () => {
    // Saturday 23 August 2025, 17:30 BST (16:30 UTC): Sunday closed, Monday 25 the bank holiday.
    const site = withDays(closed("2025-08-25", "Bank holiday"));
    expect(openNow(site, at("2025-08-23T16:30:00Z")).next).toEqual({ day: "2025-08-26", opens: "06:00" });
    expect(openNowText(site, at("2025-08-23T16:30:00Z"))).toBe("Closed now · opens Tuesday at 06:00");
    // Christmas to New Year closed: the opening more than a week away names its date.
    const long = withDays(closed("2025-12-20", "", "2025-12-31"));
    expect(openNowText(long, at("2025-12-19T18:30:00Z"))).toBe(
      "Closed now · opens Thursday 1 January at 06:00",
    );
  });

  it("follows the clocks: the same UTC minute is open in summer time and closed in winter", () => {
    // 05:30 UTC is 06:30 BST on Monday 31 March 2025 (after the change) and 05:30 GMT a week earlier.
    expect(openNow(SITE_DETAILS_DEFAULTS, at("2025-03-31T05:30:00Z")).open).toBe(true);
    expect(openNow(SITE_DETAILS_DEFAULTS, at("2025-03-24T05:30:00Z")).open).toBe(false);
    // Autumn: 17:30 UTC is 18:30 BST on Friday 24 October (closed), 17:30 GMT on Monday 27 (open).
    expect(openNow(SITE_DETAILS_DEFAULTS, at("2025-10-24T17:30:00Z")).open).toBe(false);
    expect(openNow(SITE_DETAILS_DEFAULTS, at("2025-10-27T17:30:00Z")).open).toBe(true);
  });
});

describe("the details as the site shows them", () => {
  it("says today's words from the defaults", () => {
    expect(openingHoursText(SITE_DETAILS_DEFAULTS.hours)).toBe(OPENING_HOURS_TEXT);
    expect(addressLine(SITE_DETAILS_DEFAULTS)).toBe(COMPANY_ADDRESS_LINE);
    expect(phoneLinks(SITE_DETAILS_DEFAULTS.phone)).toEqual({
      href: COMPANY.phoneHref,
      international: COMPANY.phoneInternational,
    });
    expect(publicRegisterUrl(SITE_DETAILS_DEFAULTS.wasteCarrierRegistration)).toBe(COMPANY.publicRegisterUrl);
  });

  it("ignores special days that have passed", () => {
    const site = withDays(closed("2025-12-25"), closed("2025-12-20", "", "2025-12-22"), closed("2026-01-01"));
    expect(upcomingSpecialDays(site, at("2025-12-22T12:00:00Z")).map((d) => d.from)).toEqual([
      "2025-12-20",
      "2025-12-25",
      "2026-01-01",
    ]);
    expect(upcomingSpecialDays(site, at("2025-12-26T00:30:00Z")).map((d) => d.from)).toEqual(["2026-01-01"]);
  });
});

describe("the confirmation mail's office hours", () => {
  it("says the published phone, hours and special days to come as it is sent", () => {
    const site = {
      ...withDays(closed("2025-12-25", "emergency tankering only", "2025-12-26"), closed("2025-01-01")),
      phone: "01733 999 000",
    };
    const mail = confirmationMail(
      { kind: "contact", name: "Ann", reference: "FO-1" },
      site,
      at("2025-12-01T09:00:00Z"),
    );
    expect(mail.text).toContain("Office hours: Mon-Fri 06:00-18:00, Sat 08:00-17:00.");
    expect(mail.text).toContain(
      "Special opening hours:\n25 December to 26 December: Closed (emergency tankering only).",
    );
    expect(mail.text).toContain("Phone 01733 999 000");
    expect(mail.text).not.toContain("1 January");
  });
});
