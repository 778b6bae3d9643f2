import { ENQUIRY_RETRY, ENQUIRY_SCHEMAS, HONEYPOT_FIELD } from "@common/enquiries";
import { ENQUIRY_MESSAGES } from "@common/enquiry-messages";
import type { EnquiryKind } from "@common/enquiry-terms";
import { FORM_TOKEN_FIELD } from "@common/spam-fields";
import { type AppLoadContext, data, redirect } from "react-router";
import { clientKey } from "../../server/client-address";
import { Invalid, Unavailable } from "../../server/services/errors";
import { sentByBrowser } from "../../server/services/leads/spam";
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
  const refuse = (answer: Partial<EnquiryFormAnswer>, init: ResponseInit) =>
    data<EnquiryFormAnswer>({ values, fieldErrors: {}, token, ...answer }, init);

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
      { ...values, [HONEYPOT_FIELD]: trap, [FORM_TOKEN_FIELD]: sentToken || undefined },
      clientKey(context.ip ?? ""),
      { browser: sentByBrowser((name) => request.headers.get(name)) },
    );
    const page = new URL(request.url).pathname;
    return redirect(`${page}?${SENT_PARAM}=${encodeURIComponent(reference)}#${anchor}`, 303);
  } catch (error) {
    if (error instanceof Unavailable) {
      context.log?.error({ err: error.cause }, error.logLine);
      return refuse(
        { notSent: error.message },
        { status: 503, headers: { "Retry-After": String(ENQUIRY_RETRY.afterSeconds) } },
      );
    }
    if (error instanceof Invalid) return refuse({ error: error.message }, { status: 400 });
    throw error;
  }
}
