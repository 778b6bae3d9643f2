import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { FORM_TOKEN_FIELD } from "../../common/leads/spam-fields";
import type { Database } from "../db/client";

/** Valid enquiries for tests and the benchmark; each field in the forms' checking order. */
export const VALID_CONTACT = {
  name: "Jane Fenland",
  email: "jane@example.co.uk",
  company: "Fen Farms Ltd",
  phone: "01733 000 111",
  message: "Please call me about weekly collections.\nThanks <b>& regards</b>",
};

export const VALID_TANKERING = {
  name: "Tom Tanker",
  email: "tom@example.co.uk",
  frequency: "Weekly",
  phone: "07700 900123",
  message: "We need 20,000 litres of wash water taken away.",
};

export const VALID_QUOTE = {
  businessType: "Farming",
  wasteType: "Vegetable peelings",
  frequency: "Fortnightly",
  location: "pe1  5xg",
  contact: { name: "Quinn Quote", email: "quinn@example.co.uk", phone: "01733 222 333" },
};

/** A quote's draft of one line: two collections at £25.00 with VAT at 20 % (£60.00 in all). */
export const TWO_COLLECTIONS_QUOTE = {
  lines: [
    {
      description: "Food waste collection",
      quantityThousandths: 2000,
      unit: "collection" as const,
      unitPricePence: 2500,
      vatRate: "standard" as const,
    },
  ],
  discount: { kind: "none" as const },
};

/**
 * Inserts `count` contact enquiries in one statement, all at `createdAt` (default now) so keyset
 * paging must break ties on the id; names are `${prefix} 1` … `${prefix} count`.
 */
export async function insertContacts(
  db: Database,
  count: number,
  { prefix = "Bulk", createdAt = new Date() }: { prefix?: string; createdAt?: Date } = {},
) {
  await db.execute(sql`
    insert into enquiries (kind, fields, name, email, phone, created_at)
    select 'contact',
      jsonb_build_object('name', ${prefix} || ' ' || n, 'email', 'bulk' || n || '@example.co.uk',
        'company', 'Bulk Ltd', 'phone', '01733 000 000', 'message', 'Bulk message ' || n),
      ${prefix} || ' ' || n, 'bulk' || n || '@example.co.uk', '01733 000 000',
      ${createdAt.toISOString()}::timestamptz
    from generate_series(1, ${count}) as n`);
}

/**
 * An enquiry's body as the site's form sends it: with the form token of a page served `ageMs`
 * before (45 s: a person's time). Every door needs one: an enquiry without it is kept as Spam,
 * never mailed (server/services/leads/spam.ts).
 */
export async function withFormToken<T extends object>(app: FastifyInstance, body: T, ageMs = 45_000) {
  return { ...body, [FORM_TOKEN_FIELD]: await app.services.spam.issueToken(Date.now() - ageMs) };
}
