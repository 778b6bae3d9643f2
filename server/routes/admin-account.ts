import type { FastifyInstance } from "fastify";
import { passwordChangeSchema } from "../../common/account";
import { PASSWORD_CHANGE_ATTEMPTS } from "../../common/passwords";
import { SUDO_WINDOW_MS, sudoSchema } from "../../common/sudo";
import { clientKey } from "../client-address";
import { RAW_CREDENTIALS } from "../plugins/input";
import { LOGIN_LIMITS, LOGIN_WINDOW_MS } from "../services/staff/logins";
import { changeOrigin } from "./change-origin";
import {
  adminOnly,
  adminSecurity,
  documentOnlyValidation,
  errorBody,
  jsonSchemaOf,
  okBody,
  parseBody,
} from "./schemas";

/** What a guarded change's description says (sudo mode, services/staff/sudo.ts). */
export const sudoNote = `Sudo mode: the session must have confirmed its password (or a current code) within ${SUDO_WINDOW_MS / 60_000} minutes (POST /api/admin/sudo), else 403.`;

/**
 * PUT /api/admin/password: 'Change password' for the signed-in administrator; POST
 * /api/admin/sudo: the password again (sudo mode), before a change to how the account signs in.
 */
export async function adminAccountRoutes(app: FastifyInstance) {
  documentOnlyValidation(app);

  app.put(
    "/admin/password",
    {
      config: { ...RAW_CREDENTIALS, ...adminOnly("anyRole").config },
      schema: {
        summary: "Change the signed-in administrator's password; every other session of the account ends",
        description:
          `Wrong current passwords are counted per client and account: after ${PASSWORD_CHANGE_ATTEMPTS} ` +
          `in ${LOGIN_WINDOW_MS / 60_000} minutes the answer is 429 until the window ends.`,
        tags: ["admin"],
        security: adminSecurity,
        body: jsonSchemaOf(passwordChangeSchema),
        response: {
          200: okBody,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          429: errorBody,
          503: errorBody,
        },
      },
    },
    async (request) => {
      const change = parseBody(passwordChangeSchema, request.body);
      await app.services.logins.changePassword({
        adminId: request.admin!.id,
        client: clientKey(request.ip),
        change,
        keepToken: request.adminToken,
        origin: changeOrigin(request),
      });
      return { status: "Ok" };
    },
  );
  app.post(
    "/admin/sudo",
    {
      // Also while the Owner's requirement holds the account back: adding a passkey needs it.
      config: { ...RAW_CREDENTIALS, ...adminOnly("anyRole").config, enrolmentStep: "sudo" as const },
      schema: {
        summary: "Confirm the password (or a current authentication code) again: sudo mode on this session",
        description:
          `For ${SUDO_WINDOW_MS / 60_000} minutes the session may add or remove a passkey, turn two-factor ` +
          "sign-in off, make new recovery codes and change the security setting (each answers 403 without it). " +
          `Wrong passwords count like sign-in's: after ${LOGIN_LIMITS.clientAccount} per client and account in ` +
          `${LOGIN_WINDOW_MS / 60_000} minutes the answer is 429; wrong codes like two-factor sign-in's.`,
        tags: ["admin"],
        security: adminSecurity,
        body: jsonSchemaOf(sudoSchema),
        response: {
          200: okBody,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          429: errorBody,
          503: errorBody,
        },
      },
    },
    async (request) => {
      const proof = parseBody(sudoSchema, request.body);
      await app.services.sudo.confirm(request.admin!, proof, clientKey(request.ip));
      return { status: "Ok" };
    },
  );
}
