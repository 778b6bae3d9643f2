import type { FastifyInstance, FastifyRequest } from "fastify";
import { INSIGHTS_FORMS, INSIGHTS_MESSAGES, insightsEventSchema } from "../../../common/insights/insights";
import { clientKey } from "../../client-address";
import { badRequest } from "../../errors";
import { documentOnlyValidation, errorBody } from "../schemas";

/** Beacons a visitor's tab may send in ten minutes (a long walk through the site and the wizard). */
const BEACONS_PER_10_MINUTES = 600;

const text = (description: string) => ({ type: "string", maxLength: 300, description });

/**
 * POST /api/insights: the public pages' beacon (navigator.sendBeacon, no body). Counted as
 * aggregates on arrival (server/services/insights/counter.ts); nothing about the sender is kept.
 */
export async function insightsRoutes(app: FastifyInstance) {
  documentOnlyValidation(app);
  const insights = app.services.insights;
  app.post(
    "/insights",
    {
      schema: {
        summary: "Count a page shown inside the site, or a form's stage (the pages' beacon)",
        description:
          "No body. Either `p` (a page shown by a link followed inside the site) or `f` and `s` (a form's " +
          "stage: the quote wizard's step 1-6 or `submitted`, the contact or tankering form's `viewed` or " +
          "`submitted`), with, on `submitted`, the tab's landing page `l` and the domain it came from `r`. " +
          "Answered 204 whether counted or not: bots, `Sec-GPC: 1`, `DNT: 1` and other sites' pages are not.",
        tags: ["insights"],
        querystring: {
          type: "object",
          properties: {
            p: text("A page path"),
            f: { type: "string", enum: [...INSIGHTS_FORMS] },
            s: { type: "string", maxLength: 12, description: "The stage reached" },
            l: text("The tab's landing page path (submitted only)"),
            r: text("The domain the tab's visit came from (submitted only)"),
          },
        },
        response: { 204: { description: "Received (counted or not)" }, 400: errorBody, 429: errorBody },
      },
      config: {
        rateLimit: {
          max: BEACONS_PER_10_MINUTES,
          timeWindow: "10 minutes",
          keyGenerator: (request: FastifyRequest) => `insights:${clientKey(request.ip)}`,
        },
      },
    },
    async (request, reply) => {
      const parsed = insightsEventSchema.safeParse(request.query ?? {});
      if (!parsed.success) throw badRequest(INSIGHTS_MESSAGES.invalidEvent);
      // Only this site's own pages send it; another site's page cannot add to the counts.
      const site = request.headers["sec-fetch-site"];
      if (site === undefined || site === "same-origin") insights.countEvent(parsed.data, request.headers);
      return reply.status(204).send();
    },
  );
}
