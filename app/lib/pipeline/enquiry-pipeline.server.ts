import { NotFound } from "@common/errors";
import {
  MAX_QUOTE_LINES,
  parsePercent,
  parsePounds,
  parseQuantity,
  QUOTE_UNITS,
  VAT_RATES,
} from "@common/pipeline/money";
import { QUOTE_MESSAGES, quoteInputSchema, type ServiceView } from "@common/pipeline/quotes";
import { STAGE_MESSAGES, stageMoveSchema } from "@common/pipeline/stages";
import type { AppLoadContext } from "react-router";
import { done, invalidInput } from "~/lib/domain-errors.server";
import { PIPELINE_SCREEN_TEXTS } from "./pipeline-texts";

/** The colleague as the pipeline's services take them. */
type Colleague = { id: string; email: string; role: "owner" | "desk" | "editor" };

/**
 * What the enquiry's screen shows of the pipeline: its quotes, the reasons offered and the price
 * list's services, archived ones too (marked): the quote form's lines offer those not archived,
 * and a line being edited keeps the service it already has.
 */
export async function pipelineOf(context: AppLoadContext, admin: Colleague, enquiryId: string) {
  const [quotes, reasons, services] = await Promise.all([
    context.services.quotes.forEnquiry(enquiryId, admin),
    context.services.stages.reasons(),
    context.services.quotes.services(admin, true),
  ]);
  return { quotes, reasons, services };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};

/**
 * The quote form's rows ('New quote', 'Edit quote', 'Revise quote') as the API's input: amounts
 * typed in pounds and units, read without floats. Rows are read up to the most lines a quote has
 * (an edited quote's form has a row per line and blank ones); blank rows are left out. A row may take a service of the price list (`line-N-service`, one of `services`, those
 * offered): its description, unit price, unit and VAT fill whatever the row left as the form
 * offers it (blank, or the selects' '—'), so a page without JavaScript gets the service's line
 * from the choice alone; what staff typed or chose stands. Without a service, the unit is
 * required and '—' VAT is the API's default, 20%.
 */
export function quoteFromForm(form: FormData, services: readonly ServiceView[]) {
  const lines: unknown[] = [];
  const issues: Array<{ message: string; path: PropertyKey[] }> = [];
  for (let i = 0; i < MAX_QUOTE_LINES; i++) {
    const field = (name: string) => text(form, `line-${i}-${name}`);
    const serviceId = field("service");
    if (!serviceId && !field("description") && !field("quantity") && !field("price")) continue;
    const service = serviceId ? services.find((s) => s.id === serviceId) : undefined;
    if (serviceId && !service)
      issues.push({ message: QUOTE_MESSAGES.unknownService, path: [`line-${i}-service`] });
    const quantity = parseQuantity(field("quantity"));
    const typedPrice = field("price");
    const price = typedPrice ? parsePounds(typedPrice) : service?.unitPricePence;
    if (quantity === undefined)
      issues.push({ message: QUOTE_MESSAGES.quantity, path: [`line-${i}-quantity`] });
    if (price === undefined) issues.push({ message: QUOTE_MESSAGES.unitPrice, path: [`line-${i}-price`] });
    const unit = field("unit") || service?.unit || "";
    lines.push({
      ...(service && { serviceId: service.id }),
      description: field("description") || service?.name || "",
      quantityThousandths: quantity ?? -1,
      unit: QUOTE_UNITS.find((u) => u === unit) ?? unit,
      unitPricePence: price ?? -1,
      vatRate: VAT_RATES.find((r) => r === field("vat")) ?? service?.vatRate ?? "standard",
    });
  }
  // A percentage, or (offered only when editing a quote that has one) an amount in pounds.
  const percent = text(form, "discount");
  const amount = text(form, "discountAmount");
  const basisPoints = percent ? parsePercent(percent) : 0;
  const pence = amount ? parsePounds(amount) : 0;
  if (basisPoints === undefined || pence === undefined || (basisPoints && pence))
    issues.push({ message: QUOTE_MESSAGES.discount, path: [amount ? "discountAmount" : "discount"] });
  const parsed = quoteInputSchema.safeParse({
    lines,
    discount: basisPoints
      ? { kind: "percent", basisPoints }
      : pence
        ? { kind: "amount", pence }
        : { kind: "none" },
    validUntil: text(form, "validUntil") || undefined,
    terms: text(form, "terms") || undefined,
  });
  return { parsed, issues };
}

/** A quote of this enquiry (its screen changes and sends no other enquiry's quote); NotFound else. */
async function ownQuote(context: AppLoadContext, admin: Colleague, enquiryId: string, quoteId: string) {
  const quote = await context.services.quotes.get(quoteId, admin);
  if (quote.enquiryId !== enquiryId) throw new NotFound(QUOTE_MESSAGES.notFound);
  return quote;
}

/**
 * The screen's pipeline intents: 'Move stage', 'Create quote', 'Save quote' (a draft changed in
 * place, any other quote revised as its next version, by the service's `revise`, as
 * `PUT /api/admin/quotes/:id`), 'Send quote'; undefined for any other intent (the enquiry
 * screen's own). The services refuse what the API refuses.
 */
export async function pipelineAction(
  intent: unknown,
  form: FormData,
  context: AppLoadContext,
  admin: Colleague,
  enquiryId: string,
) {
  const T = PIPELINE_SCREEN_TEXTS;
  if (intent === "stage") {
    const value = text(form, "value");
    const pence = value ? parsePounds(value) : undefined;
    if (value && pence === undefined)
      return invalidInput([{ message: STAGE_MESSAGES.invalidValue, path: ["value"] }]);
    const stage = text(form, "stage");
    const parsed = stageMoveSchema.safeParse({
      stage,
      reason: stage === "lost" ? text(form, "reason") || undefined : undefined,
      note: stage === "lost" ? text(form, "note") || undefined : undefined,
      valuePence: stage === "won" ? pence : undefined,
    });
    if (!parsed.success) return invalidInput(parsed.error.issues);
    await context.services.stages.move(enquiryId, parsed.data, admin);
    return done({ message: T.stageMoved });
  }
  if (intent === "quote-create") {
    const { parsed, issues } = quoteFromForm(form, await context.services.quotes.services(admin));
    if (issues.length) return invalidInput(issues);
    if (!parsed.success) return invalidInput(parsed.error.issues);
    const quote = await context.services.quotes.create(enquiryId, parsed.data, admin);
    return done({ message: T.quoteCreated(quote.number) });
  }
  if (intent === "quote-save") {
    const mine = await ownQuote(context, admin, enquiryId, text(form, "quoteId"));
    // The services offered, and an archived one a line of this quote already has (it keeps it).
    const kept = new Set(mine.lines.map((l) => l.serviceId));
    const services = (await context.services.quotes.services(admin, true)).filter(
      (s) => !s.archived || kept.has(s.id),
    );
    const { parsed, issues } = quoteFromForm(form, services);
    if (issues.length) return invalidInput(issues);
    if (!parsed.success) return invalidInput(parsed.error.issues);
    const quote = await context.services.quotes.revise(mine.id, parsed.data, admin);
    return done({
      message:
        quote.id === mine.id ? T.quoteSaved(quote.number) : T.quoteRevised(quote.number, quote.version),
    });
  }
  if (intent === "quote-send") {
    const mine = await ownQuote(context, admin, enquiryId, text(form, "quoteId"));
    const quote = await context.services.quotes.send(mine.id, admin);
    return done({ message: T.quoteSent(quote.number) });
  }
  return undefined;
}
