import type { RouteOptions } from "fastify";

/**
 * Every REST route carries its duties, checked as it is registered (a route without them stops
 * the start, so it cannot be forgotten): it is in the OpenAPI document (a schema with a summary,
 * not hidden), and when it takes input (POST, PUT, PATCH, DELETE) something bounds how often a
 * client may send it: a rate limit (`config.rateLimit`), the sign-in counters (`config.signIn`:
 * sign-in, accepting an invitation), or a signed-in member of staff (`config.permission`).
 * Bodies are bounded by the app's bodyLimit (1 MB) unless a route sets its own.
 */

declare module "fastify" {
  interface FastifyInstance {
    /** Every /api route as registered, with what bounds it (tests compare it with the document). */
    routeDuties: DutyRecord[];
  }
}

export interface DutyRecord {
  method: string;
  url: string;
  /** In the OpenAPI document; false only for the routes listed in UNDOCUMENTED. */
  documented: boolean;
  /** What bounds a client sending it input; undefined for reads. */
  bound?: "rate limit" | "sign-in counters" | "staff session";
  /** Its own body limit, when it sets one (else the app's). */
  bodyLimit?: number;
}

/** The routes kept out of the document, each with the reason. */
export const UNDOCUMENTED: Record<string, string> = {
  "GET /api/openapi.json": "the document itself",
  "GET /api/healthz": "a liveness probe for orchestrators, not part of the site's API",
  "GET /api/readyz": "a readiness probe for balancers, not part of the site's API",
  "/api/*": "any other /api path: a JSON 404, for every method",
};

const INPUT_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The onRoute hook that checks and records each /api route's duties into `records`. */
export function routeDutyGuard(records: DutyRecord[]) {
  return (route: RouteOptions) => {
    if (!route.url.startsWith("/api")) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== "HEAD");
    const schema = route.schema as { hide?: boolean; summary?: string } | undefined;
    const config = (route.config ?? {}) as { rateLimit?: unknown; signIn?: boolean; permission?: string };
    const bound = config.rateLimit
      ? "rate limit"
      : config.signIn
        ? "sign-in counters"
        : config.permission
          ? "staff session"
          : undefined;
    for (const method of methods) {
      const key = `${method} ${route.url}`;
      const exempt = UNDOCUMENTED[key] ?? UNDOCUMENTED[route.url];
      const documented = Boolean(schema?.summary) && !schema?.hide;
      if (!documented && !exempt)
        throw new Error(
          `${key} is missing from the OpenAPI document: give it a schema with a summary (or list it in UNDOCUMENTED with the reason)`,
        );
      if (INPUT_METHODS.has(method) && !bound && !exempt)
        throw new Error(
          `${key} takes input with nothing bounding it: give it config.rateLimit, or make it a staff route (config.permission)`,
        );
      records.push({
        method,
        url: route.url,
        documented,
        bound: INPUT_METHODS.has(method) ? bound : undefined,
        bodyLimit: route.bodyLimit,
      });
    }
  };
}
