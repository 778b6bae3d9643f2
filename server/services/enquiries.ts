import { desc, eq } from "drizzle-orm";
import type { EnquiryKind } from "../../common/constants";
import type { EnquiryFields } from "../../common/enquiries";
import type { Database } from "../db/client";
import { enquiries, mailOutbox } from "../db/schema";

/** CONTRACT.md enquiry shape, as the admin list shows it. */
export interface EnquiryView {
  _id: string;
  kind: EnquiryKind;
  createdAt: string;
  fields: Record<string, unknown>;
  mail: { state: "pending" | "sent" | "failed"; attempts: number };
}

export function createEnquiryService(db: Database, onStored: () => void = () => {}) {
  /** Stores the enquiry and its notification in one transaction: both or neither. */
  async function submit(kind: EnquiryKind, fields: EnquiryFields): Promise<string> {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(enquiries)
        .values({ kind, fields: fields as Record<string, unknown> })
        .returning({ id: enquiries.id });
      await tx.insert(mailOutbox).values({ enquiryId: row.id });
      return row.id;
    });
    onStored();
    return id;
  }

  /** Every enquiry, newest first, with its mail delivery state. */
  async function list(): Promise<EnquiryView[]> {
    const rows = await db
      .select({
        id: enquiries.id,
        kind: enquiries.kind,
        fields: enquiries.fields,
        createdAt: enquiries.createdAt,
        state: mailOutbox.state,
        attempts: mailOutbox.attempts,
      })
      .from(enquiries)
      .leftJoin(mailOutbox, eq(mailOutbox.enquiryId, enquiries.id))
      .orderBy(desc(enquiries.createdAt), desc(enquiries.id));
    return rows.map((r) => ({
      _id: r.id,
      kind: r.kind,
      createdAt: r.createdAt.toISOString(),
      fields: r.fields,
      mail: { state: r.state ?? "pending", attempts: r.attempts ?? 0 },
    }));
  }

  return { submit, list };
}
