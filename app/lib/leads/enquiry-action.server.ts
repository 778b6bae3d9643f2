import { domainFailure } from "@common/errors";
import { ENQUIRY_RETRY } from "@common/leads/enquiries";
import { ENQUIRY_MESSAGES } from "@common/leads/enquiry-messages";
import { submissionFromForm } from "@common/leads/enquiry-submission";
import type { FormKind } from "@common/leads/enquiry-terms";
import { encodeLeadSource, type LeadSourceParts } from "@common/leads/lead-source-field";
import { type AppLoadContext, data, redirect } from "react-router";
import { type EnquiryFormAnswer, SENT_PARAM } from "./enquiry-api";

const TOKEN_LIKE = /^[\w.-]{1,120}$/;

/**
 * The contact and tankering forms without JavaScript (and sent before the page's scripts were
 * ready): the same submission and intake as the REST API (server/services/leads/enquiry-intake.ts),
 * through the site's form door (no token is Spam). Sent: 303 to the page with the reference alone
 * (never a detail in a URL), whose form shows the success notice. Refused: 400 with what was typed
 * and each field's message (the intake's InvalidFields). Database away: 503 with Retry-After, what was typed kept, "not sent". Over the hourly
 * allowance for the form (server/pages/enquiry-allowance.ts): the same page, 429 with Retry-After.
 * The lead's source is the page's own field (what the server knew when it served the page:
 * common/leads/lead-source-field.ts), kept for the next try when refused.
 */
export async function enquiryAction(
  kind: Exclude<FormKind, "quote">,
  request: Request,
  context: AppLoadContext,
  anchor: string,
) {
  // The submission (common/leads/enquiry-submission.ts): the form's fields, its honeypot, token
  // and source, as the intake takes them from every door.
  const submission = submissionFromForm(kind, await request.formData(), {
    client: context.clientKey,
    browser: context.sentByBrowser,
  });
  const values = submission.fields as Record<string, string>;
  const sentToken = typeof submission.token === "string" ? submission.token : "";
  const token = TOKEN_LIKE.test(sentToken) ? sentToken : "";
  const source = submission.source as LeadSourceParts | undefined;
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

  // The intake checks every field (a filled trap first, as for the API: a bot learns nothing).
  try {
    const { reference } = await context.services.intake.take(submission);
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
    // Each field's message beside it, in the form's order (the schema's); a source that is not
    // one (never the page's own field) as the form's message.
    if (failure?.kind === "Invalid")
      return refuse(failure.fieldErrors ? { fieldErrors: failure.fieldErrors } : { error: failure.message }, {
        status: 400,
      });
    throw error;
  }
}
