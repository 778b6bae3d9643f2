import { NotFound } from "@common/errors";
import { parsePercent, parsePounds, parseQuantity, QUOTE_UNITS, VAT_RATES } from "@common/pipeline/money";
import { QUOTE_MESSAGES, quoteInputSchema } from "@common/pipeline/quotes";
import { STAGE_MESSAGES, stageMoveSchema } from "@common/pipeline/stages";
import type { AppLoadContext } from "react-router";
import { done, invalidInput } from "~/lib/domain-errors.server";
import { PIPELINE_SCREEN_TEXTS, QUOTE_FORM_ROWS } from "./pipeline-texts";

/** The colleague as the pipeline's services take them. */
type Colleague = { id: string; email: string; role: "owner" | "desk" | "editor" };

/** What the enquiry's screen shows of the pipeline: its quotes and the reasons offered. */
export async function pipelineOf(context: AppLoadContext, admin: Colleague, enquiryId: string) {
  const [quotes, reasons] = await Promise.all([
    context.services.quotes.forEnquiry(enquiryId, admin),
    context.services.stages.reasons(),
  ]);
  return { quotes, reasons };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};

/** The 'New quote' form's rows as the API's input: amounts typed in pounds and units, read without floats. */
export function quoteFromForm(form: FormData) {
  const lines: unknown[] = [];
  const issues: Array<{ message: string; path: PropertyKey[] }> = [];
  for (let i = 0; i < QUOTE_FORM_ROWS; i++) {
    const field = (name: string) => text(form, `line-${i}-${name}`);
    if (!field("description") && !field("quantity") && !field("price")) continue;
    const quantity = parseQuantity(field("quantity"));
    const price = parsePounds(field("price"));
    if (quantity === undefined)
      issues.push({ message: QUOTE_MESSAGES.quantity, path: [`line-${i}-quantity`] });
    if (price === undefined) issues.push({ message: QUOTE_MESSAGES.unitPrice, path: [`line-${i}-price`] });
    lines.push({
      description: field("description"),
      quantityThousandths: quantity ?? -1,
      unit: QUOTE_UNITS.find((u) => u === field("unit")) ?? field("unit"),
      unitPricePence: price ?? -1,
      vatRate: VAT_RATES.find((r) => r === field("vat")) ?? "standard",
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
    const { parsed, issues } = quoteFromForm(form);
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
