import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { INBOX_MESSAGES } from "../../../common/admin-messages";
import { londonDay } from "../../../common/en-gb";
import { Conflict, Invalid, NotFound } from "../../../common/errors";
import { UUID_SHAPE } from "../../../common/ids";
import {
  type Discount,
  formatPence,
  formatQuoteNumber,
  MoneyError,
  quoteTotals,
  quoteYear,
} from "../../../common/pipeline/money";
import {
  QUOTE_DOCUMENT_TEXTS,
  quoteLineCells,
  quoteSummaryRows,
} from "../../../common/pipeline/quote-document";
import { QUOTE_TERMS_KEY } from "../../../common/pipeline/quote-terms";
import type { serviceInputSchema } from "../../../common/pipeline/quotes";
import {
  type CustomerQuote,
  QUOTE_LIMITS,
  QUOTE_MESSAGES,
  type QuoteInput,
  type QuoteState,
  type QuoteView,
  type ServiceView,
} from "../../../common/pipeline/quotes";
import type { z } from "../../../common/zod";
import type { Database } from "../../db/client";
import {
  enquiries,
  enquiryEvents,
  mailOutbox,
  quoteLines,
  quoteNumbers,
  quoteServices,
  quotes,
} from "../../db/schema";
import { authorize } from "../access";
import { recordAudit } from "../audit";
import { publishedDocument } from "../content/site-content";
import { renderQuotePdf } from "./quote-pdf";
import { queueQuoteWebhooks } from "./quote-webhooks";
import { type Tx, writeStage } from "./stage-write";
import type { PipelineActor } from "./stages";

type ServiceInput = z.infer<typeof serviceInputSchema>;
type QuoteRow = typeof quotes.$inferSelect;
type LineRow = typeof quoteLines.$inferSelect;

const DAY_MS = 86_400_000;
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
const iso = (date: Date | null) => date?.toISOString() ?? null;
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The state a quote shows: a sent quote past its last valid day (London) is expired. */
export function effectiveState(row: Pick<QuoteRow, "state" | "validUntil">, now = Date.now()): QuoteState {
  return row.state === "sent" && londonDay(now) > row.validUntil ? "expired" : row.state;
}

export interface QuoteServiceOptions {
  siteUrl: string;
  officeTo: string;
  wake?: () => void;
  changed?: () => void;
  now?: () => number;
}

/**
 * Priced quotes (issue 49): the Owner's price list, a draft from an enquiry, revisions (a new
 * version supersedes the old, which stays readable), sending (the enquiry moves to Quoted and
 * the customer is mailed a link for this version only, through the outbox), and the customer's
 * answer by that link: accepted (who, when, from which address, which version; the enquiry Won
 * with the quote's total; the office mailed) or declined. Desk and Owner quote ("enquiries");
 * only the Owner edits the price list ("pipeline-settings").
 */
