import type { FastifyReply, FastifyRequest } from "fastify";
import { ADMIN_MESSAGES } from "../../common/admin-messages";
import { ADMIN_AUTH_COOKIE } from "../../common/constants";
import { API_MESSAGES } from "../../common/messages";
import type { SessionAdmin } from "../services/sessions";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by requireAdmin for authenticated admin requests. */
    admin?: SessionAdmin;
    /** The raw session token the request authenticated with. */
    adminToken?: string;
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The session token from `Authorization: Bearer …` or, failing that, the admin_auth cookie. */
export function readAdminToken(request: FastifyRequest): { token?: string; fromCookie: boolean } {
  const header = request.headers.authorization;
  if (header?.startsWith("Bearer ")) return { token: header.slice(7).trim(), fromCookie: false };
  const cookie = request.cookies?.[ADMIN_AUTH_COOKIE];
  return { token: cookie, fromCookie: cookie !== undefined };
}

/**
 * preHandler for every /api/admin/* route but login: 401 without a live session. Writes
 * authenticated by the cookie alone must come from our own origin (CSRF defence; Bearer
 * clients are not exposed to CSRF and may call from anywhere).
 */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply) {
  const { token, fromCookie } = readAdminToken(request);
  const admin = await request.server.services.sessions.verify(token);
  if (!admin) return reply.status(401).send({ status: "Error", message: ADMIN_MESSAGES.unauthorised });
  if (fromCookie && !SAFE_METHODS.has(request.method) && !isSameOrigin(request)) {
    return reply.status(403).send({ status: "Error", message: API_MESSAGES.crossSite });
  }
  request.admin = admin;
  request.adminToken = token;
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
