import {
  formatPence,
  penceAsTyped,
  QUOTE_UNIT_LABELS,
  QUOTE_UNITS,
  VAT_RATE_LABELS,
  VAT_RATES,
} from "@common/pipeline/money";
import { QUOTE_STATE_LABELS, type QuoteView, type ServiceView } from "@common/pipeline/quotes";
import { type LostReason, STAGE_LABELS, STAGE_MOVES, type Stage } from "@common/pipeline/stages";
import { FilePlus, MoveRight, Send } from "lucide-react";
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

/** The 'New quote' form's rows, by their fields' prefix (line-0 …). */
const LINE_ROWS = Array.from({ length: QUOTE_FORM_ROWS }, (_, i) => `line-${i}`);

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

/** One line of 'New quote': a service from the price list (when it has any), then the line's fields. */
function QuoteLine({ row, n, services }: { row: string; n: number; services: readonly ServiceView[] }) {
  return (
    <fieldset className="grid grid-cols-1 gap-2 md:grid-cols-4">
      <legend className="text-sm font-semibold">{T.lineLabel(n)}</legend>
      {services.length > 0 && (
        <label className="flex flex-col gap-1 text-sm md:col-span-2">
          {T.service}
          <select
            name={`${row}-service`}
            defaultValue=""
            onChange={(event) => fillFromService(event.currentTarget, row, services)}
            className={`${inputClass} h-11`}
          >
            <option value="">{T.noService}</option>
            {services.map((s) => (
              <option key={s.id} value={s.id}>
                {T.serviceOption(s.name, formatPence(s.unitPricePence), QUOTE_UNIT_LABELS[s.unit])}
              </option>
            ))}
          </select>
        </label>
      )}
      <label
        className={`flex flex-col gap-1 text-sm ${services.length > 0 ? "md:col-span-2" : "md:col-span-4"}`}
      >
        {T.description}
        <input name={`${row}-description`} className={inputClass} />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        {T.quantity}
        <input name={`${row}-quantity`} inputMode="decimal" className={inputClass} />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        {T.unit}
        <select name={`${row}-unit`} defaultValue="" className={`${inputClass} h-11`}>
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
        <input name={`${row}-price`} inputMode="decimal" className={inputClass} />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        {T.vat}
        <select name={`${row}-vat`} defaultValue="" className={`${inputClass} h-11`}>
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

/** 'Quotes': every version with its state and total, 'Send quote' on a draft, and 'New quote'. */
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
            <li key={q.id} className="flex flex-wrap items-center gap-3">
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
            </li>
          ))}
        </ul>
      )}
      <details className="mt-4">
        <summary className="cursor-pointer font-semibold">{T.newQuote}</summary>
        <Form method="post" className="mt-3 flex flex-col gap-4">
          <input type="hidden" name="intent" value="quote-create" />
          {LINE_ROWS.map((row, i) => (
            <QuoteLine key={row} row={row} n={i + 1} services={services} />
          ))}
          <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
            <label className="flex flex-col gap-1 font-semibold">
              {T.discount}
              <input name="discount" inputMode="decimal" className={inputClass} />
            </label>
            <label className="flex flex-col gap-1 font-semibold">
              {T.validUntil}
              <input name="validUntil" type="date" className={inputClass} />
            </label>
          </div>
          <label className="flex flex-col gap-1 font-semibold">
            {T.terms}
            <textarea name="terms" rows={3} className={inputClass} />
          </label>
          <SubmitButton busy={busy} icon={FilePlus}>
            {T.createQuote}
          </SubmitButton>
        </Form>
      </details>
    </section>
  );
}
