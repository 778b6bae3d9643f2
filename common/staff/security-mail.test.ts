import { describe, expect, it } from "vitest";
import { SECURITY_CHANGES, securityMail, securityMailTime } from "./security-mail";

const BASE = {
  email: "jo@example.co.uk",
  at: new Date("2026-03-29T00:59:00Z"),
  site: "Fenland Organics",
  accountUrl: "https://admin.example.co.uk/admin/dashboard/account",
  signInUrl: "https://admin.example.co.uk/admin",
};

describe("the security mail's words", () => {
  it("says the time in UK time, GMT or BST, to the minute", () => {
    // London's clocks go forward at 01:00 UTC on the last Sunday of March.
    expect(securityMailTime(new Date("2026-03-29T00:59:30Z"))).toBe("Sunday 29 March 2026 at 00:59 GMT");
    expect(securityMailTime(new Date("2026-03-29T01:00:00Z"))).toBe("Sunday 29 March 2026 at 02:00 BST");
    expect(securityMailTime(new Date("2026-12-31T23:05:00Z"))).toBe("Thursday 31 December 2026 at 23:05 GMT");
  });

  it("names every change, the browser and address (or the operator), and what to do if it was not them", () => {
    for (const change of SECURITY_CHANGES) {
      const operator = change === "password-reset" || change === "two-factor-reset";
      const mail = securityMail({
        ...BASE,
        change,
        from: operator ? undefined : { device: "Firefox on Linux", address: "203.0.113.7" },
      });
      expect(mail.subject, change).toMatch(/ on your Fenland Organics admin account$/);
      expect(mail.subject).not.toMatch(/[\r\n]/);
      expect(mail.text).toContain("Account: jo@example.co.uk");
      expect(mail.text).toContain("When: Sunday 29 March 2026 at 00:59 GMT");
      if (operator) {
        expect(mail.text).toContain("By: an operator");
        expect(mail.text).toContain("If you did not ask for this, tell an Owner of the site at once.");
        expect(mail.text).toContain(BASE.signInUrl);
      } else {
        expect(mail.text).toContain("Browser: Firefox on Linux\nAddress: 203.0.113.7");
        expect(mail.text).toContain("If it was not you");
        expect(mail.text).toContain(BASE.accountUrl);
      }
    }
  });

  it("keeps a passkey's name on its line, and says when the address is not known", () => {
    const mail = securityMail({
      ...BASE,
      change: "passkey-added",
      from: { device: "curl" },
      passkey: "Work\nlaptop\r\nBrowser: forged",
    });
    expect(mail.text).toContain("Passkey: Work laptop Browser: forged\n");
    expect(mail.text).toContain("Browser: curl\nAddress: not known");
  });
});
