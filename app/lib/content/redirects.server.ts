import {
  missingPathsPageSchema,
  REDIRECT_MESSAGES,
  redirectFromSchema,
  redirectInputSchema,
} from "@common/content/redirects";
import type { Role } from "@common/staff/roles";
import type { AppLoadContext } from "react-router";
import { done, invalidInput, refused } from "../domain-errors.server";

type Editor = { id: string; email: string; role: Role };

/**
 * What the 'Redirects' screen shows: every redirect, a page of the 404 log (`?page=`), and the
 * form's From filled in when 'Create redirect' on a row of the log was followed (`?from=`).
 */
export async function redirectsScreen(context: AppLoadContext, admin: Editor, url: URL) {
  const redirects = context.services.redirects;
  const page = missingPathsPageSchema.parse(url.searchParams.get("page") ?? undefined);
  const [list, log] = await Promise.all([redirects.list(admin), redirects.missingPaths(admin, page)]);
  const asked = redirectFromSchema.safeParse(url.searchParams.get("from") ?? "");
  return { redirects: list, log, from: asked.success ? asked.data : "" };
}

/**
 * The screen's action: the form's `intent`, `add` (From, To, Type) or `remove` (the row's `id`),
 * through the redirect service, answered in the screen kit's shapes: the rules' message for bad
 * input (with the field it concerns), a refusal's own (a loop, a chain, a path already redirected).
 */
export async function redirectsAction(context: AppLoadContext, form: FormData, admin: Editor) {
  const redirects = context.services.redirects;
  try {
    if (form.get("intent") === "remove") {
      const removed = await redirects.remove(String(form.get("id") ?? ""), admin);
      return done({ message: REDIRECT_MESSAGES.removed(removed.from) });
    }
    const parsed = redirectInputSchema.safeParse({
      from: form.get("from") ?? "",
      to: form.get("to") ?? "",
      status: form.get("status") ?? "",
    });
    if (!parsed.success) {
      // The target is checked with the type (410 has none): those messages are the To field's.
      const issues = parsed.error.issues.map((issue) =>
        issue.path.length > 0 ? issue : { ...issue, path: ["to"] },
      );
      return invalidInput(issues);
    }
    const added = await redirects.add(parsed.data, admin);
    return done({ message: REDIRECT_MESSAGES.added(added.from) });
  } catch (error) {
    return refused(error);
  }
}
