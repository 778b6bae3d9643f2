import type { FastifyInstance } from "fastify";
import { INBOX_MESSAGES } from "../../../common/admin-messages";
import { Invalid } from "../../../common/errors";
import { UUID_SHAPE } from "../../../common/ids";
import { enquiryDetailSchema } from "../../../common/leads/enquiry-inbox";
import { lostReasonInputSchema, lostReasonSchema, stageMoveSchema } from "../../../common/pipeline/stages";
import { z } from "../../../common/zod";
import {
  adminErrors,
  adminRoute,
  documentOnlyValidation,
  errorBody,
  idParams,
  jsonSchemaOf,
  parseBody,
  withStatus,
} from "../schemas";

const enquiryDetail = jsonSchemaOf(enquiryDetailSchema, "output");
const reason = jsonSchemaOf(lostReasonSchema, "output");
const reasonList = { type: "array", items: reason };
const errors = { ...adminErrors, 404: errorBody, 409: errorBody };
const desk = adminRoute("enquiries", "admin pipeline");
const owner = adminRoute("pipeline-settings", "admin pipeline");

const archivedSchema = z.object(
  { archived: z.boolean({ error: "archived is true or false" }) },
  { error: "archived is true or false" },
);
const reasonsQuerySchema = z.object({
  all: z.enum(["true", "false"]).optional().meta({
    description: "true: the archived reasons and the system's too (they name reasons already given)",
  }),
});
const reasonParams = {
  type: "object",
  properties: { id: { type: "string", maxLength: 80 } },
  required: ["id"],
};

type WithId = { Params: { id: string } };

/** The pipeline's stages: move an enquiry, and the Owner's lost reasons. */
export async function pipelineStageRoutes(app: FastifyInstance) {
  documentOnlyValidation(app);
  const stages = app.services.stages;

  app.put<WithId>(
    "/admin/enquiries/:id/stage",
    desk("Move the enquiry to another stage (Lost needs a reason; Won may carry the value in pence)", {
      params: idParams,
      body: jsonSchemaOf(stageMoveSchema),
      response: { 200: withStatus("Ok", "data", enquiryDetail), ...errors },
    }),
    async (request) => {
      if (!UUID_SHAPE.test(request.params.id)) throw new Invalid(INBOX_MESSAGES.invalidId);
      const move = parseBody(stageMoveSchema, request.body);
      await stages.move(request.params.id, move, request.admin!);
      return { status: "Ok", data: await app.services.enquiries.get(request.params.id) };
    },
  );

  app.get(
    "/admin/pipeline/lost-reasons",
    desk("The lost reasons offered (with all=true, every reason ever given)", {
      querystring: jsonSchemaOf(reasonsQuerySchema),
      response: { 200: withStatus("Ok", "data", reasonList), ...errors },
    }),
    async (request) => {
      const { all } = parseBody(reasonsQuerySchema, request.query ?? {});
      return { status: "Ok", data: await stages.reasons(all === "true") };
    },
  );

  app.post(
    "/admin/pipeline/lost-reasons",
    owner("Add a lost reason (Owner only)", {
      body: jsonSchemaOf(lostReasonInputSchema),
      response: { 201: withStatus("Created", "data", reason), ...errors },
    }),
    async (request, reply) => {
      const { label } = parseBody(lostReasonInputSchema, request.body);
      return reply
        .status(201)
        .send({ status: "Created", data: await stages.addReason(label, request.admin!) });
    },
  );

  app.put<WithId>(
    "/admin/pipeline/lost-reasons/:id/archived",
    owner("Archive a lost reason (no longer offered) or restore it (Owner only)", {
      params: reasonParams,
      body: jsonSchemaOf(archivedSchema),
      response: { 200: withStatus("Ok", "data", reason), ...errors },
    }),
    async (request) => {
      const { archived } = parseBody(archivedSchema, request.body);
      return { status: "Ok", data: await stages.setArchived(request.params.id, archived, request.admin!) };
    },
  );
}
