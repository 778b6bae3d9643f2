import type { FastifyRequest } from "fastify";
import { adminTokenFromCookies } from "../../common/staff/admin-cookie";
import { isAdminPath } from "../plugins/security";
import type { InsightsService } from "../services/insights/service";

/**
 * The HTTP edge of Insights (the service counts; this reads the request). Counts a public page the pages handler sent to a browser (a 200 HTML page or a 304 for one),
 * beside the page cache: a few header reads and a map increment, written to the database later.
 * Not counted: HEAD, the admin area, and anyone signed in to it.
 */
export function countPageView(insights: InsightsService, request: FastifyRequest) {
  if (request.method !== "GET" || isAdminPath(request.url)) return;
  // A page the browser fetches ahead (Speculation Rules) may never be shown: the page script counts
  // it when it is (app/lib/insights/insights.ts `prerenderedPageShown`).
  if (/\bprefetch\b/.test(String(request.headers["sec-purpose"] ?? request.headers.purpose ?? ""))) return;
  if (adminTokenFromCookies(request.headers.cookie) !== undefined) return;
  insights.countPage({ url: request.url, hostname: request.hostname, headers: request.headers });
}

/** Whether a rendered answer is a page view: a 200 HTML page. */
export const isPageAnswer = (response: Response) =>
  response.status === 200 && (response.headers.get("content-type") ?? "").startsWith("text/html");
