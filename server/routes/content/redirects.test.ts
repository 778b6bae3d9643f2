import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { REDIRECT_MESSAGES as M, REDIRECT_LIMITS, REDIRECT_TEXTS } from "../../../common/content/redirects";
import { londonDay } from "../../../common/en-gb";
import { ROLE_MESSAGES } from "../../../common/staff/roles";
import { auditEvents, notFoundPaths, redirects } from "../../db/schema";
import { createContentVersion } from "../../services/content/content-version";
import { createRedirectService } from "../../services/content/redirects";
import { bearer } from "../../test/content";
import { TEST_DATABASES } from "../../test/harness";
import { signedInApp, signInAs } from "../../test/signed-in";

const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const DAY_MS = 86_400_000;

/** Redirects and the 404 log through the REST API and the hook that answers them, on both databases. */
describe.each(TEST_DATABASES)("redirects on %s", (kind) => {
  const api = signedInApp(kind);
  let editor: string;
  let desk: string;
  beforeAll(async () => {
    editor = await signInAs(api.app, "editor");
    desk = await signInAs(api.app, "desk");
  });
  const call = (method: "GET" | "POST" | "DELETE", url: string, token = editor, payload?: object) =>
    api.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const add = (payload: object, token = editor) => call("POST", "/api/admin/redirects", token, payload);
  const visit = (url: string, method: "GET" | "HEAD" = "GET") =>
    api.app.inject({ method, url, headers: { "user-agent": BROWSER } });
  const all = async () =>
    (await call("GET", "/api/admin/redirects")).json().result as Array<{
      from: string;
      to: string | null;
      status: number;
      id: string;
    }>;
  const audits = (action: "redirect_added" | "redirect_removed") =>
    api.app.db.select().from(auditEvents).where(eq(auditEvents.action, action));

  it("adds a redirect the site answers before any page, from memory, and removes it, recorded", async () => {
    const res = await add({ from: "/Old-Prices/", to: "/quote", status: 301 });
    expect(res.statusCode).toBe(201);
    const created = res.json().result;
    expect(created).toMatchObject({
      from: "/old-prices",
      to: "/quote",
      status: 301,
      createdBy: "staff-editor@example.co.uk",
    });
    expect(await all()).toEqual([expect.objectContaining({ from: "/old-prices" })]);
    // Written any way: the path as the site keys it; the query kept on a path of this site.
    for (const url of ["/old-prices", "/OLD-PRICES/", "//old-prices"]) {
      const answer = await visit(url);
      expect([answer.statusCode, answer.headers.location]).toEqual([301, "/quote"]);
    }
    const tagged = await visit("/old-prices?utm_source=flyer&x=1");
    expect(tagged.headers.location).toBe("/quote?utm_source=flyer&x=1");
    expect((await visit("/old-prices", "HEAD")).statusCode).toBe(301);
    // A form post is not redirected (it reaches its route: none in an API-only app).
    expect((await api.app.inject({ method: "POST", url: "/old-prices", payload: {} })).statusCode).toBe(404);
    expect((await audits("redirect_added")).map((e) => [e.actorEmail, e.targetLabel])).toContainEqual([
      "staff-editor@example.co.uk",
      "/old-prices → /quote (301)",
    ]);

    const removed = await call("DELETE", `/api/admin/redirects/${created.id}`);
    expect(removed.statusCode).toBe(200);
    expect((await visit("/old-prices")).statusCode).toBe(404);
    expect((await audits("redirect_removed")).map((e) => e.targetLabel)).toContain(
      "/old-prices → /quote (301)",
    );
    const again = await call("DELETE", `/api/admin/redirects/${created.id}`);
    expect([again.statusCode, again.json().message]).toEqual([404, M.notFound]);
    expect((await call("DELETE", "/api/admin/redirects/not-an-id")).statusCode).toBe(404);
  });

  it("answers 302 to an https address (its own query), and 410 with a small page", async () => {
    expect(
      (await add({ from: "/partner", to: "https://example.org/waste?ref=fo", status: "302" })).statusCode,
    ).toBe(201);
    expect((await add({ from: "/winter-offer", status: 410 })).statusCode).toBe(201);
    const away = await visit("/partner?utm_source=x");
    expect([away.statusCode, away.headers.location, away.headers["cache-control"]]).toEqual([
      302,
      "https://example.org/waste?ref=fo",
      "no-store",
    ]);
    const gone = await visit("/winter-offer");
    expect(gone.statusCode).toBe(410);
    expect(gone.headers["content-type"]).toMatch(/^text\/html/);
    expect(gone.headers.location).toBeUndefined();
    expect(gone.body).toContain(`<h1>${REDIRECT_TEXTS.goneTitle}</h1>`);
    expect(gone.body).toContain('<a href="/">');
    expect(gone.body).not.toContain("<script");
  });

  it("refuses bad input with the catalogue's message and changes nothing", async () => {
    const before = await all();
    const cases: Array<[object, string]> = [
      [{ to: "/quote" }, M.fromRequired],
      [{ from: "old-page", to: "/quote" }, M.fromInvalid],
      [{ from: "/old?x=1", to: "/quote" }, M.fromInvalid],
      [{ from: "/old#top", to: "/quote" }, M.fromInvalid],
      [{ from: `/${"a".repeat(REDIRECT_LIMITS.maxPathLength)}`, to: "/quote" }, M.fromTooLong],
      [{ from: "/admin/dashboard", to: "/quote" }, M.fromReserved],
      [{ from: "/api/blog", to: "/quote" }, M.fromReserved],
      [{ from: "/assets/app.js", to: "/quote" }, M.fromReserved],
      [{ from: "/favicon.ico", to: "/quote" }, M.fromReserved],
      [{ from: "/contact", to: "/quote" }, M.fromOwnPage],
      [{ from: "/old" }, M.toRequired],
      [{ from: "/old", to: "quote" }, M.toInvalid],
      [{ from: "/old", to: "http://example.org/" }, M.toInvalid],
      [{ from: "/old", to: "https://user:pw@example.org/" }, M.toInvalid],
      [{ from: "/old", to: "javascript:alert(1)" }, M.toInvalid],
      [{ from: "/old", to: "/admin/dashboard" }, M.toReserved],
      [{ from: "/old", to: "/old/" }, M.loop],
      [{ from: "/old", to: "/quote", status: 307 }, M.statusInvalid],
      [{ from: "/old", to: "/quote", status: 410 }, M.goneHasNoTarget],
    ];
    for (const [payload, message] of cases) {
      const res = await add(payload);
      expect([res.statusCode, res.json().message], JSON.stringify(payload)).toEqual([400, message]);
    }
    expect(await all()).toEqual(before);
  });

  it("refuses a redirect from a published page from blocks (it would hide it), and to a deleted one's address", async () => {
    const made = await call("POST", "/api/admin/pages", editor, {
      page: { address: "/live-page", title: "Live" },
    });
    const { id } = made.json().result;
    // A draft lives nowhere yet: its address may still be redirected (and removed again).
    const early = await add({ from: "/live-page", to: "/about" });
    expect(early.statusCode).toBe(201);
    expect((await call("DELETE", `/api/admin/redirects/${early.json().result.id}`)).statusCode).toBe(200);
    expect((await call("POST", `/api/admin/pages/${id}/publish`, editor, {})).statusCode).toBe(200);
    const res = await add({ from: "/Live-Page/", to: "/about" });
    expect([res.statusCode, res.json().message]).toEqual([400, M.fromOwnPage]);

    // Deleted (410): no redirect goes there (a dead end), but its address may be redirected.
    expect((await call("POST", `/api/admin/pages/${id}/delete`, editor, {})).statusCode).toBe(200);
    const toGone = await add({ from: "/old-live", to: "/live-page" });
    expect([toGone.statusCode, toGone.json().message]).toEqual([409, M.targetGone("/live-page")]);
    const fromGone = await add({ from: "/live-page", to: "/about" });
    expect(fromGone.statusCode).toBe(201);
    expect((await visit("/live-page")).headers.location).toBe("/about");
  });

  it("refuses loops, chains longer than one hop and a path redirected twice (409)", async () => {
    expect((await add({ from: "/a", to: "/b" })).statusCode).toBe(201);
    const refused: Array<[object, string]> = [
      [{ from: "/a", to: "/c" }, M.duplicate("/a")],
      // /b → /a would make a loop through two redirects, and /c → /a a chain of two hops.
      [{ from: "/b", to: "/a" }, M.chainTo("/a")],
      [{ from: "/c", to: "/a" }, M.chainTo("/a")],
      // /a already goes to /b: /b → /c would make /a go two hops.
      [{ from: "/b", to: "/c" }, M.chainFrom("/b")],
      [{ from: "/b", status: 410 }, M.chainFrom("/b")],
    ];
    const before = await all();
    for (const [payload, message] of refused) {
      const res = await add(payload);
      expect([res.statusCode, res.json().message], JSON.stringify(payload)).toEqual([409, message]);
    }
    expect(await all()).toEqual(before);
    expect((await visit("/a")).headers.location).toBe("/b");
  });

  it("keeps a page's old address as a 301 by itself, straight to the new one", async () => {
    const { redirects: service } = api.app.services;
    expect((await add({ from: "/bakery", to: "/bakery-waste" })).statusCode).toBe(201);
    expect((await add({ from: "/bakeries-2026", to: "/spring" })).statusCode).toBe(201);
    // /bakery-waste is renamed /bakery-waste-collection: /bakery goes there at once (no chain).
    await service.keepOldAddress("/bakery-waste", "/bakery-waste-collection");
    let answer = await visit("/bakery-waste");
    expect([answer.statusCode, answer.headers.location]).toEqual([301, "/bakery-waste-collection"]);
    expect((await visit("/bakery")).headers.location).toBe("/bakery-waste-collection");
    // Renamed back: the redirect from the address the page takes again goes, the other way round stays one hop.
    await service.keepOldAddress("/bakery-waste-collection", "/bakery-waste");
    expect((await visit("/bakery-waste")).statusCode).toBe(404);
    answer = await visit("/bakery-waste-collection");
    expect(answer.headers.location).toBe("/bakery-waste");
    expect((await visit("/bakery")).headers.location).toBe("/bakery-waste");
    const rows = (await all()).filter((r) => r.from.startsWith("/bakery"));
    expect(rows.map((r) => [r.from, r.to, r.status]).sort()).toEqual([
      ["/bakery", "/bakery-waste", 301],
      ["/bakery-waste-collection", "/bakery-waste", 301],
    ]);
    // Inside the page's own transaction: answered once the caller says it has committed.
    await api.app.db.transaction((tx) => service.keepOldAddress("/spring", "/spring-2027", undefined, tx));
    expect((await visit("/spring")).statusCode).toBe(404);
    await service.changed();
    expect((await visit("/spring")).headers.location).toBe("/spring-2027");
    expect((await visit("/bakeries-2026")).headers.location).toBe("/spring-2027");
    // A page taking an address a redirect held: the redirect goes; a missing path is found.
    service.recordMiss({ method: "GET", url: "/spring-2026", headers: { "user-agent": BROWSER } });
    await service.flush();
    await service.release("/spring-2026");
    expect(
      await api.app.db.select().from(notFoundPaths).where(eq(notFoundPaths.path, "/spring-2026")),
    ).toEqual([]);
    await service.release("/bakeries-2026");
    expect((await visit("/bakeries-2026")).statusCode).toBe(404);
  });

  it("answers a change made on another instance once the broadcast arrives (from memory until then)", async () => {
    const { contentVersion } = api.app.services;
    await api.app.db.insert(redirects).values({ fromPath: "/elsewhere", toTarget: "/about", status: 302 });
    expect((await visit("/elsewhere")).statusCode).toBe(404);
    contentVersion.bump("elsewhere", ["redirects"]);
    expect((await visit("/elsewhere")).headers.location).toBe("/about");
    // A lost connection (every topic): read again too.
    await api.app.db.delete(redirects).where(eq(redirects.fromPath, "/elsewhere"));
    contentVersion.bump("elsewhere", ["posts"]);
    expect((await visit("/elsewhere")).statusCode).toBe(302);
    contentVersion.bump("elsewhere");
    expect((await visit("/elsewhere")).statusCode).toBe(404);
    // Rows no door would write (the admin, the API): never answered, whatever the table holds.
    await api.app.db.insert(redirects).values([
      { fromPath: "/api/healthz", toTarget: "/", status: 302 },
      { fromPath: "/admin", toTarget: "/", status: 302 },
    ]);
    contentVersion.bump("elsewhere", ["redirects"]);
    expect((await visit("/api/healthz")).statusCode).toBe(200);
    expect((await visit("/admin")).headers.location).toBeUndefined();
    await api.app.db.delete(redirects).where(inArray(redirects.fromPath, ["/api/healthz", "/admin"]));
    contentVersion.bump("elsewhere", ["redirects"]);
  });

  it("counts visitors' missing paths a day each, never a bot's, an address or a user agent", async () => {
    const { redirects: service } = api.app.services;
    const miss = (url: string, headers: Record<string, string>) =>
      service.recordMiss({ method: "GET", url, headers });
    expect(
      miss("/bakery-wast?email=someone@example.com", {
        "user-agent": BROWSER,
        referer: "https://www.Google.co.uk/search?q=bakery",
      }),
    ).toBe(true);
    expect(miss("/Bakery-Wast/", { "user-agent": BROWSER })).toBe(true);
    for (const agent of [
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "curl/8.5.0",
      "python-requests/2.31",
      "Mozilla/5.0 (compatible; AhrefsBot/7.0)",
      "",
    ])
      expect(miss("/bakery-wast", { "user-agent": agent }), agent).toBe(false);
    expect(miss("/bakery-wast", {})).toBe(false);
    expect(
      service.recordMiss({ method: "POST", url: "/bakery-wast", headers: { "user-agent": BROWSER } }),
    ).toBe(false);
    for (const path of ["/api/nothing", "/admin/x", "/assets/app-123.js", "/favicon.ico"])
      expect(miss(path, { "user-agent": BROWSER }), path).toBe(false);

    const res = await call("GET", "/api/admin/redirects/not-found");
    expect(res.statusCode).toBe(200);
    const log = res.json();
    expect(log).toMatchObject({ total: 1, page: 1, limit: REDIRECT_LIMITS.logPageSize });
    expect(log.result).toEqual([
      {
        day: londonDay(Date.now()),
        path: "/bakery-wast",
        count: 2,
        lastSeen: expect.any(String),
        referrer: "google.co.uk",
      },
    ]);
    // Only these columns, whatever was sent: no query, no address, no user agent.
    const [row] = await api.app.db.select().from(notFoundPaths);
    expect(Object.keys(row).sort()).toEqual(["count", "day", "lastSeen", "path", "referrer"]);
    expect(JSON.stringify(row)).not.toMatch(/someone|Mozilla|127\.0\.0\.1|search/);
  });

  it("'Create redirect' on a row redirects its path and takes it out of the log", async () => {
    const refused = await call("POST", "/api/admin/redirects/not-found", editor, {
      path: "/never-missed",
      to: "/",
    });
    expect([refused.statusCode, refused.json().message]).toEqual([404, M.missNotFound]);
    const bad = await call("POST", "/api/admin/redirects/not-found", editor, {
      path: "/bakery-wast",
      to: "nowhere",
    });
    expect([bad.statusCode, bad.json().message]).toEqual([400, M.toInvalid]);
    const res = await call("POST", "/api/admin/redirects/not-found", editor, {
      path: "/bakery-wast",
      to: "/bakery-waste",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().result).toMatchObject({ from: "/bakery-wast", to: "/bakery-waste", status: 301 });
    expect((await call("GET", "/api/admin/redirects/not-found")).json()).toMatchObject({
      result: [],
      total: 0,
    });
    expect((await visit("/bakery-wast")).headers.location).toBe("/bakery-waste");
  });

  it("keeps the log per UK day, within its days and its rows", async () => {
    let now = Date.parse("2026-06-30T22:30:00Z"); // 23:30 in London (BST)
    const service = createRedirectService(api.app.db, { content: createContentVersion(), now: () => now });
    const headers = { "user-agent": BROWSER };
    service.recordMiss({ method: "GET", url: "/late", headers });
    now += 60 * 60_000; // 00:30 the next UK day
    service.recordMiss({ method: "GET", url: "/late", headers });
    await service.flush();
    const days = await api.app.db.select().from(notFoundPaths).where(eq(notFoundPaths.path, "/late"));
    expect(days.map((d) => [d.day, d.count]).sort()).toEqual([
      ["2026-06-30", 1],
      ["2026-07-01", 1],
    ]);
    // A second flush adds to the day's row; the referrer stays when the next visit sends none.
    service.recordMiss({
      method: "GET",
      url: "/late",
      headers: { ...headers, referer: "https://example.org/" },
    });
    await service.flush();
    service.recordMiss({ method: "GET", url: "/late", headers });
    await service.flush();
    const [today] = await api.app.db.select().from(notFoundPaths).where(eq(notFoundPaths.day, "2026-07-01"));
    expect([today.count, today.referrer]).toEqual([3, "example.org"]);

    // Past the retention: gone; past the bound: the least-hit, longest unseen go.
    now += REDIRECT_LIMITS.logRetentionDays * DAY_MS;
    const fresh = londonDay(now);
    const rows = Array.from({ length: REDIRECT_LIMITS.maxLogRows + 10 }, (_, i) => ({
      day: fresh,
      path: `/made-up-${i}`,
      count: i < 10 ? 1 : 2,
      lastSeen: new Date(now),
    }));
    for (let i = 0; i < rows.length; i += 1000)
      await api.app.db.insert(notFoundPaths).values(rows.slice(i, i + 1000));
    await service.prune();
    const kept = await api.app.db
      .select({ day: notFoundPaths.day, path: notFoundPaths.path, count: notFoundPaths.count })
      .from(notFoundPaths);
    expect(kept.length).toBe(REDIRECT_LIMITS.maxLogRows);
    expect(kept.some((r) => r.path === "/late")).toBe(false);
    expect(kept.every((r) => r.count === 2)).toBe(true);
    await api.app.db.delete(notFoundPaths);
  });

  it("bounds the misses one instance holds between writes", async () => {
    const service = createRedirectService(api.app.db, { content: createContentVersion() });
    const headers = { "user-agent": BROWSER };
    for (let i = 0; i < REDIRECT_LIMITS.maxPendingMisses; i++)
      expect(service.recordMiss({ method: "GET", url: `/flood-${i}`, headers })).toBe(true);
    expect(service.recordMiss({ method: "GET", url: "/one-more", headers })).toBe(false);
    // A path already counted still counts.
    expect(service.recordMiss({ method: "GET", url: "/flood-0", headers })).toBe(true);
    expect(await service.flush()).toBe(REDIRECT_LIMITS.maxPendingMisses);
    expect(service.recordMiss({ method: "GET", url: "/one-more", headers })).toBe(true);
    await service.flush();
    await api.app.db.delete(notFoundPaths);
  });

  it("counts redirects answered and missing pages in /metrics", async () => {
    const before = api.app.services.redirects.stats();
    await visit("/a");
    api.app.services.redirects.recordMiss({
      method: "GET",
      url: "/counted",
      headers: { "user-agent": BROWSER },
    });
    const metrics = (await api.app.inject({ url: "/metrics", remoteAddress: "127.0.0.1" })).body;
    expect(metrics).toContain(`redirects_answered_total ${before.answered + 1}`);
    expect(metrics).toContain(`not_found_pages_total ${before.missed + 1}`);
    expect(metrics).toMatch(/^redirects \d+$/m);
  });

  it("refuses a Desk every route with the catalogue's message, and lets an Owner in", async () => {
    const before = await all();
    const [first] = before;
    const forbidden = ROLE_MESSAGES.forbidden("site");
    for (const [method, url, payload] of [
      ["GET", "/api/admin/redirects", undefined],
      ["POST", "/api/admin/redirects", { from: "/desk", to: "/" }],
      ["DELETE", `/api/admin/redirects/${first.id}`, undefined],
      ["GET", "/api/admin/redirects/not-found", undefined],
      ["POST", "/api/admin/redirects/not-found", { path: "/counted", to: "/" }],
    ] as const) {
      const res = await call(method, url, desk, payload);
      expect([res.statusCode, res.json().message], `${method} ${url}`).toEqual([403, forbidden]);
    }
    expect(await all()).toEqual(before);
    await expect(
      api.app.services.redirects.keepOldAddress("/x", "/y", {
        id: "d",
        email: "d@example.co.uk",
        role: "desk",
      }),
    ).rejects.toThrow(forbidden);
    expect((await call("GET", "/api/admin/redirects", api.token)).statusCode).toBe(200);
    expect((await call("GET", "/api/admin/redirects", "")).statusCode).toBe(401);
  });

  it("is documented in the OpenAPI document with a summary each", async () => {
    const doc = (await api.app.inject({ url: "/api/openapi.json" })).json();
    for (const [path, method] of [
      ["/api/admin/redirects", "get"],
      ["/api/admin/redirects", "post"],
      ["/api/admin/redirects/{id}", "delete"],
      ["/api/admin/redirects/not-found", "get"],
      ["/api/admin/redirects/not-found", "post"],
    ])
      expect(doc.paths[path]?.[method]?.summary, `${method} ${path}`).toBeTruthy();
    expect(
      doc.paths["/api/admin/redirects"].post.requestBody.content["application/json"].schema.properties,
    ).toHaveProperty("from");
  });
});
