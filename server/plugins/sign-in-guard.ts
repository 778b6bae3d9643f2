import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import { ADMIN_MESSAGES } from "../../common/admin-messages";
import { API_MESSAGES } from "../../common/messages";
import { adminTokenFromCookies } from "../../common/staff/admin-cookie";
import type { Permission } from "../../common/staff/roles";
import { admitWhileEnrolling, authorize, type EnrolmentStep } from "../services/access";
import type { SessionAdmin } from "../services/staff/sessions";

/** What an admin route needs: one permission of common/staff/roles.ts, or a session of any role. */
export type AdminRouteNeed = Permission | "anyRole";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the admin session check for authenticated admin requests. */
    admin?: SessionAdmin;
    /** The raw session token the request authenticated with. */
    adminToken?: string;
  }
  interface FastifyContextConfig {
    /** An /api/admin route's need (checked by the admin scope's hook before the handler). */
    permission?: AdminRouteNeed;
    /** The /api/admin routes open without a session: sign-in and accepting an invitation. */
    signIn?: boolean;
    /**
     * The enrolment step the route is (services/access.ts ENROLMENT_STEPS), open to an account the
     * Owner's two-factor requirement holds back; every other admin route answers 403 until it has
     * enrolled.
     */
    enrolmentStep?: EnrolmentStep;
  }
  interface FastifyInstance {
    /** Every /api/admin route as registered, with its need (the role tests try each with each role). */
    adminRoutes: Array<{
      method: string;
      url: string;
      need: AdminRouteNeed | "signIn";
      /** The enrolment step the route is, if any (open while the requirement holds an account back). */
      enrolmentStep?: EnrolmentStep;
    }>;
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The session token from `Authorization: Bearer …` or, failing that, the admin_auth cookie. */
export function readAdminToken(request: FastifyRequest): { token?: string; fromCookie: boolean } {
  const header = request.headers.authorization;
  if (header?.startsWith("Bearer ")) return { token: header.slice(7).trim(), fromCookie: false };
  const cookie = adminTokenFromCookies(request.headers.cookie);
  return { token: cookie, fromCookie: cookie !== undefined };
}

/**
 * The admin API's session check: 401 without a live session. Writes authenticated by the cookie
 * alone must come from our own origin (CSRF defence; Bearer clients are not exposed to CSRF and
 * may call from anywhere). Then the route's need: 403 with the catalogue's message when the
 * account's role lacks the permission, or when the Owner's two-factor requirement holds the
 * account back and the route is no enrolment step (the service layer's checks, services/access.ts).
 */
async function checkAdminSession(request: FastifyRequest, reply: FastifyReply) {
  const { token, fromCookie } = readAdminToken(request);
  const admin = await request.server.services.sessions.verify(token);
  if (!admin) return reply.status(401).send({ status: "Error", message: ADMIN_MESSAGES.unauthorised });
  if (fromCookie && !SAFE_METHODS.has(request.method) && !isSameOrigin(request)) {
    return reply.status(403).send({ status: "Error", message: API_MESSAGES.crossSite });
  }
  const need = request.routeOptions.config.permission;
  if (need && need !== "anyRole") authorize(admin, need);
  await admitWhileEnrolling(
    request.server.services.twoFactor.enrolmentDue,
    admin.id,
    request.routeOptions.config.enrolmentStep,
  );
  request.admin = admin;
  request.adminToken = token;
}

/** Whether a route's URL is in the admin API (`/api/admin` and everything under it). */
const isAdminUrl = (url: string) => url === "/api/admin" || url.startsWith("/api/admin/");

/**
 * The admin API's guard, by prefix: an `onRoute` hook on the API's scope that puts the session
 * check first on every route under /api/admin, whichever plugin registers it. Only the routes
 * marked `signIn` (sign-in, accepting an invitation) are open; a route naming no need fails the
 * start, so a new admin route can never be left unguarded. Each is recorded in `routes`.
 */
export function adminRouteGuard(routes: FastifyInstance["adminRoutes"]) {
  return (routeOptions: RouteOptions) => {
    if (!isAdminUrl(routeOptions.url)) return;
    const config = (routeOptions.config ?? {}) as {
      permission?: AdminRouteNeed;
      signIn?: boolean;
      enrolmentStep?: EnrolmentStep;
    };
    const method = [routeOptions.method].flat().join(",");
    const record = (need: AdminRouteNeed | "signIn") => {
      if (method !== "HEAD")
        routes.push({ method, url: routeOptions.url, need, enrolmentStep: config.enrolmentStep });
    };
    if (config.signIn) {
      if (config.permission)
        throw new Error(`${method} ${routeOptions.url}: a sign-in route needs no permission`);
      return record("signIn");
    }
    if (!config.permission)
      throw new Error(`${method} ${routeOptions.url} names no permission (common/staff/roles.ts)`);
    const own = routeOptions.preHandler;
    routeOptions.preHandler = [checkAdminSession, ...(own ? [own].flat() : [])];
    record(config.permission);
  };
}

/** What a browser says about where a request comes from (Fetch Metadata); absent in older ones. */
const FOREIGN_FETCH_SITES = new Set(["cross-site", "same-site"]);

/** False when the request says (Fetch Metadata, Origin, else Referer) it comes from another site. */
export function isSameOrigin(request: FastifyRequest): boolean {
  const fetchSite = request.headers["sec-fetch-site"];
  if (typeof fetchSite === "string" && FOREIGN_FETCH_SITES.has(fetchSite)) return false;
  const origin = request.headers.origin ?? refererOrigin(request.headers.referer);
  // Browsers send Origin on cross-site writes; a write with neither header is not from a browser form.
  if (!origin) return true;
  const own = new Set([
    new URL(request.server.config.siteUrl).origin,
    `${request.protocol}://${request.host}`,
  ]);
  return own.has(origin);
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return "null";
  }
}
