import { describe, expect, it } from "vitest";
import { isReservedPath, REDIRECT_MESSAGES as M, normalisePath, redirectInputSchema } from "./redirects";

describe("redirect paths", () => {
  it("are written one way: lower case, single slashes, no trailing slash ('/' stays)", () => {
    expect(normalisePath("/")).toBe("/");
    expect(normalisePath("//")).toBe("/");
    expect(normalisePath("/Old-Page/")).toBe("/old-page");
    expect(normalisePath("//a//b///")).toBe("/a/b");
    expect(normalisePath("/caf%C3%A9")).toBe("/caf%c3%a9");
  });

  it("leave the admin, the API, the metrics and the site's files alone", () => {
    for (const path of [
      "/admin",
      "/admin/dashboard",
      "/api",
      "/api/blog",
      "/metrics",
      "/assets/x",
      "/robots.txt",
      "/sitemap.xml",
      "/favicon.ico",
      "/logo.webp",
    ])
      expect(isReservedPath(path), path).toBe(true);
    for (const path of ["/", "/administrator", "/apis", "/old-page", "/page.html", "/index.php"])
      expect(isReservedPath(path), path).toBe(false);
  });

  it("parse the form's strings: the type as a number, an empty To for 410 as none", () => {
    expect(redirectInputSchema.parse({ from: " /Old/ ", to: " /New/ ", status: "302" })).toEqual({
      from: "/old",
      to: "/new",
      status: 302,
    });
    expect(redirectInputSchema.parse({ from: "/old", to: "", status: "410" })).toEqual({
      from: "/old",
      to: null,
      status: 410,
    });
    // What the service gets back from the form is parsed again the same way.
    expect(redirectInputSchema.parse({ from: "/old", to: null, status: 410 }).to).toBeNull();
    expect(redirectInputSchema.parse({ from: "/old", to: "https://example.org/A?b=C" }).to).toBe(
      "https://example.org/A?b=C",
    );
    expect(redirectInputSchema.safeParse({ from: "/", to: "/new" }).error?.issues[0]?.message).toBe(
      M.fromOwnPage,
    );
  });
});
