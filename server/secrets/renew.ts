import { eq, inArray, isNotNull, sql } from "drizzle-orm";
import { WEBHOOK_MESSAGES } from "../../common/webhooks/webhooks";
import type { Database } from "../db/client";
import {
  adminPendingSignIns,
  adminRecoveryCodes,
  adminSessions,
  admins,
  adminTwoFactor,
  webhookEndpoints,
} from "../db/schema";
import { recordAudit } from "../services/audit";
import { auditTarget } from "../services/webhooks/service";
import type { Keyring } from "./keyring";
import { newWebhookSecret, webhookContext } from "./protect";

/** Who the activity record names for a renewal: the operator's command. */
export const RENEW_ACTOR = { email: "npm run secrets:rotate -- --renew" } as const;

export interface Renewal {
  /** Webhook endpoints given a new secret nobody has seen (the Owner rotates it to see one). */
  endpoints: number;
  /** Accounts whose authenticator app was removed: each must enrol again at its next sign-in. */
  accounts: number;
}

/**
 * `npm run secrets:rotate -- --renew` (docs/secrets-key.md): the secrets themselves made anew, not
 * only sealed again, so an old backup opened with its old key gives nothing that still works:
 * - every webhook endpoint gets a new secret, sealed with the current key and shown to nobody (a
 *   command cannot show it to the Owner): 'Integrations' says so (`secret_renewed_at`) until the
 *   Owner rotates it, which shows one, to give the receiver; until then the receiver rejects the
 *   site's webhooks, which are retried;
 * - every two-factor set-up (seed and recovery codes, pending ones too) is removed, and each
 *   account that had it on must enrol again (`enrolment_due_at`, services/staff/renewed-enrolment.ts)
 *   and is signed out everywhere (a session or a half-done sign-in made with a leaked seed ends).
 * Passkeys (public keys: nothing of them is secret) and passwords are left as they are. One
 * transaction, each change in the activity record.
 */
export async function renewSecrets(db: Database, keyring: Keyring): Promise<Renewal> {
  return db.transaction(async (tx) => {
    const endpoints = await tx.select().from(webhookEndpoints);
    for (const endpoint of endpoints) {
      await tx
        .update(webhookEndpoints)
        .set({
          secret: keyring.seal(newWebhookSecret(), webhookContext(endpoint.id)),
          secretRenewedAt: sql`now()`,
        })
        .where(eq(webhookEndpoints.id, endpoint.id));
      await recordAudit(tx, {
        action: "webhook_secret_rotated",
        actor: RENEW_ACTOR,
        target: auditTarget(endpoint, WEBHOOK_MESSAGES.renewedByOperator),
      });
    }
    const enrolled = await tx
      .select({ adminId: adminTwoFactor.adminId })
      .from(adminTwoFactor)
      .where(isNotNull(adminTwoFactor.enabledAt));
    const ids = enrolled.map((row) => row.adminId);
    await tx.delete(adminRecoveryCodes);
    await tx.delete(adminTwoFactor);
    if (ids.length > 0) {
      const accounts = await tx
        .update(admins)
        .set({ enrolmentDueAt: sql`now()` })
        .where(inArray(admins.id, ids))
        .returning({ id: admins.id, email: admins.email });
      await tx.delete(adminSessions).where(inArray(adminSessions.adminId, ids));
      await tx.delete(adminPendingSignIns).where(inArray(adminPendingSignIns.adminId, ids));
      for (const account of accounts)
        await recordAudit(tx, {
          action: "two_factor_disabled",
          actor: RENEW_ACTOR,
          target: { id: account.id, label: account.email },
        });
    }
    return { endpoints: endpoints.length, accounts: ids.length };
  });
}
