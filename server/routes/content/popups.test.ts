import { describe, expect, it } from "vitest";
import { bearer } from "../../test/content";
import { TEST_DATABASES } from "../../test/harness";
import { signedInApp } from "../../test/signed-in";

const UNKNOWN = "00000000-0000-4000-8000-000000000000";

describe.each(TEST_DATABASES)("popup API on %s", (kind) => {
  const api = signedInApp(kind);

  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    api.app.inject({ method, url, headers: bearer(api.token), payload });
  const create = async (title = "Free waste review", content = "Book a review") =>
    (await call("POST", "/api/admin/popup-message", { title, content })).json().data;
  const activeCount = async () =>
    (await call("GET", "/api/admin/popups")).json().data.filter((p: { activated: boolean }) => p.activated)
      .length;

  it("creates (201 Created, inactive, navigation /book: the online booking), reads, lists, edits and deletes", async () => {
    const res = await call("POST", "/api/admin/popup-message", {
      title: "  Free review  ",
      content: "Book now",
    });
    expect(res.statusCode).toBe(201);
    const popup = res.json().data;
    expect(res.json()).toEqual({
      status: "Created",
      data: {
        _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        title: "Free review",
        content: "Book now",
        navigation: "/book",
        activated: false,
      },
    });
    const one = await call("GET", `/api/admin/popup-message/${popup._id}`);
    expect(one.json()).toEqual({ status: "Ok", data: popup });
    const list = await call("GET", "/api/admin/popups");
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ status: "Ok", data: expect.arrayContaining([popup]) });

    const edited = await call("PUT", `/api/admin/edit-popup/${popup._id}`, {
      title: "Edited",
      content: "New",
      navigation: "/quote",
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual({
      status: "Ok",
      data: { ...popup, title: "Edited", content: "New", navigation: "/quote" },
    });

    const deleted = await call("DELETE", `/api/admin/popup-message/${popup._id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ status: "Ok" });
    expect((await call("GET", `/api/admin/popup-message/${popup._id}`)).statusCode).toBe(404);
  });

  it.each([
    [{ title: "", content: "x" }, "Cant submit empty details"],
    [{ title: "x", content: "" }, "Cant submit empty details"],
    [{ title: "   ", content: "x" }, "Cant submit empty details"],
    [{ content: "x" }, "Cant submit empty details"],
    [{}, "Cant submit empty details"],
    [{ title: "t".repeat(41), content: "x" }, "Title is limited to 40 characters"],
    [{ title: "x", content: "c".repeat(361) }, "Content is limited to 360 characters"],
    [
      { title: "x", content: "y", navigation: "https://evil.example" },
      "Navigation must be a path on this site, such as /contact",
    ],
    [
      { title: "x", content: "y", navigation: "//evil.example" },
      "Navigation must be a path on this site, such as /contact",
    ],
  ])("refuses %j with 400 %j on create and edit", async (payload, message) => {
    const res = await call("POST", "/api/admin/popup-message", payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: "Error", message });
    const popup = await create();
    const edit = await call("PUT", `/api/admin/edit-popup/${popup._id}`, payload);
    expect(edit.json()).toEqual({ status: "Error", message });
  });

  it("accepts exactly 40 and 360 characters", async () => {
    const res = await call("POST", "/api/admin/popup-message", {
      title: "t".repeat(40),
      content: "c".repeat(360),
    });
    expect(res.statusCode).toBe(201);
  });

  it("activates one popup and deactivates every other; the landing page reads it", async () => {
    const a = await create("First", "One");
    const b = await create("Second", "Two");
    const res = await call("PUT", `/api/admin/activate-popup/${a._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "Ok" });
    await call("PUT", `/api/admin/activate-popup/${b._id}`);
    expect((await call("GET", `/api/admin/popup-message/${a._id}`)).json().data.activated).toBe(false);
    expect((await call("GET", `/api/admin/popup-message/${b._id}`)).json().data.activated).toBe(true);
    expect(await activeCount()).toBe(1);
    const active = await api.app.inject({ method: "GET", url: "/api/blog/active-popup" });
    expect(active.json()).toEqual({
      status: "Ok",
      data: { title: "Second", content: "Two", navigation: "/book" },
    });

    const off = await call("PUT", `/api/admin/deactivate-popup/${b._id}`);
    expect(off.json()).toEqual({ status: "Ok" });
    expect(await activeCount()).toBe(0);
    expect((await api.app.inject({ method: "GET", url: "/api/blog/active-popup" })).json()).toEqual({
      status: "Ok",
      data: null,
    });
  });

  it("leaves exactly one active after 20 concurrent activations of different popups", async () => {
    const popups = await Promise.all(Array.from({ length: 20 }, (_, i) => create(`Popup ${i}`, "Body")));
    const results = await Promise.all(popups.map((p) => call("PUT", `/api/admin/activate-popup/${p._id}`)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await activeCount()).toBe(1);
  });

  it("answers 404 for unknown or malformed ids on every popup route", async () => {
    for (const id of [UNKNOWN, "nope"]) {
      expect((await call("GET", `/api/admin/popup-message/${id}`)).statusCode).toBe(404);
      expect(
        (await call("PUT", `/api/admin/edit-popup/${id}`, { title: "a", content: "b" })).statusCode,
      ).toBe(404);
      expect((await call("DELETE", `/api/admin/popup-message/${id}`)).statusCode).toBe(404);
      expect((await call("PUT", `/api/admin/activate-popup/${id}`)).statusCode).toBe(404);
      expect((await call("PUT", `/api/admin/deactivate-popup/${id}`)).statusCode).toBe(404);
    }
  });

  it("activating an unknown popup answers 404 and leaves the active one showing", async () => {
    const shown = await create("Still showing");
    await call("PUT", `/api/admin/activate-popup/${shown._id}`);
    const res = await call("PUT", `/api/admin/activate-popup/${UNKNOWN}`);
    expect(res.json()).toEqual({ status: "Error", message: "Popup not found" });
    expect((await call("GET", "/api/blog/active-popup")).json().data.title).toBe("Still showing");
  });

  it("never answers 5xx to hostile bodies", async () => {
    const popup = await create();
    for (const payload of [
      null,
      [],
      "x",
      7,
      { title: ["a"], content: { b: 1 } },
      { title: "\u0000", content: "\u0000x" },
      { title: "a", content: "b", navigation: 5 },
    ]) {
      for (const [method, url] of [
        ["POST", "/api/admin/popup-message"],
        ["PUT", `/api/admin/edit-popup/${popup._id}`],
      ] as const) {
        const res = await api.app.inject({
          method,
          url,
          headers: { ...bearer(api.token), "content-type": "application/json" },
          payload: JSON.stringify(payload),
        });
        expect(res.statusCode, `${method} ${JSON.stringify(payload)}`).toBeGreaterThanOrEqual(200);
        expect(res.statusCode, `${method} ${JSON.stringify(payload)}`).toBeLessThan(500);
      }
    }
  });
});
