import { randomUUID } from "node:crypto";
import { SPAM_MESSAGES } from "../../../common/admin-messages";
import { Invalid, InvalidFields, Unavailable } from "../../../common/errors";
import { enquiryReference } from "../../../common/leads/confirmation";
import type { EnquiryFields } from "../../../common/leads/enquiries";
import { ENQUIRY_MESSAGES } from "../../../common/leads/enquiry-messages";
import type { EnquirySubmission } from "../../../common/leads/enquiry-submission";
import { leadSourceInputSchema } from "../../../common/leads/lead-source";
import { fieldMessages } from "../../../common/zod";
import { isDatabaseUnreachable } from "../../db/unreachable";
import type { createEnquiryService, StoredWith } from "./enquiries";
import { INTAKE_SCHEMAS } from "./enquiry-schemas";
import { normaliseLeadSource } from "./lead-source";
import type { SpamService } from "./spam";

export interface Intake {
  /** The visitor's reference (a made-up one when a bot's invalid enquiry was discarded). */
  reference: string;
  /** False only when the honeypot was filled and the enquiry was invalid: nothing kept. */
  stored: boolean;
  /** Kept as Spam (the honeypot, the score): never mailed, and `within` was not run. */
  spam: boolean;
}

export interface IntakeOptions {
  /**
   * Runs in the enquiry's own transaction once it is written, for an enquiry that is not spam:
   * what comes with it (a booked review's time and booking); a throw stores neither.
   */
  within?: StoredWith;
}

/**
 * One way in for an enquiry, whichever door it came through (the REST API, a form's route action,
 * the quote wizard's last step): each door builds one submission (common/leads/enquiry-submission.ts)
 * and this checks it (the source, then every field: `InvalidFields`, each field's first message in
 * the schema's order, the first as its message), honours the honeypot, scores the spam (form
 * token, content, the client's rate) and stores the enquiry with its outbox row.
 */
/** Each kind's schema, as the intake calls it (zod mini's and zod's parse alike). */
type Parseable = {
  safeParse(input: unknown):
    | { success: true; data: EnquiryFields }
    | {
        success: false;
        error: {
          issues: ReadonlyArray<{
            message: string;
            path: ReadonlyArray<PropertyKey>;
          }>;
        };
      };
};

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
  async function take(submission: EnquirySubmission, options: IntakeOptions = {}): Promise<Intake> {
    try {
      return await receive(submission, options);
    } catch (error) {
      if (!isDatabaseUnreachable(error)) throw error;
      throw new Unavailable(ENQUIRY_MESSAGES.notSent, "database unreachable: enquiry not stored, 503", {
        cause: error,
      });
    }
  }

  async function receive(
    { kind, fields, token, trap, source, client, browser }: EnquirySubmission,
    { within }: IntakeOptions,
  ): Promise<Intake> {
    const parsed = (INTAKE_SCHEMAS[kind] as Parseable).safeParse(fields);
    const sent = leadSourceInputSchema.optional().safeParse(source ?? undefined);
    if (!sent.success) throw new Invalid(ENQUIRY_MESSAGES.invalidSource);
    const normalised = normaliseLeadSource(sent.data);
    if (trap !== undefined && trap !== null && trap !== "") {
      // Answered like a success so a bot learns nothing. Kept as spam (never mailed) so a
      // person whose browser filled the hidden field can still be found in the inbox.
      if (!parsed.success)
        return {
          reference: enquiryReference(randomUUID()),
          stored: false,
          spam: true,
        };
      const stored = await deps.enquiries.submit(kind, parsed.data, {
        spam: true,
        source: normalised,
        spamReasons: [SPAM_MESSAGES.honeypot],
      });
      return { reference: stored.reference, stored: true, spam: true };
    }
    if (!parsed.success) throw new InvalidFields(fieldMessages(parsed), ENQUIRY_MESSAGES.invalidBody);
    // Scored spam is kept as Spam with its reasons (never mailed); the sender sees the same answer.
    const verdict = await deps.spam.check(kind, parsed.data, token, client, Date.now(), { browser });
    const { reference } = await deps.enquiries.submit(kind, parsed.data, {
      source: normalised,
      spam: verdict.spam,
      spamReasons: verdict.reasons,
      tokenId: verdict.tokenId,
      // Spam is kept for staff to see and takes nothing with it (a spam booking takes no time).
      within: verdict.spam ? undefined : within,
    });
    return { reference, stored: true, spam: verdict.spam };
  }

  return { take };
}

export type EnquiryIntake = ReturnType<typeof createEnquiryIntake>;
