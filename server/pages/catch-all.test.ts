import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { CATCH_ALL_ROUTE_ID } from "../../common/content/pages";
import { CATCH_ALL_REMEMBERED_PATHS, catchAllMatcher } from "./pages";

// The shape of the app's routes (app/routes.ts): a root layout, the home page, fixed pages, a
// post's address, splats of their own (the blog's, the admin's) and the catch-all.
const ROUTES = [
  { id: "root", path: "" },
  { id: "home", parentId: "root", index: true },
  { id: "about", parentId: "root", path: "about" },
  { id: "blog", parentId: "root", path: "blog" },
  { id: "post", parentId: "root", path: "blog/:id" },
  { id: "blog-rest", parentId: "root", path: "blog/*" },
  { id: "admin", parentId: "root", path: "admin/*" },
  { id: CATCH_ALL_ROUTE_ID, parentId: "root", path: "*" },
];
const build = {
  routes: Object.fromEntries(ROUTES.map((route) => [route.id, { ...route, module: {} }])),
} as unknown as ServerBuild;

describe("catchAllMatcher", () => {
  it("answers the catch-all only where no other route matches, as React Router does", () => {
    const isCatchAll = catchAllMatcher(build);
    for (const path of ["/", "/about", "/about/", "/ABOUT", "/blog", "/blog/12", "/blog/a/b", "/admin/x"])
      expect(isCatchAll(path), path).toBe(false);
    for (const path of ["/nothing", "/about/more", "/bakery-wast", "/a/b/c"])
      expect(isCatchAll(path), path).toBe(true);
  });

  it("gives the same answers when asked again and past the paths it keeps", () => {
    const isCatchAll = catchAllMatcher(build);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < CATCH_ALL_REMEMBERED_PATHS + 5; i++) expect(isCatchAll(`/made-up-${i}`)).toBe(true);
      expect(isCatchAll("/about")).toBe(false);
      expect(isCatchAll("/blog/7")).toBe(false);
      expect(isCatchAll("/made-up-0")).toBe(true);
    }
    // A path longer than a redirect's address is answered, not kept.
    expect(isCatchAll(`/${"x".repeat(5000)}`)).toBe(true);
    expect(isCatchAll(`/blog/${"7".repeat(5000)}`)).toBe(false);
  });
});
