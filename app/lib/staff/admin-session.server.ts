import { domainFailure, isDomainError } from "@common/errors";
import type { PasswordChange } from "@common/staff/account";
import {
  adminBrowserCookieHeader,
  adminBrowserFromCookies,
  adminCookieHeader,
  adminTokenFromCookies,
} from "@common/staff/admin-cookie";
import type { Permission } from "@common/staff/roles";
import { type AppLoadContext, data, redirect } from "react-router";
import type { EnrolmentStep } from "../../../server/services/access";
import type { SecondStep } from "../../../server/services/staff/sign-ins";
import { changeOrigin } from "../change-origin.server";

/** Where an account the Owner's two-factor requirement holds back is sent: 'Account'. */
export const ENROLMENT_PATH = "/admin/dashboard/account";

/** The admin_auth cookie's value in the request, if any (the one cookie reader, common/staff/admin-cookie.ts). */
const adminTokenOf = (request: Request) => adminTokenFromCookies(request.headers.get("cookie"));

/** The signed-in administrator behind the request's session cookie, if the session is live. */
export function adminFrom(request: Request, context: AppLoadContext) {
  return context.services.sessions.verify(adminTokenOf(request));
}

/**
 * The admin guard for loaders and actions of every /admin/dashboard/* page: the signed-in
 * administrator, or a redirect to the login screen. A forged, expired or revoked cookie is no
 * session. While the Owner's two-factor requirement holds the account back, only an enrolment
 * `step` is let through (the service layer's one rule, server/services/access.ts): opening any
 * other page leads to 'Account' to enrol, and any other write is refused (403, the catalogue's
 * message). With `permission`, a role without it gets a 403 page with the catalogue's message,
 * never the data. Call it in every admin loader and action (child loaders run beside the parent's).
 */
export async function requireAdmin(
  request: Request,
  context: AppLoadContext,
  permission?: Permission,
  step?: EnrolmentStep,
) {
  const admin = await adminFrom(request, context);
  if (!admin) throw redirect("/admin");
  try {
    await context.admitWhileEnrolling(context.services.twoFactor.enrolmentDue, admin.id, step);
  } catch (error) {
    if (isDomainError(error, "Forbidden") && request.method === "GET") throw redirect(ENROLMENT_PATH);
    throw refusal(error);
  }
  if (permission) {
    try {
      context.authorize(admin, permission);
    } catch (error) {
      throw refusal(error);
    }
  }
  return admin;
}

/** A refusal of the service layer as the screen's 403 page; anything else as it came. */
const refusal = (error: unknown) =>
  isDomainError(error, "Forbidden") ? data(error.message, { status: 403 }) : error;

/**
 * The signed-in administrator who may see unpublished content on public pages (a draft's
 * preview): not one the Owner's two-factor requirement holds back.
 */
export async function previewerFrom(request: Request, context: AppLoadContext) {
  const admin = await adminFrom(request, context);
  if (!admin || (await context.services.twoFactor.enrolmentDue(admin.id))) return undefined;
  return admin;
}

// A refused write's answer and the not-found helper: the screen kit, domain-errors.server.ts.

/** A service call that may be refused; a refusal the operator must see (counters unreachable) is logged. */
async function logged<T>(context: AppLoadContext, call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    const failure = domainFailure(error);
    if (failure?.logLine) context.log?.error({ err: failure.cause }, failure.logLine);
    throw error;
  }
}

const secureCookie = (context: AppLoadContext) => context.services.config.siteUrl.startsWith("https:");

/**
 * Signs in through the login service, with the API's limits on the client's address, and answers
 * the new session's Set-Cookie header (the cookie the API's login sets). Throws the refusal.
 */
