import type { AppLoadContext } from "react-router";
import type { ChangeOrigin } from "../../server/services/staff/security-mail";

/**
 * Where a change to how an account signs in came from, for the account's security mail: the
 * client's address the load context carries (Fastify's `request.ip`, as TRUST_PROXY allows) and
 * the browser's User-Agent. The API's twin is server/routes/change-origin.ts.
 */
export const changeOrigin = (request: Request, context: AppLoadContext): ChangeOrigin => ({
  ip: context.ip ?? null,
  userAgent: request.headers.get("user-agent"),
});
