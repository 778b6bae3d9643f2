import { z } from "zod";
import * as zm from "zod/mini";
import { API_MESSAGES } from "./messages";

// Zod's JIT compiles validators with `new Function`, which our Content-Security-Policy forbids
// (no 'unsafe-eval'); the browser would report a CSP violation on every page with a form.
zm.config({ jitless: true });

/**
 * `z`, zod's chainable API, for the admin's and the server's schemas. `zm`, zod mini (the same
 * engine without the methods, about a third of the size in a browser), for the schemas public
 * pages download: the enquiry forms.
 */
export { z, zm };

/**
 * The message a person sees for a failed parse: its first issue's, in the schema's order (the
 * form's checking order, field by field); undefined when the parse succeeded.
 */
export function firstIssue(result: {
  success: boolean;
  error?: { issues: ReadonlyArray<{ message: string }> };
}): string | undefined {
  return result.success ? undefined : (result.error?.issues[0]?.message ?? API_MESSAGES.invalidRequest);
}

/**
 * Every field's first message for a failed parse, keyed by its dotted path (`contact.email`), in
 * the schema's order (the order `firstIssue` takes its first from): what a form shows beside each
 * field. Empty when the parse succeeded.
 */
export function fieldMessages(result: {
  success: boolean;
  error?: { issues: ReadonlyArray<{ message: string; path: ReadonlyArray<PropertyKey> }> };
}): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of result.success ? [] : (result.error?.issues ?? [])) {
    const field = issue.path.map(String).join(".");
    if (!Object.hasOwn(messages, field)) messages[field] = issue.message;
  }
  return messages;
}
