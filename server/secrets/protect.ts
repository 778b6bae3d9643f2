import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { adminRecoveryCodes, adminTwoFactor, webhookEndpoints } from "../db/schema";
import { isSealed, type Keyring, keyIdIn, SecretUnreadable } from "./keyring";

/**
 * The secrets the database keeps sealed (server/secrets/keyring.ts), each bound to its row:
 * an account's TOTP secret and a webhook endpoint's signing secret.
 */
export const totpContext = (adminId: string) => `admin_two_factor.secret:${adminId}`;
export const webhookContext = (endpointId: string) => `webhook_endpoints.secret:${endpointId}`;

/** A new Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString("base64")}`;

export interface SecretsReport {
  /** Plaintext secrets (a database from before sealing) sealed now. */
  sealed: number;
  /** Sealed with an older key, sealed again with the current one (a rotation). */
  resealed: number;
  /** Webhook endpoints given a new secret (an import left theirs out, or it could not be read). */
  renewed: number;
  /** Two-factor enrolments removed because their secret could not be read (forgetUnreadable). */
  forgotten: number;
  /** What no configured key opens (without forgetUnreadable): the key ids they need. */
  unreadable: Array<{ what: "two-factor secret" | "webhook secret"; keyId?: string }>;
}

/**
 * Brings every secret in the database under the keyring, idempotently: plaintext ones are sealed
 * (the start of a database from before this), an endpoint's empty secret (left out by db:export) is
 * made anew, and with `reseal` every one sealed with an older key is sealed with the current one
 * (npm run secrets:rotate). Each row is updated only while it still holds what was read, so
 * instances doing this together (or a request meanwhile) never lose a write. What no key opens is
 * reported, or with `forgetUnreadable` reset: the account sets two-factor up again, the endpoint
 * gets a new secret.
 */
export async function protectSecrets(
  db: Database,
  keyring: Keyring,
  options: { reseal?: boolean; forgetUnreadable?: boolean } = {},
): Promise<SecretsReport> {
  const report: SecretsReport = { sealed: 0, resealed: 0, renewed: 0, forgotten: 0, unreadable: [] };

  /** What the stored value should become: undefined when it is fine as it is. */
  function next(
    stored: string,
    context: string,
  ): { value: string; kind: "sealed" | "resealed" } | "unreadable" | undefined {
    if (!isSealed(stored)) return { value: keyring.seal(stored, context), kind: "sealed" };
    try {
      const plain = keyring.open(stored, context);
      if (options.reseal && keyIdIn(stored) !== keyring.currentId)
        return { value: keyring.seal(plain, context), kind: "resealed" };
      return undefined;
    } catch (error) {
      if (error instanceof SecretUnreadable) return "unreadable";
      throw error;
    }
  }

  for (const row of await db.select().from(adminTwoFactor)) {
    const context = totpContext(row.adminId);
    const change = next(row.secret, context);
    if (change === undefined) continue;
    const still = and(eq(adminTwoFactor.adminId, row.adminId), eq(adminTwoFactor.secret, row.secret));
    if (change === "unreadable") {
      if (!options.forgetUnreadable) {
        report.unreadable.push({ what: "two-factor secret", keyId: keyIdIn(row.secret) });
        continue;
      }
      await db.transaction(async (tx) => {
        const gone = await tx.delete(adminTwoFactor).where(still).returning();
        if (gone.length === 0) return;
        await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, row.adminId));
        report.forgotten += 1;
      });
      continue;
    }
    const updated = await db.update(adminTwoFactor).set({ secret: change.value }).where(still).returning();
    if (updated.length > 0) report[change.kind] += 1;
  }

  for (const row of await db.select().from(webhookEndpoints)) {
    const context = webhookContext(row.id);
    const still = and(eq(webhookEndpoints.id, row.id), eq(webhookEndpoints.secret, row.secret));
    let change = row.secret === "" ? ("renew" as const) : next(row.secret, context);
    if (change === undefined) continue;
    if (change === "unreadable") {
      if (!options.forgetUnreadable) {
        report.unreadable.push({ what: "webhook secret", keyId: keyIdIn(row.secret) });
        continue;
      }
      change = "renew";
    }
    const value = change === "renew" ? keyring.seal(newWebhookSecret(), context) : change.value;
    const updated = await db.update(webhookEndpoints).set({ secret: value }).where(still).returning();
    if (updated.length > 0) report[change === "renew" ? "renewed" : change.kind] += 1;
  }
  return report;
}

/** One line for the operator naming the keys the unreadable secrets need (never a secret). */
export function unreadableMessage(report: SecretsReport, keyring: Keyring): string {
  const needed = [...new Set(report.unreadable.map((u) => u.keyId ?? "unknown"))];
  const what = [...new Set(report.unreadable.map((u) => u.what))].join(" and ");
  return (
    `${report.unreadable.length} ${what}(s) in the database were sealed with key ${needed.join(", ")}, ` +
    `which the configured secrets key (${keyring.ids.join(", ")}) cannot open: start with the key they ` +
    "were sealed with (SECRETS_KEY, SECRETS_KEY_OLD or the key file; docs/secrets-key.md), or run " +
    "npm run secrets:rotate -- --forget-unreadable to reset them (two-factor set up again, new webhook secrets)"
  );
}

/**
 * A secret as it is used: opened when sealed; a plaintext one (written by an instance from before
 * sealing, during a rolling upgrade) as it is, until the next start seals it. SecretUnreadable
 * when no configured key opens it, or when it is empty (left out by db:export, made at start).
 */
export function openSecret(keyring: Keyring, stored: string, context: string): string {
  if (stored === "") throw new SecretUnreadable("it has not been made yet (restart the server)");
  return isSealed(stored) ? keyring.open(stored, context) : stored;
}
