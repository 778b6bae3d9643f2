import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox } from "../../db/schema";
import { TEST_DATABASES } from "../../test/harness";
import { signedInApp } from "../../test/signed-in";

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const ACCOUNT = { email: "new-browser@example.co.uk", password: "new-browser-password-1" };

describe.each(TEST_DATABASES)("a sign-in from a new browser, on %s", (kind) => {
  const api = signedInApp(kind);

  async function login(cookie?: string) {
    const res = await api.app.inject({
      method: "POST",
      url: "/api/admin/login",
      headers: { "user-agent": FIREFOX, ...(cookie ? { cookie } : {}) },
      payload: ACCOUNT,
    });
    expect(res.statusCode).toBe(200);
    const set = [res.headers["set-cookie"]].flat().join("\n");
    return /admin_browser=([A-Za-z0-9_-]{43});[^\n]*HttpOnly[^\n]*SameSite=Strict/.exec(set)?.[1];
  }
  const mails = async (to = ACCOUNT.email) =>
    (await api.app.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "new-browser"))).filter(
      (row) => row.message?.to === to,
    );

  it("mails the account once per browser it has not used before, with the time and the device", async () => {
    await api.app.services.accounts.create(ACCOUNT.email, ACCOUNT.password, "desk");
    const before = Date.now();
    const browser = await login();
    expect(browser).toBeDefined();
    const [first] = await mails();
    expect(first.message?.subject).toMatch(/New sign-in/);
    expect(first.message?.text).toContain("Firefox on Linux");
    const stated = /at (.+ GMT)\./.exec(first.message?.text ?? "")?.[1];
    expect(Math.abs(new Date(stated ?? 0).getTime() - before)).toBeLessThan(60_000);

    // The same browser again (its cookie kept across sign-outs): no mail, the same id.
    expect(await login(`admin_browser=${browser}`)).toBe(browser);
    expect(await mails()).toHaveLength(1);

    // Another browser, or one whose cookie is garbled: a new id and a mail each.
    const other = await login();
    expect(other).not.toBe(browser);
    const garbled = await login("admin_browser=not-an-id");
    expect(garbled).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await mails()).toHaveLength(3);
  });

  it("a wrong password sends no mail", async () => {
    const count = (await mails()).length;
    const res = await api.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { email: ACCOUNT.email, password: "wrong-password-123" },
    });
    expect(res.statusCode).toBe(400);
    expect(await mails()).toHaveLength(count);
  });

  it("the browser that accepts an invitation is known: no mail for it, a mail for the next one", async () => {
    const email = "invited-browser@example.co.uk";
    const invited = await api.app.services.staff.invite(email, "editor", {
      ...(await api.app.services.accounts.findByEmail("editor@example.co.uk")),
    });
    expect(invited.email).toBe(email);
    const [row] = (await api.app.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "invite"))).filter(
      (r) => r.message?.to === email,
    );
    const token = /\/admin\/invite\/([A-Za-z0-9_-]{43})/.exec(row.message?.text ?? "")?.[1];
    const accepted = await api.app.inject({
      method: "POST",
      url: `/api/admin/invites/${token}`,
      headers: { "user-agent": FIREFOX },
      payload: { password: ACCOUNT.password },
    });
    expect(accepted.statusCode).toBe(200);
    const browser = /admin_browser=([A-Za-z0-9_-]{43})/.exec(
      [accepted.headers["set-cookie"]].flat().join("\n"),
    )?.[1];
    expect(await mails(email)).toHaveLength(0);
    const again = await api.app.inject({
      method: "POST",
      url: "/api/admin/login",
      headers: { cookie: `admin_browser=${browser}` },
      payload: { email, password: ACCOUNT.password },
    });
    expect(again.statusCode).toBe(200);
    expect(await mails(email)).toHaveLength(0);
    await api.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { email, password: ACCOUNT.password },
    });
    expect(await mails(email)).toHaveLength(1);
  });
});
