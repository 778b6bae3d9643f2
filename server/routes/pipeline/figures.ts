import type { FastifyInstance } from "fastify";
import { pipelineFiguresSchema } from "../../../common/pipeline/dashboard";
import { adminErrors, adminRoute, documentOnlyValidation, jsonSchemaOf, withStatus } from "../schemas";

const dashboard = adminRoute("dashboard", "admin pipeline");

/** GET /api/admin/pipeline/figures: the dashboard's pipeline figures (Desk and Owner; issue 49). */
export async function pipelineFigureRoutes(app: FastifyInstance) {
  documentOnlyValidation(app);
  app.get(
    "/admin/pipeline/figures",
    dashboard(
      "The open pipeline's value by stage, won this month, the win rate over 90 days and the quotes expiring this week (pence)",
      {
        response: {
          200: withStatus("Ok", "data", jsonSchemaOf(pipelineFiguresSchema, "output")),
          ...adminErrors,
        },
      },
    ),
    async (request) => ({ status: "Ok", data: await app.services.pipelineFigures.figures(request.admin!) }),
  );
}
