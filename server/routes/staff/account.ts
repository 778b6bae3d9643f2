import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { FastifyInstance } from "fastify";
import { passwordChangeSchema } from "../../../common/staff/account";
import { PASSKEY_LIMITS, passkeySudoSchema } from "../../../common/staff/passkeys";
import { PASSWORD_CHANGE_ATTEMPTS } from "../../../common/staff/passwords";
import { SUDO_WINDOW_MS, sudoSchema } from "../../../common/staff/sudo";
import { clientKey } from "../../client-address";
import { RAW_CREDENTIALS } from "../../plugins/input";
import { SIGN_IN_LIMITS, SIGN_IN_WINDOW_MS } from "../../services/staff/sign-ins";
import { changeOrigin } from "../change-origin";
import {
  adminOnly,
  adminSecurity,
  documentOnlyValidation,
  errorBody,
  jsonSchemaOf,
  okBody,
  parseBody,
  withStatus,
} from "../schemas";

/** What a guarded change's description says (sudo mode, services/staff/sudo.ts). */
export const sudoNote = `Sudo mode: the session must have confirmed its password (or a current code, or a passkey) within ${SUDO_WINDOW_MS / 60_000} minutes (POST /api/admin/sudo, or /api/admin/sudo/passkey), else 403.`;

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
          `in ${SIGN_IN_WINDOW_MS / 60_000} minutes the answer is 429 until the window ends.`,
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
      await app.services.signIns.changePassword({
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
          `For ${SUDO_WINDOW_MS / 60_000} minutes the session may set up an authenticator app, add or remove a ` +
          "passkey, turn two-factor sign-in off, make new recovery codes and change the security setting " +
          "(each answers 403 without it). A code from an authenticator app turned on since the session signed " +
          "in does not confirm it (400). " +
          `Wrong passwords count like sign-in's: after ${SIGN_IN_LIMITS.clientAccount} per client and account in ` +
          `${SIGN_IN_WINDOW_MS / 60_000} minutes the answer is 429; wrong codes like two-factor sign-in's. ` +
          "Confirmations and refused ones are in the audit log with the client's address.",
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

  app.post(
    "/admin/sudo/passkey/options",
    {
      config: adminOnly("anyRole").config,
      bodyLimit: 1024,
      schema: {
        summary: "Options for confirming sudo mode with a passkey (a single-use challenge for this session)",
        description:
          "Pass `data` to startAuthentication (@simplewebauthn/browser), then POST the result to " +
          "/api/admin/sudo/passkey. Only the account's passkeys from before this session signed in are " +
          `offered (400 when there are none); user verification is required. At most ${PASSKEY_LIMITS.optionsPerWindow} ` +
          `per client in ${SIGN_IN_WINDOW_MS / 60_000} minutes (429).`,
        tags: ["admin"],
        security: adminSecurity,
        response: {
          200: withStatus("Ok", "data", passkeyOptionsBody),
          400: errorBody,
          401: errorBody,
          403: errorBody,
          429: errorBody,
          503: errorBody,
        },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return {
        status: "Ok",
        data: await app.services.passkeys.sudoOptions(request.admin!, clientKey(request.ip)),
      };
    },
  );

  app.post(
    "/admin/sudo/passkey",
    {
      config: adminOnly("anyRole").config,
      bodyLimit: PASSKEY_LIMITS.bodyBytes,
      schema: {
        summary: "Confirm sudo mode on this session with a passkey (user verified)",
        description:
          "The browser's answer to /api/admin/sudo/passkey/options. Refused (400) for a passkey of another " +
          "account or added since the session signed in, a key that did not verify its user (PIN, " +
          "biometric), a wrong origin or relying party, or a used, expired or another session's challenge. " +
          `Refusals count like wrong passwords: after ${SIGN_IN_LIMITS.clientAccount} per client and account in ` +
          `${SIGN_IN_WINDOW_MS / 60_000} minutes the answer is 429, sign-in's too. In the audit log with the client's address.`,
        tags: ["admin"],
        security: adminSecurity,
        body: jsonSchemaOf(passkeySudoSchema),
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
      const { response } = parseBody(passkeySudoSchema, request.body);
      await app.services.passkeys.confirmSudo(
        request.admin!,
        response as unknown as AuthenticationResponseJSON,
        clientKey(request.ip),
      );
      return { status: "Ok" };
    },
  );
}

/** WebAuthn options as @simplewebauthn/browser takes them (passed through whole). */
const passkeyOptionsBody = {
  type: "object",
  additionalProperties: true,
  description: "PublicKeyCredentialRequestOptionsJSON",
  properties: { challenge: { type: "string" } },
  required: ["challenge"],
};
