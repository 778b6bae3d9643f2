import { randomUUID } from "node:crypto";
import { SPAM_MESSAGES } from "../../../common/admin-messages";
import { Invalid, Unavailable } from "../../../common/errors";
import { enquiryReference } from "../../../common/leads/confirmation";
import { ENQUIRY_SCHEMAS, HONEYPOT_FIELD } from "../../../common/leads/enquiries";
import { ENQUIRY_MESSAGES } from "../../../common/leads/enquiry-messages";
import type { EnquiryKind } from "../../../common/leads/enquiry-terms";
import { leadSourceInputSchema } from "../../../common/leads/lead-source";
import { FORM_TOKEN_FIELD } from "../../../common/leads/spam";
import { firstIssue } from "../../../common/zod";
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

/** How the request came: whether it carried a browser's Origin or Sec-Fetch headers (see spam.ts). */
type Sender = { browser?: boolean };

/**
 * One way in for an enquiry, whichever door it came through (the REST API, a form's route action):
 * the honeypot, the fields (the form's message for the first wrong one, as `Invalid`), the spam
 * score (form token, content, the client's rate), then stored with its outbox row.
 */
export function createEnquiryIntake(deps: {
  enquiries: ReturnType<typeof createEnquiryService>;
  spam: SpamService;
}) {
  /**
   * Every door is scored alike: an enquiry without a form token is Spam, whichever way it came
   * (the REST API or the site's form). `sender.browser`: the request carried a browser's headers
   * (see spam.ts). Throws Unavailable when the database cannot be reached: nothing was stored, the
   * sender is asked to try again.
   */
  async function take(
    kind: EnquiryKind,
    body: Record<string, unknown>,
    client: string,
    sender: Sender = {},
  ): Promise<Intake> {
    try {
      return await receive(kind, body, client, sender);
    } catch (error) {
      if (!isDatabaseUnreachable(error)) throw error;
      throw new Unavailable(ENQUIRY_MESSAGES.notSent, "database unreachable: enquiry not stored, 503", {
        cause: error,
      });
    }
  }

  async function receive(
    kind: EnquiryKind,
    body: Record<string, unknown>,
    client: string,
    sender: Sender,
  ): Promise<Intake> {
    const trap = body[HONEYPOT_FIELD];
    const parsed = ENQUIRY_SCHEMAS[kind].safeParse(body);
    const sent = leadSourceInputSchema.optional().safeParse(body.source ?? undefined);
    if (!sent.success) throw new Invalid(ENQUIRY_MESSAGES.invalidSource);
    const source = normaliseLeadSource(sent.data);
    if (trap !== undefined && trap !== null && trap !== "") {
      // Answered like a success so a bot learns nothing. Kept as spam (never mailed) so a
      // person whose browser filled the hidden field can still be found in the inbox.
      if (!parsed.success) return { reference: enquiryReference(randomUUID()), stored: false };
      const stored = await deps.enquiries.submit(kind, parsed.data, {
        spam: true,
        source,
        spamReasons: [SPAM_MESSAGES.honeypot],
      });
      return { reference: stored.reference, stored: true };
    }
    if (!parsed.success) throw new Invalid(firstIssue(parsed) ?? ENQUIRY_MESSAGES.invalidBody);
    // Scored spam is kept as Spam with its reasons (never mailed); the sender sees the same answer.
    const token = body[FORM_TOKEN_FIELD];
    const verdict = await deps.spam.check(kind, parsed.data, token, client, Date.now(), sender);
    const { reference } = await deps.enquiries.submit(kind, parsed.data, {
      source,
      spam: verdict.spam,
      spamReasons: verdict.reasons,
      tokenId: verdict.tokenId,
    });
    return { reference, stored: true };
  }

  return { take };
}

export type EnquiryIntake = ReturnType<typeof createEnquiryIntake>;
