import type { FastifyInstance } from "fastify";

const SOME_ID = "00000000-0000-4000-8000-000000000000";

/**
 * Every /api/admin route the app registered (the admin scope's hook records them, plugins/auth.ts)
 * but the open ones (sign-in, accepting an invitation), with a concrete URL: each path parameter
 * an id that names nothing. Tests walk this list, so a new admin route is tried without anyone
 * adding it to a list.
 */
export function guardedAdminRoutes(app: FastifyInstance) {
  return app.adminRoutes
    .filter((route) => route.need !== "signIn")
    .map((route) => ({ ...route, url: route.url.replace(/:[A-Za-z]+/g, SOME_ID) }));
}

/** A request to `route` with an empty JSON body where the method takes one. */
export function tryRoute(
  app: FastifyInstance,
  route: { method: string; url: string },
  headers: Record<string, string> = {},
) {
  const hasBody = route.method === "POST" || route.method === "PUT" || route.method === "PATCH";
  return app.inject({
    method: route.method as "GET",
    url: route.url,
    headers: hasBody ? { ...headers, "content-type": "application/json" } : headers,
    payload: hasBody ? "{}" : undefined,
  });
}
