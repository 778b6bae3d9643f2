import { randomUUID } from "node:crypto";
import { SPAM_MESSAGES } from "../../../common/admin-messages";
import { Invalid, InvalidFields, Unavailable } from "../../../common/errors";
import { enquiryReference } from "../../../common/leads/confirmation";
import { ENQUIRY_SCHEMAS } from "../../../common/leads/enquiries";
import { ENQUIRY_MESSAGES } from "../../../common/leads/enquiry-messages";
import type { EnquirySubmission } from "../../../common/leads/enquiry-submission";
import { leadSourceInputSchema } from "../../../common/leads/lead-source";
import { fieldMessages } from "../../../common/zod";
import { isDatabaseUnreachable } from "../../db/unreachable";
import type { createEnquiryService } from "./enquiries";
import { normaliseLeadSource } from "./lead-source";
import type { SpamService } from "./spam";

export interface Intake {
  /** The visitor's reference (a made-up one when a bot's invalid enquiry was discarded). */
  reference: string;
  /** False only when the honeypot was filled and the enquiry was invalid: nothing kept. */
  stored: boolean;
}

/**
 * One way in for an enquiry, whichever door it came through (the REST API, a form's route action,
 * the quote wizard's last step): each door builds one submission (common/leads/enquiry-submission.ts)
 * and this checks it (the source, then every field: `InvalidFields`, each field's first message in
 * the schema's order, the first as its message), honours the honeypot, scores the spam (form
 * token, content, the client's rate) and stores the enquiry with its outbox row.
 */
export function createEnquiryIntake(deps: {
  enquiries: ReturnType<typeof createEnquiryService>;
  spam: SpamService;
}) {
  /**
   * Every door is scored alike: an enquiry without a form token is Spam, whichever way it came
   * (the REST API or the site's form); `submission.browser`: the request carried a browser's
   * headers (see spam.ts). Throws `InvalidFields` for wrong fields, `Invalid` for a source that
   * is not one, and Unavailable when the database cannot be reached: nothing was stored, the
   * sender is asked to try again.
   */
  async function take(submission: EnquirySubmission): Promise<Intake> {
    try {
      return await receive(submission);
    } catch (error) {
      if (!isDatabaseUnreachable(error)) throw error;
      throw new Unavailable(ENQUIRY_MESSAGES.notSent, "database unreachable: enquiry not stored, 503", {
        cause: error,
      });
    }
  }

  async function receive({
    kind,
    fields,
    token,
    trap,
    source,
    client,
    browser,
  }: EnquirySubmission): Promise<Intake> {
    const parsed = ENQUIRY_SCHEMAS[kind].safeParse(fields);
    const sent = leadSourceInputSchema.optional().safeParse(source ?? undefined);
    if (!sent.success) throw new Invalid(ENQUIRY_MESSAGES.invalidSource);
    const normalised = normaliseLeadSource(sent.data);
    if (trap !== undefined && trap !== null && trap !== "") {
      // Answered like a success so a bot learns nothing. Kept as spam (never mailed) so a
      // person whose browser filled the hidden field can still be found in the inbox.
      if (!parsed.success) return { reference: enquiryReference(randomUUID()), stored: false };
      const stored = await deps.enquiries.submit(kind, parsed.data, {
        spam: true,
        source: normalised,
        spamReasons: [SPAM_MESSAGES.honeypot],
      });
      return { reference: stored.reference, stored: true };
    }
    if (!parsed.success) throw new InvalidFields(fieldMessages(parsed), ENQUIRY_MESSAGES.invalidBody);
    // Scored spam is kept as Spam with its reasons (never mailed); the sender sees the same answer.
    const verdict = await deps.spam.check(kind, parsed.data, token, client, Date.now(), { browser });
    const { reference } = await deps.enquiries.submit(kind, parsed.data, {
      source: normalised,
      spam: verdict.spam,
      spamReasons: verdict.reasons,
      tokenId: verdict.tokenId,
    });
    return { reference, stored: true };
  }

  return { take };
}

export type EnquiryIntake = ReturnType<typeof createEnquiryIntake>;
