import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";

const databaseUp = (app: FastifyInstance) =>
  app.db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );

/**
 * Liveness (`/api/healthz`: the process serves and its database answers) and readiness
 * (`/api/readyz`: also not draining), so a balancer stops sending work as soon as SIGTERM arrives.
 */
export async function healthRoutes(app: FastifyInstance) {
  app.get("/healthz", async (_request, reply) => {
    if (await databaseUp(app)) return { status: "ok" };
    return reply.status(503).send({ status: "Error", message: "Database unavailable" });
  });
  app.get("/readyz", { schema: { hide: true } }, async (_request, reply) => {
    if (app.draining) return reply.status(503).send({ status: "Error", message: "Draining" });
    if (await databaseUp(app)) return { status: "ok" };
    return reply.status(503).send({ status: "Error", message: "Database unavailable" });
  });
}
