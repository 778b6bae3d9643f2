import { ADMIN_AUTH_COOKIE } from "@common/constants";
import { type AppLoadContext, redirect } from "react-router";

/** The admin_auth cookie's value out of a Cookie header, if any. */
export function adminTokenFrom(cookieHeader: string | null): string | undefined {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === ADMIN_AUTH_COOKIE) return rest.join("=");
  }
  return undefined;
}

/** The signed-in administrator behind the request's session cookie, if the session is live. */
export function adminFrom(request: Request, context: AppLoadContext) {
  return context.services.sessions.verify(adminTokenFrom(request.headers.get("cookie")));
}

/**
 * The admin guard for loaders and actions of every /admin/dashboard/* page: the signed-in
 * administrator, or a redirect to the login screen. A forged, expired or revoked cookie is no
 * session. Call it in every admin loader and action (child loaders run beside the parent's).
 */
export async function requireAdmin(request: Request, context: AppLoadContext) {
  const admin = await adminFrom(request, context);
  if (!admin) throw redirect("/admin");
  return admin;
}

/** Admin pages are private and change with every action: never stored by a browser or proxy. */
export const ADMIN_PAGE_HEADERS = { "Cache-Control": "no-store" } as const;
