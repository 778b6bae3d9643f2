import type { FastifyInstance } from "fastify";
import { SUDO_WINDOW_MS } from "../../../common/staff/sudo";
import {
  securitySettingsSchema,
  twoFactorConfirmSchema,
  twoFactorDisableSchema,
  twoFactorStartSchema,
} from "../../../common/staff/two-factor";
import { clientKey } from "../../client-address";
import { RAW_CREDENTIALS } from "../../plugins/input";
import type { EnrolmentStep } from "../../services/access";
import { TWO_FACTOR_LIMITS, TWO_FACTOR_WINDOW_MS } from "../../services/staff/two-factor";
import { changeOrigin } from "../change-origin";
import {
  adminRoute,
  documentOnlyValidation,
  errorBody,
  jsonSchemaOf,
  okBody,
  parseBody,
  withStatus,
} from "../schemas";
import { sudoNote } from "./account";

const route = adminRoute("anyRole", "admin");
/** An enrolment step: open to an account the Owner's requirement holds back (services/access.ts). */
const enrolment = (step: EnrolmentStep, summary: string, extra: Record<string, unknown>) => {
  const options = route(summary, extra);
  return { ...options, config: { ...options.config, enrolmentStep: step } };
};
/** A route taking a password: compared exactly, so the input hygiene leaves its body alone. */
const withRawCredentials = <T extends { config: object }>(options: T) => ({
  ...options,
  config: { ...options.config, ...RAW_CREDENTIALS },
});
const security = adminRoute("security", "admin");

const limitNote =
  `Wrong codes are counted like wrong passwords: after ${TWO_FACTOR_LIMITS.clientAccount} per client and ` +
  `account in ${TWO_FACTOR_WINDOW_MS / 60_000} minutes the answer is 429.`;

const recoveryCodesBody = withStatus("Ok", "data", {
  type: "object",
  properties: {
    recoveryCodes: { type: "array", items: { type: "string" }, description: "Shown once; each works once" },
  },
  required: ["recoveryCodes"],
});

/**
 * Two-factor sign-in for the signed-in administrator ('Account'): status, enrolment (QR code as
 * inline SVG), confirmation, turning off and new recovery codes; and the Owner's requirement.
 */
export async function adminTwoFactorRoutes(app: FastifyInstance) {
  documentOnlyValidation(app);

  app.get(
    "/admin/two-factor",
    enrolment(
      "enrolment-screen",
      "Whether two-factor sign-in is on, recovery codes left, and whether enrolment is due",
      {
        response: {
          200: withStatus("Ok", "data", {
            type: "object",
            properties: {
              enabled: { type: "boolean" },
              recoveryCodesLeft: { type: "integer" },
              enrolmentDue: { type: "boolean" },
            },
            required: ["enabled", "recoveryCodesLeft", "enrolmentDue"],
          }),
          401: errorBody,
        },
      },
    ),
    async (request) => ({ status: "Ok", data: await app.services.twoFactor.status(request.admin!.id) }),
  );

  app.post(
    "/admin/two-factor/start",
    withRawCredentials(
      enrolment(
        "two-factor-start",
        "Start setting up two-factor sign-in (sudo mode): a new secret (pending) and its QR code as SVG",
        {
          description: `A password given here confirms sudo mode (wrong ones are counted as sign-in's); without it the session must have confirmed within ${SUDO_WINDOW_MS / 60_000} minutes (POST /api/admin/sudo), else 403. An account the Owner's requirement holds back confirms here or there too.`,
          body: jsonSchemaOf(twoFactorStartSchema),
          response: {
            200: withStatus("Ok", "data", {
              type: "object",
              properties: {
                secret: { type: "string", description: "base32, for manual entry" },
                uri: { type: "string", description: "otpauth:// URI" },
                svg: { type: "string", description: "the URI's QR code, inline SVG" },
              },
              required: ["secret", "uri", "svg"],
            }),
            400: errorBody,
            401: errorBody,
            403: errorBody,
            429: errorBody,
            503: errorBody,
          },
        },
      ),
    ),
    async (request) => {
      const proof = parseBody(twoFactorStartSchema, request.body);
      return {
        status: "Ok",
        data: await app.services.twoFactor.start(request.admin!, proof, clientKey(request.ip)),
      };
    },
  );

  app.post(
    "/admin/two-factor/confirm",
    enrolment(
      "two-factor-confirm",
      "Confirm the pending secret with a code (sudo mode): on, with ten one-time recovery codes",
      {
        description: `A wrong code changes nothing. ${sudoNote} ${limitNote}`,
        body: jsonSchemaOf(twoFactorConfirmSchema),
        response: {
          200: recoveryCodesBody,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          429: errorBody,
          503: errorBody,
        },
      },
    ),
    async (request) => {
      const { code } = parseBody(twoFactorConfirmSchema, request.body);
      const data = await app.services.twoFactor.confirm(
        request.admin!,
        code,
        clientKey(request.ip),
        changeOrigin(request),
      );
      return { status: "Ok", data };
    },
  );

  app.post(
    "/admin/two-factor/disable",
    withRawCredentials(
      route("Turn two-factor sign-in off (sudo mode: the password or a current code, now or lately)", {
        description: `The password or a current code given here confirms sudo mode; without them the session must have confirmed within ${SUDO_WINDOW_MS / 60_000} minutes (POST /api/admin/sudo), else 403. ${limitNote}`,
        body: jsonSchemaOf(twoFactorDisableSchema),
        response: {
          200: okBody,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          429: errorBody,
          503: errorBody,
        },
      }),
    ),
    async (request) => {
      const proof = parseBody(twoFactorDisableSchema, request.body);
      await app.services.twoFactor.disable(
        request.admin!,
        proof,
        clientKey(request.ip),
        changeOrigin(request),
      );
      return { status: "Ok" };
    },
  );

  app.post(
    "/admin/two-factor/recovery-codes",
    route("Ten new recovery codes; the old ones stop working (sudo mode; two-factor sign-in or a passkey)", {
      description: sudoNote,
      response: { 200: recoveryCodesBody, 400: errorBody, 401: errorBody, 403: errorBody },
    }),
    async (request) => ({
      status: "Ok",
      data: await app.services.twoFactor.regenerateRecoveryCodes(request.admin!, changeOrigin(request)),
    }),
  );

  app.get(
    "/admin/security",
    security("The Owner's security settings", {
      response: {
        200: withStatus("Ok", "data", jsonSchemaOf(securitySettingsSchema, "output")),
        401: errorBody,
        403: errorBody,
      },
    }),
    async () => ({ status: "Ok", data: await app.services.twoFactor.settings() }),
  );

  app.put(
    "/admin/security",
    security("Require two-factor sign-in (or a passkey) for every account, or not", {
      description: `When on, an account without it can only enrol, read its profile and sign out: every other admin route answers 403. ${sudoNote}`,
      body: jsonSchemaOf(securitySettingsSchema),
      response: { 200: okBody, 400: errorBody, 401: errorBody, 403: errorBody },
    }),
    async (request) => {
      const { requireTwoFactor } = parseBody(securitySettingsSchema, request.body);
      await app.services.twoFactor.setRequired(request.admin!, requireTwoFactor, changeOrigin(request));
      return { status: "Ok" };
    },
  );
}
