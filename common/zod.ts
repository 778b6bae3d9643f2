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
