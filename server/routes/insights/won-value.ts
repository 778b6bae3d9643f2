import type { FastifyInstance } from "fastify";
import { Invalid } from "../../../common/errors";
import { resolveRange } from "../../../common/insights/insights";
import {
  WON_MESSAGES,
  WON_VIEWS,
  type WonCounts,
  withWinRate,
  wonReportSchema,
  wonValueQuerySchema,
} from "../../../common/insights/won-value";
import { z } from "../../../common/zod";
import {
  adminErrors,
  adminRoute,
  documentOnlyValidation,
  jsonSchemaOf,
  parseBody,
  withStatus,
} from "../schemas";

const insights = adminRoute("insights", "admin insights");
const querystring = jsonSchemaOf(wonValueQuerySchema);
const csvQuerySchema = wonValueQuerySchema.extend({
  view: z.enum(WON_VIEWS, { message: WON_MESSAGES.invalidView }),
});

/** The range a query names, or a 400 with the catalogue's message. */
function rangeOf(query: unknown) {
  const parsed = parseBody(wonValueQuerySchema, query ?? {});
  const { range, error } = resolveRange(parsed);
  if (error) throw new Invalid(error);
  return { range, view: parsed.view };
}

/**
 * Insights' won value (issue 49): GET /api/admin/insights/won-value (JSON, every view) and
 * /won-value.csv?view=… (one view as CSV). Owner and Desk ("insights"); the Editor is refused.
 */
export async function wonValueRoutes(app: FastifyInstance) {
  documentOnlyValidation(app);
  const won = app.services.wonValue;

  app.get(
    "/admin/insights/won-value",
    insights(
      "Enquiries, quoted, won, win rate and won value (pence) per landing page, referring site, campaign, form and business type, for a range of UK days",
      {
        querystring,
        response: {
          200: withStatus("Ok", "data", jsonSchemaOf(wonReportSchema, "output")),
          ...adminErrors,
        },
      },
    ),
    async (request) => {
      const { range } = rangeOf(request.query);
      const report = await won.report(range, request.admin!);
      const rate = <T extends WonCounts>(rows: T[]) => rows.map(withWinRate);
      return {
        status: "Ok",
        data: {
          range: report.range,
          total: withWinRate(report.total),
          views: Object.fromEntries(WON_VIEWS.map((v) => [v, rate(report.views[v])])),
        },
      };
    },
  );

  app.get(
    "/admin/insights/won-value.csv",
    insights("One view of the won-value report as CSV (UTF-8 with BOM, RFC 4180), every row of the range", {
      querystring: jsonSchemaOf(csvQuerySchema),
      produces: ["text/csv"],
      response: {
        200: {
          description: "CSV file",
          content: { "text/csv": { schema: { type: "string" } } },
        },
        ...adminErrors,
      },
    }),
    async (request, reply) => {
      const view = parseBody(csvQuerySchema, request.query ?? {}).view;
      const { range } = rangeOf(request.query);
      const csv = await won.csv(range, view, request.admin!);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="won-${view}-${range.from}-to-${range.to}.csv"`)
        .header("cache-control", "no-store")
        .send(csv);
    },
  );
}
