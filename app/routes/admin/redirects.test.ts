import { REDIRECT_MESSAGES as M } from "@common/content/redirects";
import { ADMIN_AUTH_COOKIE } from "@common/staff/admin-cookie";
import { ROLE_MESSAGES } from "@common/staff/roles";
import { describe, expect, it } from "vitest";
import { loadContext } from "../../../server/pages/load-context";
import { TEST_DATABASES } from "../../../server/test/harness";
import { signedInApp, signInAs } from "../../../server/test/signed-in";
import { action, loader } from "./redirects";

const SCREEN = "http://localhost/admin/dashboard/redirects";
const BROWSER =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";

/** What React Router returns: data() with its init, or the plain answer (200). */
const statusOf = (answer: unknown) => (answer as { init?: { status?: number } } | null)?.init?.status ?? 200;
const bodyOf = (answer: unknown) => (answer as { data?: unknown }).data ?? answer;

/** The 'Redirects' screen (its loader and action, as React Router calls them) on both databases. */
describe.each(TEST_DATABASES)("'Redirects' screen on %s", (kind) => {
  const api = signedInApp(kind);
  const context = () => loadContext(api.app.services, { nonce: "", ip: "127.0.0.1" });
  const cookieOf = (token: string) => `${ADMIN_AUTH_COOKIE}=${token}`;
  const load = (cookie: string, query = "") =>
    loader({
      request: new Request(`${SCREEN}${query}`, { headers: { cookie } }),
      context: context(),
      params: {},
    } as never);
  const post = (cookie: string, fields: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    return action({
      request: new Request(SCREEN, { method: "POST", headers: { cookie }, body: form }),
      context: context(),
      params: {},
    } as never);
  };
  const settle = async (answer: Promise<unknown>) => answer.catch((thrown: unknown) => thrown);

  it("'Create redirect' on a row of the 404 log fills From in, and the redirect takes the path out of the log", async () => {
    const cookie = cookieOf(await signInAs(api.app, "editor", "redirect-editor@example.co.uk"));
    api.app.services.redirects.recordMiss({
      method: "GET",
      url: "/bakery-wast",
      headers: { "user-agent": BROWSER, referer: "https://news.example.org/spring" },
    });
    const first = await load(cookie);
    expect(first.log.rows).toEqual([
      expect.objectContaining({ path: "/bakery-wast", count: 1, referrer: "news.example.org" }),
    ]);
    expect(first.from).toBe("");
    // The row's link: ?from=<its path>.
    const asked = await load(cookie, `?from=${encodeURIComponent("/bakery-wast")}`);
    expect(asked.from).toBe("/bakery-wast");
    // Something that is no path the form takes is not filled in.
    expect((await load(cookie, "?from=/admin/dashboard")).from).toBe("");

    const added = await post(cookie, {
      intent: "add",
      from: "/bakery-wast",
      to: "/bakery-waste",
      status: "301",
    });
    expect(bodyOf(added)).toEqual({ ok: true, message: M.added("/bakery-wast") });
    const after = await load(cookie);
    expect(after.log.rows).toEqual([]);
    expect(after.redirects).toEqual([
      expect.objectContaining({ from: "/bakery-wast", to: "/bakery-waste", status: 301 }),
    ]);
    const answer = await api.app.inject({ url: "/bakery-wast", headers: { "user-agent": BROWSER } });
    expect([answer.statusCode, answer.headers.location]).toEqual([301, "/bakery-waste"]);
  });

  it("answers each refusal with its message and the field it concerns, and removes a redirect", async () => {
    const cookie = cookieOf(await signInAs(api.app, "editor", "redirect-editor@example.co.uk"));
    const bad = await post(cookie, { intent: "add", from: "/old", to: "nowhere", status: "301" });
    expect([statusOf(bad), bodyOf(bad)]).toEqual([
      400,
      { ok: false, error: M.toInvalid, fieldErrors: { to: M.toInvalid } },
    ]);
    const from = await post(cookie, { intent: "add", from: "/api/x", to: "/", status: "301" });
    expect(bodyOf(from)).toMatchObject({ error: M.fromReserved, fieldErrors: { from: M.fromReserved } });
    const gone = await post(cookie, { intent: "add", from: "/old", to: "/x", status: "410" });
    expect(bodyOf(gone)).toMatchObject({ fieldErrors: { to: M.goneHasNoTarget } });
    const chain = await post(cookie, { intent: "add", from: "/bakery-waste", to: "/", status: "302" });
    expect([statusOf(chain), bodyOf(chain)]).toEqual([
      409,
      { ok: false, error: M.chainFrom("/bakery-waste") },
    ]);
    // 410 with To left empty, as the form sends it.
    expect(bodyOf(await post(cookie, { intent: "add", from: "/old", to: "", status: "410" }))).toMatchObject({
      ok: true,
    });

    const { redirects } = await load(cookie);
    const old = redirects.find((r: { from: string }) => r.from === "/old");
    const removed = await post(cookie, { intent: "remove", id: old?.id ?? "" });
    expect(bodyOf(removed)).toEqual({ ok: true, message: M.removed("/old") });
    const again = await post(cookie, { intent: "remove", id: old?.id ?? "" });
    expect([statusOf(again), bodyOf(again)]).toEqual([404, { ok: false, error: M.notFound }]);
  });

  it("answers a Desk the screens' refusal (403), reading and writing", async () => {
    const desk = cookieOf(await signInAs(api.app, "desk"));
    const before = await api.app.services.redirects.list({
      id: "x",
      email: "owner@example.co.uk",
      role: "owner",
    });
    for (const answer of [
      await settle(load(desk)),
      await settle(post(desk, { intent: "add", from: "/desk", to: "/", status: "301" })),
      await settle(post(desk, { intent: "remove", id: before[0]?.id ?? "" })),
    ]) {
      expect(statusOf(answer)).toBe(403);
      expect(bodyOf(answer)).toBe(ROLE_MESSAGES.forbidden("site"));
    }
    expect(
      await api.app.services.redirects.list({ id: "x", email: "owner@example.co.uk", role: "owner" }),
    ).toEqual(before);
  });
});
