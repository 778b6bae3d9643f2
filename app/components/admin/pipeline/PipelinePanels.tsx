import {
  type Discount,
  formatBasisPoints,
  formatPence,
  formatQuantity,
  MAX_QUOTE_LINES,
  penceAsTyped,
  QUOTE_UNIT_LABELS,
  QUOTE_UNITS,
  VAT_RATE_LABELS,
  VAT_RATES,
} from "@common/pipeline/money";
import { QUOTE_STATE_LABELS, type QuoteView, type ServiceView } from "@common/pipeline/quotes";
import { type LostReason, STAGE_LABELS, STAGE_MOVES, type Stage } from "@common/pipeline/stages";
import { FilePlus, MoveRight, Save, Send } from "lucide-react";
import { Form } from "react-router";
import { SubmitButton } from "~/components/admin/SubmitButton";
import { inputClass } from "~/components/enquiry/styles";
import { QUOTE_FORM_ROWS, PIPELINE_SCREEN_TEXTS as T } from "~/lib/pipeline/pipeline-texts";

/** 'Stage': where the enquiry stands and the moves a person may make from there (a plain form). */
export function StagePanel({ stage, reasons, busy }: { stage: Stage; reasons: LostReason[]; busy: boolean }) {
  const moves = STAGE_MOVES[stage];
  return (
    <section className="card" aria-labelledby="enquiry-stage">
      <h2 id="enquiry-stage" className="h-card">
        {T.stage}: {STAGE_LABELS[stage]}
      </h2>
      <Form method="post" className="mt-3 flex flex-col gap-3">
        <input type="hidden" name="intent" value="stage" />
        <label className="flex flex-col gap-1 font-semibold">
          {T.moveTo}
          <select name="stage" className={`${inputClass} h-11`} defaultValue={moves[0]}>
            {moves.map((to) => (
              <option key={to} value={to}>
                {STAGE_LABELS[to]}
              </option>
            ))}
          </select>
        </label>
        {moves.includes("lost") && (
          <>
            <label className="flex flex-col gap-1 font-semibold">
              {T.reason}
              <select name="reason" className={`${inputClass} h-11`} defaultValue="">
                <option value="">—</option>
                {reasons.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.label}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1 font-semibold">
              {T.note}
              <textarea name="note" rows={2} className={inputClass} />
            </label>
          </>
        )}
        {moves.includes("won") && (
          <label className="flex flex-col gap-1 font-semibold">
            {T.value}
            <input name="value" inputMode="decimal" className={inputClass} />
          </label>
        )}
        <SubmitButton busy={busy} icon={MoveRight}>
          {T.moveStage}
        </SubmitButton>
      </Form>
    </section>
  );
}

type QuoteLineView = QuoteView["lines"][number];

/** The form's rows by their fields' prefix (line-0 …). */
const rowNames = (n: number) => Array.from({ length: n }, (_, i) => `line-${i}`);

/** The quote form's rows for a quote: one per line and blank ones, at least the 'New quote' form's. */
const rowsFor = (lines: readonly QuoteLineView[]) =>
  Math.min(MAX_QUOTE_LINES, Math.max(QUOTE_FORM_ROWS, lines.length + 1));

/**
 * With JavaScript, choosing a service fills its row's description, unit, unit price and VAT at
 * once (still editable). Without it, the server fills what the row leaves blank from the service.
 */
function fillFromService(select: HTMLSelectElement, row: string, services: readonly ServiceView[]) {
  const service = services.find((s) => s.id === select.value);
  const form = select.form;
  if (!service || !form) return;
  const set = (name: string, value: string) => {
    const field = form.elements.namedItem(`${row}-${name}`);
    if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) field.value = value;
  };
  set("description", service.name);
  set("unit", service.unit);
  set("price", penceAsTyped(service.unitPricePence));
  set("vat", service.vatRate);
}

/**
 * One line of the quote form: a service from the price list (when it has any), then the line's
 * fields, filled with `line`'s when a quote is edited (its service kept, archived or not).
 */
