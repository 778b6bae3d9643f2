import { MENU_MESSAGES as M, MENU_LIMITS } from "@common/content/site-content/menu";
import { ADMIN_AUTH_COOKIE } from "@common/staff/admin-cookie";
import fastifyCookie from "@fastify/cookie";
import { and, eq } from "drizzle-orm";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { auditEvents } from "../../../server/db/schema";
import { loadContext } from "../../../server/pages/load-context";
import { createPageCache, sendCachedPage } from "../../../server/pages/page-cache";
import { TEST_DATABASES } from "../../../server/test/harness";
import { signedInApp, signInAs } from "../../../server/test/signed-in";
import { loader as layoutLoader } from "../public-layout";
import { action, loader } from "./site-menu";

const SCREEN = "http://localhost/admin/dashboard/site/menu";

/** What React Router returns: data() with its init, or the plain answer (200). */
const statusOf = (answer: unknown) => (answer as { init?: { status?: number } } | null)?.init?.status ?? 200;
const bodyOf = (answer: unknown) =>
  ((answer as { data?: unknown }).data ?? answer) as Record<string, unknown>;

/** The 'Menu' screen (its loader and action, as React Router calls them) and what the site shows, on both databases. */
describe.each(TEST_DATABASES)("'Menu' screen on %s", (kind) => {
  const api = signedInApp(kind);
  const context = () => loadContext(api.app.services, { nonce: "", ip: "127.0.0.1" });
  const cookieOf = (token: string) => `${ADMIN_AUTH_COOKIE}=${token}`;
  const load = (cookie: string) =>
    loader({
      request: new Request(SCREEN, { headers: { cookie } }),
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
  /** What every public page is given: the public layout's loader. */
  const shown = async () =>
    (
      await layoutLoader({
        request: new Request("http://localhost/"),
        context: context(),
        params: {},
      } as never)
    ).menu;

  async function publishedPage(address: string, title: string) {
    const email = "menu-editor@example.co.uk";
    await signInAs(api.app, "editor", email);
    const editor = await api.app.services.accounts.findByEmail(email);
    const admin = { id: editor?.id ?? "", email, role: "editor" as const };
    const page = await api.app.services.blockPages.create({ address, title }, admin);
    await api.app.services.blockPages.publish(page.id, admin, {
      page: { address, title, blocks: [{ type: "rich-text", html: "<p>We collect food waste.</p>" }] },
    });
    return { page, admin };
  }

  it("adds a published page to the menu and the footer, orders and removes them; the site shows them at once", async () => {
    const cookie = cookieOf(await signInAs(api.app, "editor", "menu-editor@example.co.uk"));
    const { page, admin } = await publishedPage("/bakery-waste", "Bakery waste collection");
    await publishedPage("/cambridge", "Food waste collection in Cambridge");
    const screen = await load(cookie);
    expect(screen.menu).toEqual({ main: [], footer: [] });
    expect(screen.pages.map((p) => p.address).sort()).toEqual(["/bakery-waste", "/cambridge"]);

    const added = await post(cookie, {
      intent: "add",
      place: "main",
      address: "/bakery-waste",
      label: "Bakeries",
    });
    expect(bodyOf(added)).toEqual({ ok: true, message: M.added("Bakeries") });
    // No words: the page's title.
    await post(cookie, { intent: "add", place: "main", address: "/cambridge", label: "" });
    await post(cookie, { intent: "add", place: "footer", address: "/cambridge", label: "Cambridge" });
    expect(await shown()).toEqual({
      main: [
        { address: "/bakery-waste", label: "Bakeries" },
        { address: "/cambridge", label: "Food waste collection in Cambridge" },
      ],
      footer: [{ address: "/cambridge", label: "Cambridge" }],
    });

    expect(bodyOf(await post(cookie, { intent: "up", place: "main", address: "/cambridge" }))).toMatchObject({
      ok: true,
    });
    expect((await shown())?.main.map((l) => l.address)).toEqual(["/cambridge", "/bakery-waste"]);
    await post(cookie, { intent: "down", place: "main", address: "/cambridge" });
    expect((await shown())?.main.map((l) => l.address)).toEqual(["/bakery-waste", "/cambridge"]);

    const removed = await post(cookie, { intent: "remove", place: "footer", address: "/cambridge" });
    expect(bodyOf(removed)).toEqual({ ok: true, message: M.removed("Cambridge") });
    expect((await shown())?.footer).toEqual([]);

    // Each change is a publication of the menu, recorded.
    const entries = await api.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "site_content_published"), eq(auditEvents.targetId, "menu")));
    expect(entries).toHaveLength(6);

    // An unpublished page leaves the site's menu by itself (its link would answer nothing).
    await api.app.services.blockPages.unpublish(page.id, admin);
    expect((await shown())?.main.map((l) => l.address)).toEqual(["/cambridge"]);
    expect((await load(cookie)).pages.map((p) => p.address)).toEqual(["/cambridge"]);
  });

  it("refuses what is not a published page, twice the same page, a full menu, a gone link; Desk may not", async () => {
    const cookie = cookieOf(await signInAs(api.app, "editor", "menu-editor@example.co.uk"));
    const before = await load(cookie);
    const refusals: Array<[Record<string, string>, number, string]> = [
      [{ intent: "add", place: "main", address: "/never-made" }, 400, M.notPublished],
      [{ intent: "add", place: "main", address: "/admin" }, 400, M.notPublished],
      [{ intent: "add", place: "sidebar", address: "/cambridge" }, 400, M.placeInvalid],
      [{ intent: "add", place: "main", address: "/cambridge" }, 409, M.already("main")],
      [{ intent: "add", place: "footer", address: "/cambridge", label: "x".repeat(41) }, 400, M.labelTooLong],
      [{ intent: "remove", place: "footer", address: "/nowhere" }, 404, M.linkMissing],
      [{ intent: "shuffle", place: "main", address: "/cambridge" }, 400, M.linkMissing],
    ];
    for (const [fields, status, message] of refusals) {
      const answer = await post(cookie, fields);
      expect([statusOf(answer), bodyOf(answer).error]).toEqual([status, message]);
    }
    expect((await load(cookie)).menu).toEqual(before.menu); // nothing changed

    for (let i = before.menu.main.length; i < MENU_LIMITS.main; i++) {
      const address = `/area-${i}`;
      await publishedPage(address, `Area ${i}`);
      await post(cookie, { intent: "add", place: "main", address });
    }
    await publishedPage("/one-too-many", "One too many");
    const full = await post(cookie, { intent: "add", place: "main", address: "/one-too-many" });
    expect([statusOf(full), bodyOf(full).error]).toEqual([409, M.tooMany("main")]);

    const desk = cookieOf(await signInAs(api.app, "desk", "menu-desk@example.co.uk"));
    expect(statusOf(await settle(load(desk)))).toBe(403);
    expect(
      statusOf(await settle(post(desk, { intent: "remove", place: "main", address: "/cambridge" }))),
    ).toBe(403);
  });

  it("a menu change drops every cached page that showed the menu", async () => {
    const cookie = cookieOf(await signInAs(api.app, "editor", "menu-editor@example.co.uk"));
    await publishedPage("/kings-lynn", "Food waste collection in King's Lynn");
    const renders: string[] = [];
    const cache = createPageCache({
      buildId: "build-1",
      content: api.app.services.contentVersion,
      policy: () => "default-src 'self'",
      isKnownPath: () => true,
      // Each page's render reads the menu through the public layout's loader, as the site's does.
      render: async (path) => {
        renders.push(path);
        const menu = await shown();
        const body = `<!DOCTYPE html><html><body><p>${path}</p><nav>${menu?.footer.map((l) => l.label).join()}</nav></body></html>`;
        return {
          status: 200,
          headers: new Headers({ "content-type": "text/html; charset=utf-8" }),
          body: Buffer.from(body),
        };
      },
    });
    const site = Fastify();
    await site.register(fastifyCookie);
    site.get("/*", async (request, reply) => {
      const cached = await cache.lookup(request);
      if (!cached || "uncached" in cached) return reply.send("not cached");
      return sendCachedPage(request, reply, cached.page, cached.hit, () => "");
    });
    await site.ready();
    try {
      const get = (url: string) =>
        site.inject({ method: "GET", url, headers: { "accept-encoding": "identity" } });
      for (const path of ["/about", "/contact"]) await get(path);
      for (const path of ["/about", "/contact"]) await get(path);
      expect(renders).toEqual(["/about", "/contact"]); // served from the cache the second time
      renders.length = 0;
      await post(cookie, { intent: "add", place: "footer", address: "/kings-lynn", label: "King's Lynn" });
      const about = await get("/about");
      await get("/contact");
      expect(renders).toEqual(["/about", "/contact"]);
      expect(about.body).toContain("King's Lynn");
    } finally {
      await site.close();
    }
  });
});
