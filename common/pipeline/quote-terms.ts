import { withStorableText } from "../text";
import { z } from "../zod";
import { DEFAULT_QUOTE_TERMS, QUOTE_LIMITS } from "./quotes";

/**
 * The quotes' terms as a site content document (issue 49): the Owner edits and publishes them
 * ("pipeline-settings"); a new quote takes the published terms unless staff give their own, and
 * keeps the text it was given: a version's terms never change after it is sent, whatever is
 * published later.
 */
export const QUOTE_TERMS_KEY = "quote-terms";

export const QUOTE_TERMS_MESSAGES = {
  terms: `Write the terms (at most ${QUOTE_LIMITS.terms} characters)`,
} as const;

export const quoteTermsDocumentSchema = z.object({
  terms: withStorableText(
    z
      .string({ error: QUOTE_TERMS_MESSAGES.terms })
      .trim()
      .min(1, { error: QUOTE_TERMS_MESSAGES.terms })
      .max(QUOTE_LIMITS.terms, { error: QUOTE_TERMS_MESSAGES.terms }),
  ),
});
export type QuoteTermsDocument = z.infer<typeof quoteTermsDocumentSchema>;

export const QUOTE_TERMS_DEFAULTS: QuoteTermsDocument = { terms: DEFAULT_QUOTE_TERMS };