function QuoteLine({
  row,
  n,
  services,
  line,
}: {
  row: string;
  n: number;
  services: readonly ServiceView[];
  line?: QuoteLineView;
}) {
  const offered = services.filter((s) => !s.archived || s.id === line?.serviceId);
  return (
    <fieldset className="grid grid-cols-1 gap-2 md:grid-cols-4">
      <legend className="text-sm font-semibold">{T.lineLabel(n)}</legend>
      {offered.length > 0 && (
        <label className="flex flex-col gap-1 text-sm md:col-span-2">
          {T.service}
          <select
            name={`${row}-service`}
            defaultValue={line?.serviceId ?? ""}
            onChange={(event) => fillFromService(event.currentTarget, row, offered)}
            className={`${inputClass} h-11`}
          >
            <option value="">{T.noService}</option>
            {offered.map((s) => (
              <option key={s.id} value={s.id}>
                {T.serviceOption(s.name, formatPence(s.unitPricePence), QUOTE_UNIT_LABELS[s.unit])}
              </option>
            ))}
          </select>
        </label>
      )}
      <label
        className={`flex flex-col gap-1 text-sm ${offered.length > 0 ? "md:col-span-2" : "md:col-span-4"}`}
      >
        {T.description}
        <input name={`${row}-description`} defaultValue={line?.description} className={inputClass} />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        {T.quantity}
        <input
          name={`${row}-quantity`}
          inputMode="decimal"
          defaultValue={line && formatQuantity(line.quantityThousandths)}
          className={inputClass}
        />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        {T.unit}
        <select name={`${row}-unit`} defaultValue={line?.unit ?? ""} className={`${inputClass} h-11`}>
          <option value="">{T.asService}</option>
          {QUOTE_UNITS.map((u) => (
            <option key={u} value={u}>
              {QUOTE_UNIT_LABELS[u]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm">
        {T.unitPrice}
        <input
          name={`${row}-price`}
          inputMode="decimal"
          defaultValue={line && penceAsTyped(line.unitPricePence)}
          className={inputClass}
        />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        {T.vat}
        <select name={`${row}-vat`} defaultValue={line?.vatRate ?? ""} className={`${inputClass} h-11`}>
          <option value="">{T.asService}</option>
          {VAT_RATES.map((r) => (
            <option key={r} value={r}>
              {VAT_RATE_LABELS[r]}
            </option>
          ))}
        </select>
      </label>
    </fieldset>
  );
}

/**
 * The quote form, HTML-first: 'New quote' (blank, `quote-create`) and, for a quote, the same form
 * filled with that version (`quote-save`: a draft is changed in place, a sent quote revised as
 * its next version, by the service).
 */
function QuoteForm({
  quote,
  services,
  busy,
}: {
  quote?: QuoteView;
  services: readonly ServiceView[];
  busy: boolean;
}) {
  const lines = quote?.lines ?? [];
  const discount = quote?.discount as Discount | undefined;
  return (
    <Form method="post" className="mt-3 flex flex-col gap-4">
      <input type="hidden" name="intent" value={quote ? "quote-save" : "quote-create"} />
      {quote && <input type="hidden" name="quoteId" value={quote.id} />}
      {rowNames(quote ? rowsFor(lines) : QUOTE_FORM_ROWS).map((row, i) => (
        <QuoteLine key={row} row={row} n={i + 1} services={services} line={lines[i]} />
      ))}
      <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
        {discount?.kind === "amount" ? (
          <label className="flex flex-col gap-1 font-semibold">
            {T.discountAmount}
            <input
              name="discountAmount"
              inputMode="decimal"
              defaultValue={penceAsTyped(discount.pence)}
              className={inputClass}
            />
          </label>
        ) : (
          <label className="flex flex-col gap-1 font-semibold">
            {T.discount}
            <input
              name="discount"
              inputMode="decimal"
              defaultValue={
                discount?.kind === "percent" && discount.basisPoints
                  ? formatBasisPoints(discount.basisPoints)
                  : undefined
              }
              className={inputClass}
            />
          </label>
        )}
        <label className="flex flex-col gap-1 font-semibold">
          {T.validUntil}
          <input name="validUntil" type="date" defaultValue={quote?.validUntil} className={inputClass} />
        </label>
      </div>
      <label className="flex flex-col gap-1 font-semibold">
        {T.terms}
        <textarea name="terms" rows={3} defaultValue={quote?.terms} className={inputClass} />
      </label>
      <SubmitButton busy={busy} icon={quote ? Save : FilePlus}>
        {quote ? T.saveQuote : T.createQuote}
      </SubmitButton>
    </Form>
  );
}

/** A quote's form is filled afresh once its saved content changes (the inputs are uncontrolled). */
const contentKey = (q: QuoteView) => JSON.stringify([q.id, q.lines, q.discount, q.validUntil, q.terms]);

/**
 * 'Quotes': every version with its state and total (a revised one 'Superseded', still readable
 * as its PDF), on a draft 'Send quote' and 'Edit quote', on a sent one 'Revise quote', and 'New
 * quote'.
 */
export function QuotesPanel({
  quotes,
  services,
  busy,
}: {
  quotes: QuoteView[];
  services: readonly ServiceView[];
  busy: boolean;
}) {
  return (
    <section className="card" aria-labelledby="enquiry-quotes">
      <h2 id="enquiry-quotes" className="h-card">
        {T.quotes}
      </h2>
      {quotes.length === 0 ? (
        <p className="mt-3 text-muted">{T.noQuotes}</p>
      ) : (
        <ul className="mt-3 flex flex-col gap-3">
          {quotes.map((q) => (
            <li key={q.id} className="flex flex-col gap-2">
              <div className="flex flex-wrap items-center gap-3">
                <span className="font-semibold">
                  {q.number} v{q.version}
                </span>
                <span>{QUOTE_STATE_LABELS[q.state]}</span>
                <span>{formatPence(q.totals.totalPence)}</span>
                <a href={`/api/admin/quotes/${q.id}/pdf`} className="underline">
                  {T.quotePdf(q.number, q.version)}
                </a>
                {q.state === "draft" && (
                  <Form method="post">
                    <input type="hidden" name="intent" value="quote-send" />
                    <input type="hidden" name="quoteId" value={q.id} />
                    <SubmitButton busy={busy} icon={Send}>
                      {T.sendQuote}
                    </SubmitButton>
                  </Form>
                )}
              </div>
              {(q.state === "draft" || q.state === "sent") && (
                <details key={contentKey(q)}>
                  <summary className="cursor-pointer font-semibold">
                    {q.state === "draft" ? T.editQuote : T.reviseQuote}
                  </summary>
                  {q.state === "sent" && <p className="mt-2 text-sm text-muted">{T.reviseHint}</p>}
                  <QuoteForm quote={q} services={services} busy={busy} />
                </details>
              )}
            </li>
          ))}
        </ul>
      )}
      <details className="mt-4">
        <summary className="cursor-pointer font-semibold">{T.newQuote}</summary>
        <QuoteForm services={services} busy={busy} />
      </details>
    </section>
  );
}
