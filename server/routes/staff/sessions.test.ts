import { describe, expect, it } from "vitest";
import { SESSION_MESSAGES } from "../../../common/staff/sessions";
import { ADMIN, bearer } from "../../test/content";
import { TEST_DATABASES } from "../../test/harness";
import { signedInApp, signInAs } from "../../test/signed-in";

const WINDOWS_CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const LINUX_FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

describe.each(TEST_DATABASES)("sessions you can see and end, on %s", (kind) => {
  const api = signedInApp(kind);

  async function signInWith(userAgent: string, credentials = ADMIN): Promise<string> {
    const res = await api.app.inject({
      method: "POST",
      url: "/api/admin/login",
      headers: { "user-agent": userAgent },
      payload: credentials,
    });
    expect(res.statusCode).toBe(200);
    return res.json().auth;
  }
  const call = (method: "GET" | "POST" | "DELETE", url: string, token: string) =>
    api.app.inject({ method, url, headers: bearer(token) });
  const listed = async (token: string) => (await call("GET", "/api/admin/sessions", token)).json().data;
  const live = async (token: string) => (await call("GET", "/api/admin/profile", token)).statusCode === 200;

  it("lists the account's sessions with device, first and last seen, this one marked; 'Sign out' ends one", async () => {
    const laptop = await signInWith(WINDOWS_CHROME);
    const phone = await signInWith(LINUX_FIREFOX);
    const sessions = await listed(laptop);
    const mine = sessions.find((s: { current: boolean }) => s.current);
    expect(mine).toMatchObject({ device: "Chrome on Windows", current: true });
    expect(new Date(mine.lastSeen).getTime()).toBeGreaterThanOrEqual(new Date(mine.firstSeen).getTime());
    const other = sessions.find((s: { device: string }) => s.device === "Firefox on Linux");
    expect(other).toMatchObject({ current: false });
    expect(sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    // No token, no hash: only the id names a session.
    expect(JSON.stringify(sessions)).not.toContain(phone);

    expect((await call("DELETE", `/api/admin/sessions/${other.id}`, laptop)).statusCode).toBe(200);
    expect(await live(phone)).toBe(false);
    expect(await live(laptop)).toBe(true);
    const again = await call("DELETE", `/api/admin/sessions/${other.id}`, laptop);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(SESSION_MESSAGES.notFound);
    expect((await call("DELETE", "/api/admin/sessions/not-an-id", laptop)).statusCode).toBe(404);
  });

  it("never ends another account's session through one's own list", async () => {
    const colleague = await signInAs(api.app, "desk");
    const [theirs] = await listed(colleague);
    const res = await call("DELETE", `/api/admin/sessions/${theirs.id}`, api.token);
    expect(res.statusCode).toBe(404);
    expect(await live(colleague)).toBe(true);
  });

  it("'Sign out everywhere else' ends every other session and keeps this one", async () => {
    const here = await signInWith(WINDOWS_CHROME);
    const others = [await signInWith(LINUX_FIREFOX), await signInWith(LINUX_FIREFOX)];
    const res = await call("POST", "/api/admin/sessions/end-others", here);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.ended).toBeGreaterThanOrEqual(2);
    for (const token of others) expect(await live(token)).toBe(false);
    expect(await live(here)).toBe(true);
    expect(await listed(here)).toHaveLength(1);
    // Signing out this session itself clears the cookie too.
    const [self] = await listed(here);
    const out = await call("DELETE", `/api/admin/sessions/${self.id}`, here);
    expect(out.statusCode).toBe(200);
    expect(String(out.headers["set-cookie"])).toMatch(/^admin_auth=;/);
    expect(await live(here)).toBe(false);
  });

  it("an Owner signs a colleague out everywhere; a Desk may not", async () => {
    const editor = await signInAs(api.app, "editor");
    const editorAgain = await signInAs(api.app, "editor");
    const desk = await signInAs(api.app, "desk");
    const { id } = await api.app.services.accounts.findByEmail("staff-editor@example.co.uk");
    expect((await call("DELETE", `/api/admin/staff/${id}/sessions`, desk)).statusCode).toBe(403);
    expect(await live(editor)).toBe(true);
    const owner = await signInWith(WINDOWS_CHROME);
    const res = await call("DELETE", `/api/admin/staff/${id}/sessions`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ email: "staff-editor@example.co.uk", ended: 2 });
    expect(await live(editor)).toBe(false);
    expect(await live(editorAgain)).toBe(false);
    const nobody = await call(
      "DELETE",
      "/api/admin/staff/00000000-0000-4000-8000-000000000000/sessions",
      owner,
    );
    expect(nobody.statusCode).toBe(404);
  });
});
