import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  PASSKEY_LIMITS,
  passkeyListingSchema,
  passkeyRegisterSchema,
  passkeySignInSchema,
} from "../../../common/staff/passkeys";
import { z } from "../../../common/zod";
import { clientKey } from "../../client-address";
import type { EnrolmentStep } from "../../services/access";
import { changeOrigin } from "../change-origin";
import {
  adminOnly,
  adminSecurity,
  documentOnlyValidation,
  errorBody,
  idParams,
  jsonSchemaOf,
  parseBody,
  withStatus,
} from "../schemas";
import { sudoNote } from "./account";
import { SIGNED_IN_BODY, signedIn, signInRequest } from "./sign-in-request";

/** Sign-in options a client may ask for per window (each is a stored challenge). */
export const PASSKEY_OPTIONS_PER_10_MINUTES = 60;

const errors = { 401: errorBody, 403: errorBody };
/** WebAuthn options as @simplewebauthn/browser takes them (passed through whole). */
const optionsBody = {
  type: "object",
  additionalProperties: true,
  description: "PublicKeyCredentialCreationOptionsJSON / PublicKeyCredentialRequestOptionsJSON",
  properties: { challenge: { type: "string" } },
  required: ["challenge"],
};
// Any signed-in role manages its own passkeys. Listing, the options and registering stay open
// while the Owner's two-factor requirement holds the account back: a passkey is one way to meet it.
const own = (summary: string, extra: Record<string, unknown>, enrolmentStep?: EnrolmentStep) => ({
  config: { ...adminOnly("anyRole").config, ...(enrolmentStep ? { enrolmentStep } : {}) },
  bodyLimit: PASSKEY_LIMITS.bodyBytes,
  schema: { summary, tags: ["admin"], security: adminSecurity, ...extra },
});

/** A registered passkey, with the recovery codes a first one brings. */
const registeredBody = (() => {
  const listed = jsonSchemaOf(passkeyListingSchema, "output");
  return {
    ...listed,
    properties: {
      ...listed.properties,
      recoveryCodes: {
        type: "array",
        items: { type: "string" },
        description: "Only with an account's first strong way in: shown once; each works once",
      },
    },
  };
})();

/**
 * Passkeys (WebAuthn): the signed-in account's own (list, register, remove), and signing in with
 * one. The relying party is SITE_URL: its host is the RP id, its origin the only one accepted.
 */
export async function adminPasskeyRoutes(app: FastifyInstance) {
  documentOnlyValidation(app);
  const passkeys = app.services.passkeys;

  app.get(
    "/admin/passkeys",
    own(
      "The signed-in account's passkeys (names and dates), oldest first",
      {
        response: {
          200: withStatus("Ok", "data", jsonSchemaOf(z.array(passkeyListingSchema), "output")),
          ...errors,
        },
      },
      "passkey-list",
    ),
    async (request) => ({ status: "Ok", data: await passkeys.list(request.admin!.id) }),
  );

  app.post(
    "/admin/passkeys/options",
    own(
      "Registration options for a new passkey (a single-use challenge, five minutes)",
      {
        description:
          "Pass `data` to startRegistration (@simplewebauthn/browser), then POST the result to /api/admin/passkeys. " +
          sudoNote,
        response: { 200: withStatus("Ok", "data", optionsBody), 409: errorBody, ...errors },
      },
      "passkey-options",
    ),
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { status: "Ok", data: await passkeys.registrationOptions(request.admin!) };
    },
  );

  app.post(
    "/admin/passkeys",
    own(
      "Register a passkey: the browser's answer to the registration options, and a name",
      {
        description:
          "Refused (400) when the challenge is unknown, used or expired, or the origin or relying party is not this site's. " +
          "An account's first passkey, when it has no authenticator app, comes with its ten recovery codes (`data.recoveryCodes`, shown once).",
        body: jsonSchemaOf(passkeyRegisterSchema),
        response: {
          201: withStatus("Created", "data", registeredBody),
          400: errorBody,
          409: errorBody,
          ...errors,
        },
      },
      "passkey-register",
    ),
    async (request, reply) => {
      const input = parseBody(passkeyRegisterSchema, request.body);
      const added = await passkeys.register(
        request.admin!,
        { response: input.response as unknown as RegistrationResponseJSON, name: input.name },
        changeOrigin(request),
      );
      return reply.status(201).send({ status: "Created", data: added });
    },
  );

  app.delete<{ Params: { id: string } }>(
    "/admin/passkeys/:id",
    own("Remove one of the account's own passkeys", {
      description: sudoNote,
      params: idParams,
      response: {
        200: withStatus("Ok", "data", jsonSchemaOf(passkeyListingSchema, "output")),
        404: errorBody,
        ...errors,
      },
    }),
    async (request) => ({
      status: "Ok",
      data: await passkeys.remove(request.admin!, request.params.id, changeOrigin(request)),
    }),
  );

  app.post(
    "/admin/login/passkey/options",
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
        summary: "Options for signing in with a passkey (no account named; a single-use challenge)",
        description:
          "Pass `data` to startAuthentication (@simplewebauthn/browser), then POST the result to /api/admin/login/passkey.",
        tags: ["admin"],
        response: { 200: withStatus("Ok", "data", optionsBody), 429: errorBody },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { status: "Ok", data: await passkeys.signInOptions(clientKey(request.ip)) };
    },
  );

  app.post(
    "/admin/login/passkey",
    {
      config: { signIn: true },
      bodyLimit: PASSKEY_LIMITS.bodyBytes,
      schema: {
        summary: "Sign in with a passkey; sets the admin_auth cookie and returns the token as auth",
        description:
          "A passkey signs in on its own (no password, no two-factor code). Refused (400) for an unknown " +
          "passkey, a wrong origin or relying party, a used or expired challenge, or a signature counter " +
          "that went backwards; refusals count against the client like wrong passwords (429).",
        tags: ["admin"],
        body: jsonSchemaOf(passkeySignInSchema),
        response: {
          200: SIGNED_IN_BODY,
          400: errorBody,
          429: errorBody,
          503: errorBody,
        },
      },
    },
    async (request, reply) => {
      const { response } = parseBody(passkeySignInSchema, request.body);
      const session = await passkeys.signIn({
        response: response as unknown as AuthenticationResponseJSON,
        ...signInRequest(request),
      });
      return signedIn(app, reply, session);
    },
  );
}
