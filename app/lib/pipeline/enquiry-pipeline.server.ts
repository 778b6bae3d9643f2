import { NotFound } from "@common/errors";
import { parsePercent, parsePounds, parseQuantity, QUOTE_UNITS, VAT_RATES } from "@common/pipeline/money";
import { QUOTE_MESSAGES, quoteInputSchema, type ServiceView } from "@common/pipeline/quotes";
import { STAGE_MESSAGES, stageMoveSchema } from "@common/pipeline/stages";
import type { AppLoadContext } from "react-router";
import { done, invalidInput } from "~/lib/domain-errors.server";
import { PIPELINE_SCREEN_TEXTS, QUOTE_FORM_ROWS } from "./pipeline-texts";

/** The colleague as the pipeline's services take them. */
type Colleague = { id: string; email: string; role: "owner" | "desk" | "editor" };

/**
 * What the enquiry's screen shows of the pipeline: its quotes, the reasons offered and the price
 * list's services offered (not archived) for the 'New quote' form's lines.
 */
export async function pipelineOf(context: AppLoadContext, admin: Colleague, enquiryId: string) {
  const [quotes, reasons, services] = await Promise.all([
    context.services.quotes.forEnquiry(enquiryId, admin),
    context.services.stages.reasons(),
    context.services.quotes.services(admin),
  ]);
  return { quotes, reasons, services };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};

/**
 * The 'New quote' form's rows as the API's input: amounts typed in pounds and units, read without
 * floats. A row may take a service of the price list (`line-N-service`, one of `services`, those
 * offered): its description, unit price, unit and VAT fill whatever the row left as the form
 * offers it (blank, or the selects' '—'), so a page without JavaScript gets the service's line
 * from the choice alone; what staff typed or chose stands. Without a service, the unit is
 * required and '—' VAT is the API's default, 20%.
 */
export function quoteFromForm(form: FormData, services: readonly ServiceView[]) {
  const lines: unknown[] = [];
  const issues: Array<{ message: string; path: PropertyKey[] }> = [];
  for (let i = 0; i < QUOTE_FORM_ROWS; i++) {
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
  const percent = text(form, "discount");
  const basisPoints = percent ? parsePercent(percent) : 0;
  if (basisPoints === undefined) issues.push({ message: QUOTE_MESSAGES.discount, path: ["discount"] });
  const parsed = quoteInputSchema.safeParse({
    lines,
    discount: basisPoints ? { kind: "percent", basisPoints } : { kind: "none" },
    validUntil: text(form, "validUntil") || undefined,
    terms: text(form, "terms") || undefined,
  });
  return { parsed, issues };
}

/**
 * The screen's pipeline intents: 'Move stage', 'Create quote', 'Send quote'; undefined for any
 * other intent (the enquiry screen's own). The services refuse what the API refuses.
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
  if (intent === "quote-send") {
    // Only a quote of this enquiry is sent from its screen.
    const mine = await context.services.quotes.get(text(form, "quoteId"), admin);
    if (mine.enquiryId !== enquiryId) throw new NotFound(QUOTE_MESSAGES.notFound);
    const quote = await context.services.quotes.send(mine.id, admin);
    return done({ message: T.quoteSent(quote.number) });
  }
  return undefined;
}
