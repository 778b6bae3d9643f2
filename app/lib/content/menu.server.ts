import { MENU_MESSAGES } from "@common/content/site-content/menu";
import { Invalid } from "@common/errors";
import type { Role } from "@common/staff/roles";
import type { AppLoadContext } from "react-router";
import { done, refused } from "../domain-errors.server";

type Editor = { id: string; email: string; role: Role };

/** What the 'Menu' screen shows: the office's links of each place and the published pages to add. */
export function menuScreen(context: AppLoadContext, admin: Editor) {
  return context.services.menu.state(admin);
}

/**
 * The screen's action, by the form's `intent`: `add` (Page, Where, Link words), `up`, `down` or
 * `remove` (the row's place and address), through the menu service; a refusal's own message
 * (not published, already there, full, gone since the screen was drawn), changing nothing.
 */
export async function menuAction(context: AppLoadContext, form: FormData, admin: Editor) {
  const menu = context.services.menu;
  const field = (name: string) => form.get(name) ?? "";
  const intent = field("intent");
  try {
    if (intent === "add") {
      const link = await menu.add(admin, {
        place: field("place"),
        address: field("address"),
        label: field("label"),
      });
      return done({ message: MENU_MESSAGES.added(link.label) });
    }
    if (intent === "up" || intent === "down") {
      const link = await menu.move(admin, {
        place: field("place"),
        address: field("address"),
        direction: intent,
      });
      return done({ message: MENU_MESSAGES.moved(link.label) });
    }
    if (intent !== "remove") throw new Invalid(MENU_MESSAGES.linkMissing);
    const link = await menu.remove(admin, { place: field("place"), address: field("address") });
    return done({ message: MENU_MESSAGES.removed(link.label) });
  } catch (error) {
    return refused(error);
  }
}
