import type { FastifyInstance } from "fastify";
import { securitySettings } from "../db/schema";

/** The Owner's requirement turned on (as another Owner did on 'Account'), straight in the database. */
export async function requireTwoFactor(app: FastifyInstance) {
  await app.db
    .insert(securitySettings)
    .values({ id: 1, requireTwoFactor: true })
    .onConflictDoUpdate({ target: securitySettings.id, set: { requireTwoFactor: true } });
}
