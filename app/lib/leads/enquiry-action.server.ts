import { domainFailure } from "@common/errors";
import { ENQUIRY_RETRY, ENQUIRY_SCHEMAS, HONEYPOT_FIELD } from "@common/leads/enquiries";
import { ENQUIRY_MESSAGES } from "@common/leads/enquiry-messages";
import type { EnquiryKind } from "@common/leads/enquiry-terms";
import { decodeLeadSource, encodeLeadSource, LEAD_SOURCE_FIELD } from "@common/leads/lead-source-field";
import { FORM_TOKEN_FIELD } from "@common/leads/spam-fields";
import { type AppLoadContext, data, redirect } from "react-router";
import { type EnquiryFormAnswer, SENT_PARAM } from "./enquiry-api";

/** The fields each form posts, in its order (the schema's). */
const FIELDS: Record<Exclude<EnquiryKind, "quote">, string[]> = {
  contact: Object.keys(ENQUIRY_SCHEMAS.contact.shape),
  tankering: Object.keys(ENQUIRY_SCHEMAS.tankering.shape),
};

const TOKEN_LIKE = /^[\w.-]{1,120}$/;

/**
 * The contact and tankering forms without JavaScript (and sent before the page's scripts were
 * ready): the same intake as the REST API (server/services/leads/enquiry-intake.ts), through the site's
 * form door (no token is Spam). Sent: 303 to the page with the reference alone (never a detail in
 * a URL), whose form shows the success notice. Refused: 400 with what was typed and each field's
 * message. Database away: 503 with Retry-After, what was typed kept, "not sent". Over the hourly
 * allowance for the form (server/pages/enquiry-allowance.ts): the same page, 429 with Retry-After.
 * The lead's source is the page's own field (what the server knew when it served the page:
 * common/leads/lead-source-field.ts), kept for the next try when refused.
 */
export async function enquiryAction(
  kind: Exclude<EnquiryKind, "quote">,
  request: Request,
  context: AppLoadContext,
  anchor: string,
) {
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const values = Object.fromEntries(FIELDS[kind].map((name) => [name, text(name)]));
  const sentToken = text(FORM_TOKEN_FIELD);
  const token = TOKEN_LIKE.test(sentToken) ? sentToken : "";
  const trap = text(HONEYPOT_FIELD);
  const source = decodeLeadSource(text(LEAD_SOURCE_FIELD));
  const refuse = (answer: Partial<EnquiryFormAnswer>, init: ResponseInit) =>
    data<EnquiryFormAnswer>(
      { values, fieldErrors: {}, token, source: source ? encodeLeadSource(source) : "", ...answer },
      init,
    );

  // Every post counts, as the API's do; a limited one is told on the form's page, not as JSON.
  const wait = await context.enquiryAllowance?.(kind);
  if (wait !== undefined)
    return refuse(
      { notSent: ENQUIRY_MESSAGES.limited(wait) },
      { status: 429, headers: { "Retry-After": String(wait) } },
    );

  // A filled trap goes straight to the intake, as the API does: a bot learns nothing from a refusal.
  const parsed = ENQUIRY_SCHEMAS[kind].safeParse(values);
  if (!parsed.success && !trap) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "");
      if (field && !(field in fieldErrors)) fieldErrors[field] = issue.message;
    }
    return refuse({ fieldErrors }, { status: 400 });
  }
  try {
    const { reference } = await context.services.intake.take(
      kind,
      { ...values, [HONEYPOT_FIELD]: trap, [FORM_TOKEN_FIELD]: sentToken || undefined, source },
      context.clientKey,
      { browser: context.sentByBrowser },
    );
    const page = new URL(request.url).pathname;
    return redirect(`${page}?${SENT_PARAM}=${encodeURIComponent(reference)}#${anchor}`, 303);
  } catch (error) {
    const failure = domainFailure(error);
    if (failure?.kind === "Unavailable") {
      context.log?.error({ err: failure.cause }, failure.logLine);
      return refuse(
        { notSent: failure.message },
        { status: 503, headers: { "Retry-After": String(ENQUIRY_RETRY.afterSeconds) } },
      );
    }
    if (failure?.kind === "Invalid") return refuse({ error: failure.message }, { status: 400 });
    throw error;
  }
}
