import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { SUDO_WINDOW_MS } from "../../common/staff/sudo";
import { adminSessions } from "../db/schema";
import { bearer } from "./content";

/**
 * Sudo mode confirmed on the session behind `token` (POST /api/admin/sudo with its password), as
 * a guarded change (a passkey, two-factor off, recovery codes, the security setting) needs.
 */
export async function confirmSudo(app: FastifyInstance, token: string, password: string): Promise<void> {
  const res = await app.inject({
    method: "POST",
    url: "/api/admin/sudo",
    headers: bearer(token),
    payload: { password },
  });
  if (res.statusCode !== 200) throw new Error(`sudo refused: ${res.body}`);
}

/** The session's confirmation moved back past the window (as if SUDO_WINDOW_MS had gone by). */
export async function expireSudo(app: FastifyInstance, token: string): Promise<void> {
  await app.db
    .update(adminSessions)
    .set({ reauthenticatedAt: new Date(Date.now() - SUDO_WINDOW_MS - 1000) })
    .where(eq(adminSessions.tokenHash, createHash("sha256").update(token).digest("hex")));
}
