import type { FastifyRequest } from "fastify";
import type { ChangeOrigin } from "../services/staff/security-mail";

/**
 * Where a change to how an account signs in came from, for the account's security mail: the
 * client's address as TRUST_PROXY allows (`request.ip`, server/client-address.ts) and the
 * browser's User-Agent.
 */
export const changeOrigin = (request: FastifyRequest): ChangeOrigin => ({
  ip: request.ip,
  userAgent: request.headers["user-agent"] ?? null,
});
