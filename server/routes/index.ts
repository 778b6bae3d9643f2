import type { FastifyInstance } from "fastify";
import { API_MESSAGES } from "../../common/messages";
import { enquiryRoutes } from "./enquiries";
import { healthRoutes } from "./health";

/** Every REST route of CONTRACT.md, under /api. */
export async function apiRoutes(app: FastifyInstance) {
  await app.register(healthRoutes);
  await app.register(enquiryRoutes);

  // Unknown /api paths answer JSON, never a page.
  app.route({
    method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
    url: "/*",
    handler: async (_request, reply) =>
      reply.status(404).send({ status: "Error", message: API_MESSAGES.notFound }),
  });
}
