import { POPUP_MESSAGES } from "@common/admin-messages";
import type { PopupInput } from "@common/content/popup";
import { POPUP_ROW_TITLE_MAX } from "@common/content/popup";
import { useCallback, useEffect, useRef } from "react";
import { type ClientActionFunctionArgs, useFetcher, useNavigate } from "react-router";
import { type Answer, useAnswer } from "../action-answer";
import { useMessages } from "../messages";

/** A popup row's title: longer than 28 characters, it is cut at 28 with an ellipsis; shorter, shown whole. */
export function popupRowTitle(title: string): string {
  return title.length > POPUP_ROW_TITLE_MAX ? `${title.slice(0, POPUP_ROW_TITLE_MAX)}…` : title;
}

export const POPUPS_PATH = "/admin/dashboard/popups";

/** Each popup action's success and failure message. */
export const POPUP_ACTIONS = {
  activate: { success: POPUP_MESSAGES.activated, failure: POPUP_MESSAGES.actionFailed },
  deactivate: { success: POPUP_MESSAGES.deactivated, failure: POPUP_MESSAGES.actionFailed },
  remove: { success: POPUP_MESSAGES.deleted, failure: POPUP_MESSAGES.actionFailed },
  create: { success: POPUP_MESSAGES.created, failure: POPUP_MESSAGES.actionFailed },
  edit: { success: POPUP_MESSAGES.edited, failure: POPUP_MESSAGES.editFailed },
} as const;

export type PopupAction = keyof typeof POPUP_ACTIONS;

export const isPopupAction = (intent: unknown): intent is PopupAction =>
  typeof intent === "string" && Object.hasOwn(POPUP_ACTIONS, intent);

/** What a popup screen's action answers (the screen kit's shape, action-answer.ts). */
export type PopupActionResult = Answer;

/**
 * The popup screens' clientAction: the route action on the server, or the failure message of
 * this action when the server cannot be reached or fails. A redirect (the session ended: the
 * admin guard) is followed.
 */
export async function popupClientAction({
  request,
  serverAction,
}: ClientActionFunctionArgs): Promise<PopupActionResult> {
  const intent = (await request.clone().formData()).get("intent");
  try {
    return await serverAction<PopupActionResult>();
  } catch (error) {
    if (error instanceof Response) throw error;
    const failure = isPopupAction(intent) ? POPUP_ACTIONS[intent].failure : POPUP_MESSAGES.actionFailed;
    return { ok: false, error: failure };
  }
}

/**
 * Popup actions, one at a time (further ones are ignored while it runs), with the action's
 * success or error message afterwards, and the data reloaded after each action: the
 * screen's own, or the list's when `goTo` names where a successful action leads. The action is
 * the screen's own route action (`usePopupActions().run("activate", {id})`).
 */
export function usePopupActions(goTo?: string) {
  const fetcher = useFetcher<PopupActionResult>();
  const { add } = useMessages();
  const navigate = useNavigate();
  const running = useRef(false);

  // Each answer once (action-answer.ts).
  useAnswer(fetcher, {
    ok({ message }) {
      if (message) add(message, "success");
      if (goTo) navigate(goTo);
    },
    refused: ({ error }) => add(error, "error"),
  });

  const idle = fetcher.state === "idle";
  useEffect(() => {
    if (idle) running.current = false;
  }, [idle]);

  const { submit } = fetcher;
  const run = useCallback(
    async (action: PopupAction, fields: { id?: string } & Partial<PopupInput> = {}): Promise<void> => {
      if (running.current) return;
      running.current = true;
      await submit({ intent: action, ...fields }, { method: "post" });
    },
    [submit],
  );

  return { run, busy: !idle };
}