export function createQuoteService(db: Database, options: QuoteServiceOptions) {
  const wake = options.wake ?? (() => {});
  const changed = options.changed ?? (() => {});
  const now = options.now ?? Date.now;
  const link = (id: string, token: string) => `${options.siteUrl}/quotes/${id}/${token}`;
  // This instance's counts for /metrics: quotes sent, accepted and declined, and answers refused
  // (a quote already answered, replaced or expired).
  const counts = { sent: 0, accepted: 0, declined: 0, refused: 0 };

  // ----- The price list -----

  const serviceView = (r: typeof quoteServices.$inferSelect): ServiceView => ({
    id: r.id,
    name: r.name,
    unit: r.unit,
    unitPricePence: r.unitPricePence,
    vatRate: r.vatRate,
    archived: r.archived,
  });

  async function services(by: PipelineActor, all = false): Promise<ServiceView[]> {
    authorize(by, "enquiries");
    const rows = await db
      .select()
      .from(quoteServices)
      .where(all ? undefined : eq(quoteServices.archived, false))
      .orderBy(asc(quoteServices.name));
    return rows.map(serviceView);
  }

  async function addService(input: ServiceInput, by: PipelineActor): Promise<ServiceView> {
    authorize(by, "pipeline-settings");
    return db.transaction(async (tx) => {
      const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(quoteServices);
      if (Number(n) >= QUOTE_LIMITS.services) throw new Conflict(QUOTE_MESSAGES.tooManyServices);
      const [row] = await tx.insert(quoteServices).values(input).returning();
      await recordAudit(tx, {
        action: "price_list_changed",
        actor: by,
        target: { id: row.id, label: `Added ${row.name}` },
      });
      return serviceView(row);
    });
  }

  async function updateService(id: string, input: ServiceInput, by: PipelineActor): Promise<ServiceView> {
    authorize(by, "pipeline-settings");
    if (!UUID_SHAPE.test(id)) throw new NotFound(QUOTE_MESSAGES.serviceNotFound);
    return db.transaction(async (tx) => {
      const [row] = await tx.update(quoteServices).set(input).where(eq(quoteServices.id, id)).returning();
      if (!row) throw new NotFound(QUOTE_MESSAGES.serviceNotFound);
      await recordAudit(tx, {
        action: "price_list_changed",
        actor: by,
        target: { id, label: `Changed ${row.name}` },
      });
      return serviceView(row);
    });
  }

  // ----- Reading -----

  function view(row: QuoteRow, lines: LineRow[], at = now()): QuoteView {
    const totals = totalsOf(row, lines);
    return {
      id: row.id,
      enquiryId: row.enquiryId,
      number: row.number,
      version: row.version,
      supersedes: row.supersedes,
      state: effectiveState(row, at),
      validUntil: row.validUntil,
      terms: row.terms,
      discount: row.discount,
      lines: lines.map((l) => ({
        serviceId: l.serviceId,
        description: l.description,
        quantityThousandths: l.quantityThousandths,
        unit: l.unit,
        unitPricePence: l.unitPricePence,
        vatRate: l.vatRate,
        netPence: l.netPence,
      })),
      totals,
      createdAt: row.createdAt.toISOString(),
      sentAt: iso(row.sentAt),
      answeredAt: iso(row.answeredAt),
      acceptance:
        row.state === "accepted" && row.answeredAt
          ? {
              name: row.acceptedName,
              at: row.answeredAt.toISOString(),
              address: row.acceptedAddress,
              version: row.acceptedVersion ?? row.version,
            }
          : null,
      declineReason: row.declineReason,
    };
  }

  /** The totals as stored, with each rate's share worked out again from the stored lines (the same rules). */
  function totalsOf(row: QuoteRow, lines: LineRow[]) {
    const worked = quoteTotals(lines, row.discount as Discount);
    return {
      subtotalPence: row.subtotalPence,
      discountPence: row.discountPence,
      netPence: row.subtotalPence - row.discountPence,
      vatPence: row.vatPence,
      totalPence: row.totalPence,
      rates: worked.rates,
    };
  }

  async function linesOf(reader: Pick<Database, "select">, quoteId: string) {
    return reader
      .select()
      .from(quoteLines)
      .where(eq(quoteLines.quoteId, quoteId))
      .orderBy(asc(quoteLines.position));
  }

  async function get(id: string, by: PipelineActor): Promise<QuoteView> {
    authorize(by, "enquiries");
    if (!UUID_SHAPE.test(id)) throw new NotFound(QUOTE_MESSAGES.notFound);
    const [row] = await db.select().from(quotes).where(eq(quotes.id, id));
    if (!row) throw new NotFound(QUOTE_MESSAGES.notFound);
    return view(row, await linesOf(db, id));
  }

  /** Every quote of the enquiry, every version, newest first. */
  async function forEnquiry(enquiryId: string, by: PipelineActor): Promise<QuoteView[]> {
    authorize(by, "enquiries");
    if (!UUID_SHAPE.test(enquiryId)) throw new NotFound(INBOX_MESSAGES.notFound);
    const rows = await db
      .select()
      .from(quotes)
      .where(eq(quotes.enquiryId, enquiryId))
      .orderBy(desc(quotes.createdAt), desc(quotes.version));
    return Promise.all(rows.map(async (r) => view(r, await linesOf(db, r.id))));
  }

  // ----- Writing -----

  /** The content's columns and lines, priced by the money rules; Invalid for what they refuse. */
  async function priced(tx: Tx, input: QuoteInput) {
    // The published terms (the Owner's site content) unless staff gave the quote its own; kept
    // with the version from here on, so a sent quote's terms never change.
    const terms = input.terms || (await publishedDocument(tx, QUOTE_TERMS_KEY)).terms;
    const today = londonDay(now());
    const validUntil = input.validUntil ?? addDays(today, QUOTE_LIMITS.validDays);
    if (validUntil < today || validUntil > addDays(today, QUOTE_LIMITS.maxValidDays)) {
      throw new Invalid(QUOTE_MESSAGES.validUntil);
    }
    for (const line of input.lines) {
      if (!line.serviceId) continue;
      const [service] = await tx
        .select({ id: quoteServices.id })
        .from(quoteServices)
        .where(eq(quoteServices.id, line.serviceId));
      if (!service) throw new Invalid(QUOTE_MESSAGES.unknownService);
    }
    let totals: ReturnType<typeof quoteTotals>;
    try {
      totals = quoteTotals(input.lines, input.discount as Discount);
    } catch (error) {
      if (error instanceof MoneyError) throw new Invalid(QUOTE_MESSAGES.discount);
      throw error;
    }
    return {
      columns: {
        validUntil,
        terms,
        discount: input.discount as Record<string, unknown>,
        subtotalPence: totals.subtotalPence,
        discountPence: totals.discountPence,
        vatPence: totals.vatPence,
        totalPence: totals.totalPence,
      },
      lines: input.lines.map((l, i) => ({
        position: i,
        serviceId: l.serviceId ?? null,
        description: l.description,
        quantityThousandths: l.quantityThousandths,
        unit: l.unit,
        unitPricePence: l.unitPricePence,
        vatRate: l.vatRate,
        netPence: totals.lineNetPence[i] ?? 0,
      })),
    };
  }

  const event = (tx: Tx, enquiryId: string, by: PipelineActor | null, data: Record<string, string>) =>
    tx
      .insert(enquiryEvents)
      .values({ enquiryId, adminId: by?.id, adminEmail: by?.email, type: "quote", data });

  /** The enquiry locked for a quote: NotFound, spam or erased refused. */
  async function quotable(tx: Tx, enquiryId: string) {
    if (!UUID_SHAPE.test(enquiryId)) throw new NotFound(INBOX_MESSAGES.notFound);
    const [row] = await tx
      .select({ id: enquiries.id, status: enquiries.status, stage: enquiries.stage, email: enquiries.email })
      .from(enquiries)
      .where(eq(enquiries.id, enquiryId))
      .for("update");
    if (!row) throw new NotFound(INBOX_MESSAGES.notFound);
    if (row.status === "spam") throw new Conflict(QUOTE_MESSAGES.spam);
    const [erased] = await tx
      .select({ id: enquiryEvents.id })
      .from(enquiryEvents)
      .where(and(eq(enquiryEvents.enquiryId, enquiryId), eq(enquiryEvents.type, "erased")))
      .limit(1);
    if (erased) throw new Conflict(QUOTE_MESSAGES.erased);
    return row;
  }

  /** A draft quote from the enquiry, numbered in this year (London): Q-2026-0001 and on. */
  async function create(enquiryId: string, input: QuoteInput, by: PipelineActor): Promise<QuoteView> {
    authorize(by, "enquiries");
    const id = await db.transaction(async (tx) => {
      await quotable(tx, enquiryId);
      const content = await priced(tx, input);
      const year = quoteYear(now());
      const [{ last }] = await tx
        .insert(quoteNumbers)
        .values({ year, last: 1 })
        .onConflictDoUpdate({ target: quoteNumbers.year, set: { last: sql`${quoteNumbers.last} + 1` } })
        .returning({ last: quoteNumbers.last });
      const number = formatQuoteNumber(year, last);
      const [row] = await tx
        .insert(quotes)
        .values({ enquiryId, year, sequence: last, number, version: 1, createdBy: by.id, ...content.columns })
        .returning({ id: quotes.id });
      await tx.insert(quoteLines).values(content.lines.map((l) => ({ ...l, quoteId: row.id })));
      await event(tx, enquiryId, by, { action: "drafted", number, version: "1" });
      return row.id;
    });
    return get(id, by);
  }

  async function lockedQuote(tx: Tx, id: string) {
    if (!UUID_SHAPE.test(id)) throw new NotFound(QUOTE_MESSAGES.notFound);
    const [row] = await tx.select().from(quotes).where(eq(quotes.id, id)).for("update");
    if (!row) throw new NotFound(QUOTE_MESSAGES.notFound);
    return row;
  }

  /**
   * A draft's content replaced in place; any other quote's revised as the next version (a draft)
   * that supersedes it: the old one stays readable, its link answers that it was replaced.
   * Conflict for an accepted quote (the company's record) or one already superseded.
   */
  async function revise(id: string, input: QuoteInput, by: PipelineActor): Promise<QuoteView> {
    authorize(by, "enquiries");
    const revised = await db.transaction(async (tx) => {
      const old = await lockedQuote(tx, id);
      if (old.state === "accepted") throw new Conflict(QUOTE_MESSAGES.accepted);
      if (old.state === "superseded") throw new Conflict(QUOTE_MESSAGES.superseded);
      await quotable(tx, old.enquiryId);
      const content = await priced(tx, input);
      if (old.state === "draft") {
        await tx.update(quotes).set(content.columns).where(eq(quotes.id, id));
        await tx.delete(quoteLines).where(eq(quoteLines.quoteId, id));
        await tx.insert(quoteLines).values(content.lines.map((l) => ({ ...l, quoteId: id })));
        return id;
      }
      const version = old.version + 1;
      const [row] = await tx
        .insert(quotes)
        .values({
          enquiryId: old.enquiryId,
          year: old.year,
          sequence: old.sequence,
          number: old.number,
          version,
          supersedes: old.id,
          createdBy: by.id,
          ...content.columns,
        })
        .returning({ id: quotes.id });
      await tx.insert(quoteLines).values(content.lines.map((l) => ({ ...l, quoteId: row.id })));
      await tx.update(quotes).set({ state: "superseded" }).where(eq(quotes.id, old.id));
      await event(tx, old.enquiryId, by, { action: "revised", number: old.number, version: String(version) });
      return row.id;
    });
    return get(revised, by);
  }

  /** The customer's mail: the quote's lines and totals as the page shows them, and the link. */
  function customerMail(row: QuoteRow, lines: LineRow[], url: string) {
    const quote = view(row, lines);
    const text = [
      `Your quote ${row.number} (version ${row.version}) is ready.`,
      "",
      ...quote.lines.map((l) => {
        const cells = quoteLineCells(l);
        return `${cells.description}: ${cells.quantity} × ${cells.unitPrice} (${cells.vat}) = ${cells.net}`;
      }),
      "",
      // The same rows as the page and the PDF (common/pipeline/quote-document.ts).
      ...quoteSummaryRows(quote).map((r) => `${r.label}: ${r.amount}`),
      "",
      `Valid until ${row.validUntil}. Read the terms and accept or decline it here (its PDF is linked there):`,
      url,
    ].join("\n");
    return { subject: QUOTE_MESSAGES.sentSubject(row.number), text };
  }

  /** Sends a draft: the customer mailed its link (this version only), the enquiry moved to Quoted. */
  async function send(id: string, by: PipelineActor): Promise<QuoteView> {
    authorize(by, "enquiries");
    await db.transaction(async (tx) => {
      const row = await lockedQuote(tx, id);
      if (row.state !== "draft") throw new Conflict(QUOTE_MESSAGES.notDraft);
      const enquiry = await quotable(tx, row.enquiryId);
      if (!enquiry.email) throw new Invalid(QUOTE_MESSAGES.noAddress);
      const today = londonDay(now());
      if (row.validUntil < today) throw new Invalid(QUOTE_MESSAGES.validUntil);
      const token = randomBytes(32).toString("base64url");
      const [sent] = await tx
        .update(quotes)
        .set({
          state: "sent",
          sentAt: new Date(now()),
          recipient: enquiry.email,
          tokenHash: hashToken(token),
        })
        .where(eq(quotes.id, id))
        .returning();
      await queueQuoteWebhooks(tx, "quote.sent", sent);
      const mail = customerMail(sent, await linesOf(tx, id), link(id, token));
      await tx
        .insert(mailOutbox)
        .values({ enquiryId: row.enquiryId, kind: "quote", message: { to: enquiry.email, ...mail } });
      await event(tx, row.enquiryId, by, {
        action: "sent",
        number: row.number,
        version: String(row.version),
        total: String(row.totalPence),
      });
      if (enquiry.stage !== "quoted") {
        await writeStage(
          tx,
          row.enquiryId,
          { from: enquiry.stage, to: "quoted", via: `quote ${row.number}` },
          by,
        );
      }
    });
    counts.sent++;
    wake();
    changed();
    return get(id, by);
  }

  // ----- The customer's link -----

  /** The quote a link opens: this id and this token; NotFound (the same message) for any other. */
  async function byLink(reader: Tx | Database, id: string, token: string, lock = false) {
    const refused = () => new NotFound(QUOTE_MESSAGES.linkRefused);
    if (!UUID_SHAPE.test(id) || typeof token !== "string" || !/^[A-Za-z0-9_-]{43}$/.test(token))
      throw refused();
    const query = reader.select().from(quotes).where(eq(quotes.id, id));
    const [row] = lock ? await query.for("update") : await query;
    if (!row?.tokenHash || !sameHash(row.tokenHash, hashToken(token))) throw refused();
    return row;
  }

  /** Why the quote can no longer be answered, in the customer's words; null while it can. */
  function refusal(row: QuoteRow): string | null {
    switch (effectiveState(row, now())) {
      case "accepted":
        return QUOTE_MESSAGES.answeredAccepted;
      case "declined":
        return QUOTE_MESSAGES.answeredDeclined;
      case "superseded":
        return QUOTE_MESSAGES.supersededCustomer;
      case "expired":
        return QUOTE_MESSAGES.expiredCustomer;
      case "sent":
        return null;
      default:
        return QUOTE_MESSAGES.linkRefused;
    }
  }

  function customerView(row: QuoteRow, lines: LineRow[]): CustomerQuote {
    const { enquiryId: _e, supersedes: _s, acceptance, ...rest } = view(row, lines);
    return { ...rest, acceptedBy: acceptance?.name ?? null, message: refusal(row) };
  }

  async function viewByLink(id: string, token: string): Promise<CustomerQuote> {
    const row = await byLink(db, id, token);
    return customerView(row, await linesOf(db, id));
  }

  function officeMail(row: QuoteRow, subject: string, lines: string[]) {
    return {
      to: options.officeTo,
      subject,
      text: [
        ...lines,
        "",
        `Open the enquiry in the admin: ${options.siteUrl}/admin/dashboard/enquiries/${row.enquiryId}`,
      ].join("\n"),
    };
  }

  /**
   * The customer accepts by the link: who (the name they typed), when, from which address and
   * exactly which version; the enquiry becomes Won with the quote's total; the office is mailed.
   * Conflict, with the customer's message, for a quote already answered, replaced or expired.
   */
  async function accept(
    id: string,
    token: string,
    name: string,
    address: string | null,
  ): Promise<CustomerQuote> {
    await db.transaction(async (tx) => {
      const row = await byLink(tx, id, token, true);
      const refused = refusal(row);
      if (refused) {
        counts.refused++;
        throw new Conflict(refused);
      }
      const [accepted] = await tx
        .update(quotes)
        .set({
          state: "accepted",
          answeredAt: new Date(now()),
          acceptedName: name,
          acceptedAddress: address,
          acceptedVersion: row.version,
        })
        .where(eq(quotes.id, id))
        .returning();
      await queueQuoteWebhooks(tx, "quote.accepted", accepted);
      await event(tx, row.enquiryId, null, {
        action: "accepted",
        number: row.number,
        version: String(row.version),
        total: String(row.totalPence),
      });
      const [enquiry] = await tx
        .select({ stage: enquiries.stage })
        .from(enquiries)
        .where(eq(enquiries.id, row.enquiryId))
        .for("update");
      if (enquiry && enquiry.stage !== "won") {
        await writeStage(
          tx,
          row.enquiryId,
          { from: enquiry.stage, to: "won", valuePence: row.totalPence, via: `quote ${row.number}` },
          null,
        );
      }
      await tx.insert(mailOutbox).values({
        enquiryId: row.enquiryId,
        kind: "quote",
        message: officeMail(row, QUOTE_MESSAGES.acceptedSubject(row.number, row.version), [
          `Quote ${row.number}, version ${row.version}, was accepted online for ${formatPence(row.totalPence)}.`,
        ]),
      });
    });
    counts.accepted++;
    wake();
    changed();
    return viewByLink(id, token);
  }

  /** The customer declines by the link, with a reason if they give one; the office is mailed. */
  async function decline(id: string, token: string, reason: string | undefined): Promise<CustomerQuote> {
    await db.transaction(async (tx) => {
      const row = await byLink(tx, id, token, true);
      const refused = refusal(row);
      if (refused) {
        counts.refused++;
        throw new Conflict(refused);
      }
      const [declined] = await tx
        .update(quotes)
        .set({ state: "declined", answeredAt: new Date(now()), declineReason: reason || null })
        .where(eq(quotes.id, id))
        .returning();
      await queueQuoteWebhooks(tx, "quote.declined", declined);
      await event(tx, row.enquiryId, null, {
        action: "declined",
        number: row.number,
        version: String(row.version),
      });
      await tx.insert(mailOutbox).values({
        enquiryId: row.enquiryId,
        kind: "quote",
        message: officeMail(row, QUOTE_MESSAGES.declinedSubject(row.number, row.version), [
          `Quote ${row.number}, version ${row.version}, was declined online.`,
          ...(reason ? ["", "Their reason is on the quote in the admin."] : []),
        ]),
      });
    });
    counts.declined++;
    wake();
    return viewByLink(id, token);
  }

  // ----- The PDF -----

  /** The quote as a PDF for the desk (any version, a draft too). */
  async function pdf(id: string, by: PipelineActor): Promise<{ fileName: string; body: Buffer }> {
    const quote = await get(id, by);
    const body = await renderQuotePdf(quote);
    return { fileName: QUOTE_DOCUMENT_TEXTS.fileName(quote.number, quote.version), body };
  }

  /** The quote as a PDF by the customer's link (the page's refusal for any other link). */
  async function pdfByLink(id: string, token: string): Promise<{ fileName: string; body: Buffer }> {
    const quote = await viewByLink(id, token);
    const body = await renderQuotePdf(quote);
    return { fileName: QUOTE_DOCUMENT_TEXTS.fileName(quote.number, quote.version), body };
  }

  return {
    stats: () => ({ ...counts }),
    pdf,
    pdfByLink,
    services,
    addService,
    updateService,
    get,
    forEnquiry,
    create,
    revise,
    send,
    viewByLink,
    accept,
    decline,
  };
}

export type QuoteService = ReturnType<typeof createQuoteService>;
