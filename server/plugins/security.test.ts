import { describe, expect, it } from "vitest";
import { bearer } from "../test/content";
import { signedInApp } from "../test/signed-in";

describe("security headers and cross-site writes", () => {
  const api = signedInApp("pglite");

  it("sends a restrictive Permissions-Policy on every answer", async () => {
    for (const url of ["/api/healthz", "/api/blog", "/api/nope", "/api/admin/profile", "/about%"]) {
      const policy = (await api.app.inject({ method: "GET", url })).headers["permissions-policy"];
      expect(policy, url).toContain("camera=()");
      expect(policy, url).toContain("geolocation=()");
      expect(policy, url).toContain("microphone=()");
      expect(policy, url).toContain("payment=()");
    }
  });

  it("marks every /api/admin answer no-store: success, 401, 404, 400 and 403", async () => {
    const answers = [
      await api.app.inject({ method: "GET", url: "/api/admin/profile", headers: bearer(api.token) }),
      await api.app.inject({ method: "GET", url: "/api/admin/profile" }),
      await api.app.inject({ method: "GET", url: "/api/admin/popups" }),
      await api.app.inject({
        method: "POST",
        url: "/api/admin/login",
        payload: { email: "x", password: "y" },
      }),
      await api.app.inject({
        method: "GET",
        url: "/api/admin/popup-message/nope",
        headers: bearer(api.token),
      }),
      await api.app.inject({ method: "GET", url: "/api/admin/unknown/path" }),
      await api.app.inject({
        method: "POST",
        url: "/api/admin/popup-message",
        cookies: { admin_auth: api.token },
        headers: { origin: "https://evil.example" },
        payload: { title: "a", content: "b" },
      }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 401, 401, 400, 404, 404, 403]);
    for (const res of answers) expect(res.headers["cache-control"]).toBe("no-store");
    const publicAnswer = await api.app.inject({ method: "GET", url: "/api/blog" });
    expect(publicAnswer.headers["cache-control"]).not.toBe("no-store");
  });

  it("refuses a cookie-authenticated write without Origin that the browser marks cross-site", async () => {
    const write = (headers: Record<string, string>) =>
      api.app.inject({
        method: "POST",
        url: "/api/admin/popup-message",
        cookies: { admin_auth: api.token },
        headers,
        payload: { title: "Fetch metadata", content: "Body" },
      });
    for (const site of ["cross-site", "same-site"]) {
      const res = await write({ "sec-fetch-site": site });
      expect(res.statusCode, site).toBe(403);
      expect(res.json()).toEqual({ status: "Error", message: "Cross-site request refused" });
    }
    expect((await write({ "sec-fetch-site": "same-origin" })).statusCode).toBe(201);
    expect((await write({})).statusCode).toBe(201); // no browser: not a CSRF vector
    // A Bearer client is not exposed to CSRF, whatever it says.
    const withBearer = await api.app.inject({
      method: "POST",
      url: "/api/admin/popup-message",
      headers: { ...bearer(api.token), "sec-fetch-site": "cross-site" },
      payload: { title: "Bearer", content: "Body" },
    });
    expect(withBearer.statusCode).toBe(201);
  });
});
