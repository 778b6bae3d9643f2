import type { FastifyInstance } from "fastify";
import {
  webhookDeliverySchema,
  webhookEnabledInputSchema,
  webhookEndpointInputSchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
} from "../../../common/webhooks/webhooks";
import {
  adminErrors,
  adminRoute,
  documentOnlyValidation,
  errorBody,
  idParams,
  jsonSchemaOf,
  okBody,
  parseBody,
  withStatus,
} from "../schemas";

const admin = adminRoute("integrations", "admin integrations");
const endpoint = jsonSchemaOf(webhookEndpointSchema, "output");
const withSecret = jsonSchemaOf(webhookEndpointWithSecretSchema, "output");
const delivery = jsonSchemaOf(webhookDeliverySchema, "output");
const deliveryParams = {
  type: "object",
  properties: {
    id: idParams.properties?.id,
    deliveryId: { type: "string", description: "A delivery's id (from the delivery log)" },
  },
  required: ["id", "deliveryId"],
} as const;

type Id = { Params: { id: string } };

/** 'Integrations' (Owner): webhook endpoints, their secrets and delivery log. */
export async function integrationRoutes(app: FastifyInstance) {
  documentOnlyValidation(app);
  const webhooks = app.services.webhooks;

  app.get(
    "/admin/integrations",
    admin("Every webhook endpoint (never its secret)", {
      response: { 200: withStatus("Ok", "data", { type: "array", items: endpoint }), ...adminErrors },
    }),
    async () => ({ status: "Ok", data: await webhooks.list() }),
  );

  app.post(
    "/admin/integrations",
    admin("Add a webhook endpoint: the answer carries its secret, shown this once", {
      body: jsonSchemaOf(webhookEndpointInputSchema),
      response: { 201: withStatus("Created", "data", withSecret), 409: errorBody, ...adminErrors },
    }),
    async (request, reply) => {
      const input = parseBody(webhookEndpointInputSchema, request.body);
      return reply.status(201).send({ status: "Created", data: await webhooks.add(input, request.admin!) });
    },
  );

  app.put<Id>(
    "/admin/integrations/:id/enabled",
    admin("Enable or disable an endpoint ('Disable'/'Enable')", {
      params: idParams,
      body: jsonSchemaOf(webhookEnabledInputSchema),
      response: { 200: withStatus("Ok", "data", endpoint), 404: errorBody, ...adminErrors },
    }),
    async (request) => {
      const { enabled } = parseBody(webhookEnabledInputSchema, request.body);
      return { status: "Ok", data: await webhooks.setEnabled(request.params.id, enabled, request.admin!) };
    },
  );

  app.post<Id>(
    "/admin/integrations/:id/secret",
    admin("'Rotate secret': a new secret at once, shown this once; the old one stops signing", {
      params: idParams,
      response: { 200: withStatus("Ok", "data", withSecret), 404: errorBody, ...adminErrors },
    }),
    async (request) => ({
      status: "Ok",
      data: await webhooks.rotateSecret(request.params.id, request.admin!),
    }),
  );

  app.delete<Id>(
    "/admin/integrations/:id",
    admin("Delete an endpoint with its delivery log", {
      params: idParams,
      response: { 200: okBody, 404: errorBody, ...adminErrors },
    }),
    async (request) => {
      await webhooks.remove(request.params.id, request.admin!);
      return { status: "Ok" };
    },
  );

  app.get<Id>(
    "/admin/integrations/:id/deliveries",
    admin("The endpoint's delivery log, newest first (the last 50)", {
      params: idParams,
      response: {
        200: withStatus("Ok", "data", { type: "array", items: delivery }),
        404: errorBody,
        ...adminErrors,
      },
    }),
    async (request) => ({ status: "Ok", data: await webhooks.deliveries(request.params.id) }),
  );

  app.post<Id>(
    "/admin/integrations/:id/test",
    admin("'Send a test event' (webhook.test) to this endpoint", {
      params: idParams,
      response: { 201: withStatus("Created", "data", delivery), 404: errorBody, ...adminErrors },
    }),
    async (request, reply) =>
      reply
        .status(201)
        .send({ status: "Created", data: await webhooks.sendTest(request.params.id, request.admin!) }),
  );

  app.post<{ Params: { id: string; deliveryId: string } }>(
    "/admin/integrations/:id/deliveries/:deliveryId/resend",
    admin("'Send again': the same message (webhook-id and body) queued once more", {
      params: deliveryParams,
      response: {
        201: withStatus("Created", "data", delivery),
        404: errorBody,
        409: errorBody,
        ...adminErrors,
      },
    }),
    async (request, reply) =>
      reply.status(201).send({
        status: "Created",
        data: await webhooks.sendAgain(request.params.id, request.params.deliveryId, request.admin!),
      }),
  );
}