export async function signIn(
  context: AppLoadContext,
  request: Request,
  credentials: { email: unknown; password: unknown },
): Promise<{ headers: Headers } | { pending: string; methods: SecondStep[] }> {
  const result = await logged(
    context,
    context.services.signIns.signIn({ ...credentials, client: context.clientKey, ...browserOf(request) }),
  );
  if ("pending" in result) return { pending: result.pending, methods: result.methods };
  return { headers: signedInHeaders(context, result.token, result.browser) };
}

/** Sign-in's second step: the pending sign-in and the code; the new session's Set-Cookie headers. */
export async function completeTwoFactor(
  context: AppLoadContext,
  request: Request,
  input: { pending: string; code: string },
) {
  const { token, browser } = await logged(
    context,
    context.services.signIns.completeTwoFactor({
      ...input,
      client: context.clientKey,
      ...browserOf(request),
    }),
  );
  return signedInHeaders(context, token, browser);
}

/** Sign-in's second step with a passkey: its options for the pending sign-in's account. */
export function passkeySecondStepOptions(context: AppLoadContext, pending: string) {
  return logged(context, context.services.passkeys.secondStepOptions(pending, context.clientKey));
}

/** Sign-in's second step with a passkey: the pending sign-in and the browser's answer; the session's Set-Cookie headers. */
export async function completePasskeySecondStep(
  context: AppLoadContext,
  request: Request,
  input: {
    pending: string;
    response: Parameters<AppLoadContext["services"]["passkeys"]["signIn"]>[0]["response"];
  },
) {
  const { token, browser } = await logged(
    context,
    context.services.passkeys.completeSecondStep({
      ...input,
      client: context.clientKey,
      ...browserOf(request),
    }),
  );
  return signedInHeaders(context, token, browser);
}

/** Signing in with a passkey (the browser's answer to the sign-in options); the session's Set-Cookie headers. */
export async function signInWithPasskey(
  context: AppLoadContext,
  request: Request,
  response: Parameters<AppLoadContext["services"]["passkeys"]["signIn"]>[0]["response"],
) {
  const { token, browser } = await logged(
    context,
    context.services.passkeys.signIn({ response, client: context.clientKey, ...browserOf(request) }),
  );
  return signedInHeaders(context, token, browser);
}

/** The browser's User-Agent and its id (admin_browser cookie): the session's device, and new-browser mail. */
const browserOf = (request: Request) => ({
  userAgent: request.headers.get("user-agent"),
  browser: adminBrowserFromCookies(request.headers.get("cookie")),
});

/** A new session's Set-Cookie headers: the session, and the browser's id it keeps. */
function signedInHeaders(context: AppLoadContext, token: string, browser: string) {
  const headers = new Headers();
  headers.append("Set-Cookie", adminCookieHeader(token, secureCookie(context)));
  headers.append("Set-Cookie", adminBrowserCookieHeader(browser, secureCookie(context)));
  return headers;
}

/** Uses an invitation with the colleague's own password; the new session's Set-Cookie header. */
export async function acceptInvite(
  context: AppLoadContext,
  request: Request,
  token: string,
  password: string,
) {
  const { userAgent, browser } = browserOf(request);
  const accepted = await logged(
    context,
    context.services.staff.accept(token, password, context.clientKey, userAgent, browser),
  );
  return signedInHeaders(context, accepted.token, accepted.browser);
}

/** 'Change password' for the signed-in administrator; this device's session stays. Throws the refusal. */
export function changePassword(
  request: Request,
  context: AppLoadContext,
  admin: { id: string },
  change: PasswordChange,
) {
  return logged(
    context,
    context.services.signIns.changePassword({
      adminId: admin.id,
      client: context.clientKey,
      change,
      keepToken: adminTokenOf(request),
      origin: changeOrigin(request, context),
    }),
  );
}

/** 'Log out': the session ends on the server, and the cookie goes with it. */
export async function signOut(request: Request, context: AppLoadContext) {
  const token = adminTokenOf(request);
  if (token) await context.services.sessions.revoke(token);
  return adminCookieHeader(undefined, secureCookie(context));
}
