import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import type { InsightsService } from "../services/insights/service";
import { countPageView, isPageAnswer } from "./page-views";

const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

function counted(request: Partial<FastifyRequest>) {
  const seen: string[] = [];
  const insights = {
    countPage: (page: { url: string }) => seen.push(page.url),
  } as unknown as InsightsService;
  countPageView(insights, {
    method: "GET",
    url: "/",
    hostname: "localhost",
    headers: { "user-agent": CHROME },
    cookies: {},
    ...request,
  } as FastifyRequest);
  return seen;
}

describe("page views beside the page cache", () => {
  it("counts a public page sent to a browser", () => {
    expect(counted({ url: "/services/2" })).toEqual(["/services/2"]);
  });
  it("leaves out HEAD, the admin area and anyone signed in to it", () => {
    expect(counted({ method: "HEAD" })).toEqual([]);
    expect(counted({ url: "/admin/dashboard/insights" })).toEqual([]);
    expect(counted({ headers: { "user-agent": CHROME, cookie: "admin_auth=token" } })).toEqual([]);
  });
  it("takes only 200 HTML answers from the renderer as page views", () => {
    const html = { "content-type": "text/html; charset=utf-8" };
    expect(isPageAnswer(new Response("", { status: 200, headers: html }))).toBe(true);
    expect(isPageAnswer(new Response("", { status: 404, headers: html }))).toBe(false);
    expect(
      isPageAnswer(new Response("", { status: 200, headers: { "content-type": "application/xml" } })),
    ).toBe(false);
  });
});
