import { parsePounds } from "@common/pipeline/money";
import { QUOTE_TERMS_KEY, quoteTermsDocumentSchema } from "@common/pipeline/quote-terms";
import { QUOTE_MESSAGES, serviceInputSchema } from "@common/pipeline/quotes";
import { lostReasonInputSchema } from "@common/pipeline/stages";
import { can } from "@common/staff/roles";
import type { AppLoadContext } from "react-router";
import { done, invalidInput } from "~/lib/domain-errors.server";
import { PIPELINE_SETTINGS_TEXTS as T } from "./pipeline-texts";

/** The colleague as the pipeline's services take them. */
type Colleague = { id: string; email: string; role: "owner" | "desk" | "editor" };

/** What 'Price list and reasons' shows: every service and reason (archived too), the published terms. */
export async function pipelineSettingsOf(context: AppLoadContext, admin: Colleague) {
  const [services, reasons, terms] = await Promise.all([
    context.services.quotes.services(admin, true),
    context.services.stages.reasons(true),
    context.services.siteContent.published(QUOTE_TERMS_KEY),
  ]);
  return {
    services,
    // The system's 'Closed (no reason given)' names old enquiries' reason: it is not the Owner's to change.
    reasons: reasons.filter((r) => r.id !== "closed"),
    terms: terms.terms,
    canEdit: can(admin.role, "pipeline-settings"),
  };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};

/** A service's form (name, unit, unit price in pounds, VAT, archived) as the API's input. */
function serviceFromForm(form: FormData) {
  const price = parsePounds(text(form, "price"));
  if (price === undefined) return { issues: [{ message: QUOTE_MESSAGES.unitPrice, path: ["price"] }] };
  const parsed = serviceInputSchema.safeParse({
    name: text(form, "name"),
    unit: text(form, "unit"),
    unitPricePence: price,
    vatRate: text(form, "vat") || "standard",
    archived: form.get("archived") === "on",
  });
  return parsed.success ? { input: parsed.data } : { issues: parsed.error.issues };
}

/**
 * The screen's intents, the Owner's alone ("pipeline-settings", asked by each service too):
 * 'Add service', 'Save service', 'Add reason', 'Archive …'/'Restore …' and 'Publish terms'.
 */
export async function pipelineSettingsAction(form: FormData, context: AppLoadContext, admin: Colleague) {
  const intent = text(form, "intent");
  const { quotes, stages, siteContent } = context.services;
  if (intent === "service-add" || intent === "service-save") {
    const { input, issues } = serviceFromForm(form);
    if (!input) return invalidInput(issues);
    if (intent === "service-add") {
      const added = await quotes.addService(input, admin);
      return done({ message: T.serviceAdded(added.name) });
    }
    const saved = await quotes.updateService(text(form, "id"), input, admin);
    return done({ message: T.serviceSaved(saved.name) });
  }
  if (intent === "reason-add") {
    const parsed = lostReasonInputSchema.safeParse({ label: text(form, "label") });
    if (!parsed.success) return invalidInput(parsed.error.issues);
    const added = await stages.addReason(parsed.data.label, admin);
    return done({ message: T.reasonAdded(added.label) });
  }
  if (intent === "reason-archive" || intent === "reason-restore") {
    const archived = intent === "reason-archive";
    const reason = await stages.setArchived(text(form, "id"), archived, admin);
    return done({ message: archived ? T.archivedReason(reason.label) : T.restoredReason(reason.label) });
  }
  if (intent === "terms-publish") {
    const parsed = quoteTermsDocumentSchema.safeParse({ terms: text(form, "terms") });
    if (!parsed.success) return invalidInput(parsed.error.issues);
    await siteContent.publish(QUOTE_TERMS_KEY, admin, { data: parsed.data });
    return done({ message: T.termsPublished });
  }
  return invalidInput([{ message: T.unknownIntent, path: ["intent"] }]);
}
