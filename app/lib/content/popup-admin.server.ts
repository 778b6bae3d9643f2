import { popupInputSchema } from "@common/content/popup";
import { type AppLoadContext, data } from "react-router";
import { done, invalidInput, refused } from "../domain-errors.server";
import { isPopupAction, POPUP_ACTIONS } from "./popup-admin";

/** The popup the form describes, checked by the API's rules. */
const popupInput = (form: FormData) =>
  popupInputSchema.safeParse({
    title: form.get("title") ?? undefined,
    content: form.get("content") ?? undefined,
    navigation: form.get("navigation") ?? undefined,
  });

/**
 * Every popup screen's action: the form's `intent` (activate, deactivate, remove, create, edit)
 * on the popup `id` (the form's, else the route's), through the popup service, answered in the
 * screen kit's shapes (domain-errors.server.ts): a refused write answers the action's failure
 * message with the domain error's status; input the rules refuse, 400 with every field's message.
 */
export async function popupAction(
  context: AppLoadContext,
  form: FormData,
  routeId?: string,
  by?: { id: string; email: string },
) {
  const intent = form.get("intent");
  if (!isPopupAction(intent))
    return data({ ok: false as const, error: POPUP_ACTIONS.create.failure }, { status: 400 });
  const id = String(form.get("id") ?? routeId ?? "");
  const popups = context.services.popups;
  const { success, failure } = POPUP_ACTIONS[intent];
  try {
    if (intent === "create" || intent === "edit") {
      const parsed = popupInput(form);
      if (!parsed.success) return invalidInput(parsed.error.issues);
      if (intent === "create") await popups.create(parsed.data, by);
      else await popups.update(id, parsed.data, by);
    } else await popups[intent](id, by);
    return done({ message: success });
  } catch (error) {
    return refused(error, failure);
  }
}
