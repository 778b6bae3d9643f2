import { popupInputSchema } from "@common/popup";
import { firstIssue } from "@common/zod";
import type { AppLoadContext } from "react-router";
import { Invalid } from "../../server/services/errors";
import { refusal } from "./admin-session.server";
import { isPopupAction, POPUP_ACTIONS, type PopupActionResult } from "./popup-admin";

/** The popup the form describes, or Invalid with the first rule it breaks (the API's rules). */
function popupInput(form: FormData) {
  const parsed = popupInputSchema.safeParse({
    title: form.get("title") ?? undefined,
    content: form.get("content") ?? undefined,
    navigation: form.get("navigation") ?? undefined,
  });
  if (!parsed.success) throw new Invalid(firstIssue(parsed) ?? POPUP_ACTIONS.create.failure);
  return parsed.data;
}

/**
 * Every popup screen's action: the form's `intent` (activate, deactivate, remove, create, edit)
 * on the popup `id` (the form's, else the route's), through the popup service. A refused write
 * answers the action's failure message; a rule the input breaks, the rule's own message.
 */
export async function popupAction(
  context: AppLoadContext,
  form: FormData,
  routeId?: string,
): Promise<PopupActionResult> {
  const intent = form.get("intent");
  if (!isPopupAction(intent)) return { ok: false, message: POPUP_ACTIONS.create.failure };
  const id = String(form.get("id") ?? routeId ?? "");
  const popups = context.services.popups;
  const { success, failure } = POPUP_ACTIONS[intent];
  try {
    if (intent === "create") await popups.create(popupInput(form));
    else if (intent === "edit") await popups.update(id, popupInput(form));
    else await popups[intent](id);
    return { ok: true, message: success };
  } catch (error) {
    return { ok: false, message: refusal(error, failure) };
  }
}
