import type { FastifyInstance } from "fastify";
import { popupInputSchema } from "../../../common/content/popup";
import {
  activePopupSchema,
  adminRoute,
  documentOnlyValidation,
  errorBody,
  idParams,
  okBody,
  parseBody,
  popupBody,
  popupSchema,
  withStatus,
} from "../schemas";

type WithId = { Params: { id: string } };
const errors = { 401: errorBody, 403: errorBody, 404: errorBody };
const admin = adminRoute("popups", "admin popups");

/** Popup administration and the public active popup, in the paths and shapes API clients already use. */
export async function popupRoutes(app: FastifyInstance) {
  documentOnlyValidation(app);
  const popups = app.services.popups;

  app.get(
    "/blog/active-popup",
    {
      schema: {
        summary: "The active popup for the landing page, or null",
        tags: ["blog"],
        response: { 200: withStatus("Ok", "data", activePopupSchema) },
      },
    },
    async () => ({ status: "Ok", data: await popups.active() }),
  );

  app.get(
    "/admin/popups",
    admin("Every popup", {
      response: { 200: withStatus("Ok", "data", { type: "array", items: popupSchema }), ...errors },
    }),
    async () => ({ status: "Ok", data: await popups.list() }),
  );

  app.get<WithId>(
    "/admin/popup-message/:id",
    admin("One popup", {
      params: idParams,
      response: { 200: withStatus("Ok", "data", popupSchema), ...errors },
    }),
    async (request) => ({ status: "Ok", data: await popups.get(request.params.id) }),
  );

  app.post(
    "/admin/popup-message",
    admin("Create a popup (not active)", {
      body: popupBody,
      response: { 201: withStatus("Created", "data", popupSchema), 400: errorBody, ...errors },
    }),
    async (request, reply) => {
      const popup = await popups.create(parseBody(popupInputSchema, request.body), request.admin);
      return reply.status(201).send({ status: "Created", data: popup });
    },
  );

  app.put<WithId>(
    "/admin/edit-popup/:id",
    admin("Edit a popup", {
      params: idParams,
      body: popupBody,
      response: { 200: withStatus("Ok", "data", popupSchema), 400: errorBody, ...errors },
    }),
    async (request) => {
      const input = parseBody(popupInputSchema, request.body);
      return { status: "Ok", data: await popups.update(request.params.id, input, request.admin) };
    },
  );

  app.delete<WithId>(
    "/admin/popup-message/:id",
    admin("Delete a popup", { params: idParams, response: { 200: okBody, ...errors } }),
    async (request) => {
      await popups.remove(request.params.id, request.admin);
      return { status: "Ok" };
    },
  );

  app.put<WithId>(
    "/admin/activate-popup/:id",
    admin("Activate a popup; every other popup is deactivated", {
      params: idParams,
      response: { 200: okBody, ...errors },
    }),
    async (request) => {
      await popups.activate(request.params.id, request.admin);
      return { status: "Ok" };
    },
  );

  app.put<WithId>(
    "/admin/deactivate-popup/:id",
    admin("Deactivate a popup", { params: idParams, response: { 200: okBody, ...errors } }),
    async (request) => {
      await popups.deactivate(request.params.id, request.admin);
      return { status: "Ok" };
    },
  );
}
