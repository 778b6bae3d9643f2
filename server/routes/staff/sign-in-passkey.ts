import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  PASSKEY_LIMITS,
  passkeySecondStepOptionsSchema,
  passkeySecondStepSchema,
} from "../../../common/staff/passkeys";
import { clientKey } from "../../client-address";
import { documentOnlyValidation, errorBody, jsonSchemaOf, parseBody, withStatus } from "../schemas";
import { PASSKEY_OPTIONS_PER_10_MINUTES } from "./passkeys";
import { SIGNED_IN_BODY, signedIn, signInRequest } from "./sign-in-request";

const optionsBody = {
  type: "object",
  additionalProperties: true,
  description: "PublicKeyCredentialRequestOptionsJSON, for startAuthentication (@simplewebauthn/browser)",
  properties: { challenge: { type: "string" } },
  required: ["challenge"],
};

/**
 * The password sign-in's second step with a passkey: for an account with one, POST /api/admin/login
 * answers `methods` with "passkey" and a `pending` sign-in that only an assertion by one of that
 * account's passkeys (user verified) completes.
 */
export async function signInPasskeyRoutes(app: FastifyInstance) {
  documentOnlyValidation(app);
  const passkeys = app.services.passkeys;

  app.post(
    "/admin/login/two-factor/passkey/options",
    {
      config: {
        signIn: true,
        rateLimit: {
          max: PASSKEY_OPTIONS_PER_10_MINUTES,
          timeWindow: "10 minutes",
          keyGenerator: (request: FastifyRequest) => `passkey-options:${clientKey(request.ip)}`,
        },
      },
      bodyLimit: 1024,
      schema: {
        summary: "Sign-in's second step with a passkey: options for the pending sign-in's account",
        description:
          "Only that account's passkeys are allowed, user verification is required, and the single-use " +
          "challenge is bound to the pending sign-in. Pass `data` to startAuthentication, then POST the " +
          "result with `pending` to /api/admin/login/two-factor/passkey.",
        tags: ["admin"],
        body: jsonSchemaOf(passkeySecondStepOptionsSchema),
        response: { 200: withStatus("Ok", "data", optionsBody), 400: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const { pending } = parseBody(passkeySecondStepOptionsSchema, request.body);
      reply.header("cache-control", "no-store");
      return { status: "Ok", data: await passkeys.secondStepOptions(pending, clientKey(request.ip)) };
    },
  );

  app.post(
    "/admin/login/two-factor/passkey",
    {
      config: { signIn: true },
      bodyLimit: PASSKEY_LIMITS.bodyBytes,
      schema: {
        summary:
          "Sign-in's second step with a passkey: sets the admin_auth cookie and returns the token as auth",
        description:
          "Refused (400) for another account's passkey, an answer without user verification, a challenge " +
          "given for another pending sign-in, used or expired, or a timed-out pending sign-in. Refusals are " +
          "recorded and counted like wrong codes (429).",
        tags: ["admin"],
        body: jsonSchemaOf(passkeySecondStepSchema),
        response: { 200: SIGNED_IN_BODY, 400: errorBody, 429: errorBody, 503: errorBody },
      },
    },
    async (request, reply) => {
      const { pending, response } = parseBody(passkeySecondStepSchema, request.body);
      const session = await passkeys.completeSecondStep({
        pending,
        response: response as unknown as AuthenticationResponseJSON,
        ...signInRequest(request),
      });
      return signedIn(app, reply, session);
    },
  );
}
