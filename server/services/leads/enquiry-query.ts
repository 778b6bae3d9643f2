import { and, asc, desc, eq, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { EnquiryPage, EnquiryView, InboxFilter } from "../../../common/leads/enquiry-inbox";
import { encodeCursor, type InboxCursor } from "../../../common/leads/inbox-cursor";
import type { Database } from "../../db/client";
import { containsPattern } from "../../db/like";
import { enquiries, mailOutbox } from "../../db/schema";
import { officeNotification } from "../../outbox/mail/outbox";

/**
 * Name, company (or business type), e-mail, post code or message contains the term, in any case.
 * One trigram-indexed column holds them all (see the schema), so this stays fast with 100,000s.
 */
const searchCondition = (term: string) =>
  sql`${enquiries.searchText} like ${containsPattern(term.toLowerCase())}`;

/** The referring domain or utm_source is the term, in any case (both are stored lower case). */
const sourceCondition = (term: string) =>
  sql`(${enquiries.source}->>'referrer' = ${term.toLowerCase()} or ${enquiries.source}->>'utmSource' = ${term.toLowerCase()})`;

/** Whose 'Mine' the filter's `assigned: "mine"` is. */
export type ServiceFilter = InboxFilter & { me?: string };

/** Kind, status (none given: every status but spam), stage, search term and 'Mine' or 'Unassigned'. */
export function filterCondition({ kind, status, q, assigned, me, source, stage }: ServiceFilter): SQL {
  return and(
    stage ? eq(enquiries.stage, stage) : undefined,
    source ? sourceCondition(source) : undefined,
    kind ? eq(enquiries.kind, kind) : undefined,
    assigned === "none" ? isNull(enquiries.assignedTo) : undefined,
    // Without a caller nothing is theirs.
    assigned === "mine" ? (me ? eq(enquiries.assignedTo, me) : sql`false`) : undefined,
    status ? eq(enquiries.status, status) : ne(enquiries.status, "spam"),
    q ? searchCondition(q) : undefined,
  ) as SQL;
}

// created_at to whole microseconds and back, exactly (a double would round at this magnitude).
const createdMicros = sql<string>`(extract(epoch from ${enquiries.createdAt}) * 1000000)::bigint::text`;
const fromMicros = (micros: string) =>
  sql`(timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond')`;

type Row = Awaited<ReturnType<typeof selectRows>>[number];

function selectRows(db: Database, where: SQL, newestFirst: boolean, limit: number) {
  const order = newestFirst
    ? [desc(enquiries.createdAt), desc(enquiries.id)]
    : [asc(enquiries.createdAt), asc(enquiries.id)];
  return db
    .select({
      id: enquiries.id,
      kind: enquiries.kind,
      fields: enquiries.fields,
      createdAt: enquiries.createdAt,
      micros: createdMicros,
      status: enquiries.status,
      statusChangedAt: enquiries.statusChangedAt,
      mailState: mailOutbox.state,
      mailAttempts: mailOutbox.attempts,
      source: enquiries.source,
      stage: enquiries.stage,
    })
    .from(enquiries)
    .leftJoin(mailOutbox, officeNotification)
    .where(where)
    .orderBy(...order)
    .limit(limit);
}

/** One enquiry as the API shows it (the inbox, and the webhooks' payloads). */
export const toView = (r: Omit<Row, "micros">): EnquiryView => ({
  _id: r.id,
  kind: r.kind,
  createdAt: r.createdAt.toISOString(),
  status: r.status,
  statusChangedAt: r.statusChangedAt?.toISOString() ?? null,
  fields: r.fields,
  mail: r.mailState ? { state: r.mailState, attempts: r.mailAttempts ?? 0 } : null,
  source: r.source ?? null,
  stage: r.stage,
});

const cursorAt = (direction: InboxCursor["direction"], row: Row) =>
  encodeCursor({ direction, micros: String(row.micros), id: row.id });

/**
 * One page, newest first, by keyset on (created_at, id): each page is an index range scan from
 * the cursor, as fast on page 2,000 as on page 1 (OFFSET would read and skip every earlier row).
 */
export async function enquiryPage(
  db: Database,
  filter: ServiceFilter,
  cursor: InboxCursor | undefined,
  limit: number,
): Promise<EnquiryPage> {
  const newer = cursor?.direction === "newer";
  const position = cursor
    ? newer
      ? sql`(${enquiries.createdAt}, ${enquiries.id}) > (${fromMicros(cursor.micros)}, ${cursor.id}::uuid)`
      : sql`(${enquiries.createdAt}, ${enquiries.id}) < (${fromMicros(cursor.micros)}, ${cursor.id}::uuid)`
    : undefined;
  // One row more than shown tells whether another page follows.
  const rows = await selectRows(db, and(filterCondition(filter), position) as SQL, !newer, limit + 1);
  const more = rows.length > limit;
  const shown = rows.slice(0, limit);
  if (newer) shown.reverse();
  const first = shown[0];
  const last = shown.at(-1);
  return {
    data: shown.map(toView),
    next: last && (newer || more) ? cursorAt("older", last) : null,
    newer: first && (newer ? more : cursor !== undefined) ? cursorAt("newer", first) : null,
  };
}
