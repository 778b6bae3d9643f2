import type { FastifyInstance } from "fastify";
import { spamSettingsInputSchema } from "../../../common/leads/spam";
import {
  adminErrors,
  adminRoute,
  documentOnlyValidation,
  jsonSchemaOf,
  parseBody,
  withStatus,
} from "../schemas";

const settings = jsonSchemaOf(spamSettingsInputSchema, "output");
const admin = adminRoute("enquiries", "admin spam");

/** The spam check's settings ('Spam' in the admin: Owner and Desk). */
export async function spamRoutes(app: FastifyInstance) {
  documentOnlyValidation(app);
  app.get(
    "/admin/spam",
    admin("The disallowed words and domains of the spam check", {
      response: { 200: withStatus("Ok", "data", settings), ...adminErrors },
    }),
    async () => ({ status: "Ok", data: await app.services.spam.settings() }),
  );
  app.put(
    "/admin/spam",
    admin("Replace the disallowed words and domains", {
      body: jsonSchemaOf(spamSettingsInputSchema),
      response: { 200: withStatus("Ok", "data", settings), ...adminErrors },
    }),
    async (request) => {
      const input = parseBody(spamSettingsInputSchema, request.body);
      return { status: "Ok", data: await app.services.spam.saveSettings(input, request.admin) };
    },
  );
}
