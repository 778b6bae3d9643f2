import { POPUP_MESSAGES } from "@common/admin-messages";
import { POPUP_ROW_TITLE_MAX } from "@common/constants";
import type { PopupInput } from "@common/popup";
import { useCallback, useRef, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { useAdminApi } from "./admin-api";
import { useMessages } from "./messages";

/** DESIGN difference 1: titles longer than 28 characters are cut at 28 with an ellipsis. */
export function popupRowTitle(title: string): string {
  return title.length > POPUP_ROW_TITLE_MAX ? `${title.slice(0, POPUP_ROW_TITLE_MAX)}…` : title;
}

const ACTIONS = {
  activate: {
    method: "PUT",
    path: (id: string) => `/api/admin/activate-popup/${id}`,
    success: POPUP_MESSAGES.activated,
    failure: POPUP_MESSAGES.actionFailed,
  },
  deactivate: {
    method: "PUT",
    path: (id: string) => `/api/admin/deactivate-popup/${id}`,
    success: POPUP_MESSAGES.deactivated,
    failure: POPUP_MESSAGES.actionFailed,
  },
  remove: {
    method: "DELETE",
    path: (id: string) => `/api/admin/popup-message/${id}`,
    success: POPUP_MESSAGES.deleted,
    failure: POPUP_MESSAGES.actionFailed,
  },
  create: {
    method: "POST",
    path: () => "/api/admin/popup-message",
    success: POPUP_MESSAGES.created,
    failure: POPUP_MESSAGES.actionFailed,
  },
  edit: {
    method: "PUT",
    path: (id: string) => `/api/admin/edit-popup/${id}`,
    success: POPUP_MESSAGES.edited,
    failure: POPUP_MESSAGES.editFailed,
  },
} as const;

export type PopupAction = keyof typeof ACTIONS;

/**
 * SPEC section 4, Popup admin: one action at a time (further ones are ignored while it runs),
 * SPEC's success or error message afterwards, and the data reloaded after each action: the
 * screen's own, or the list's when `goTo` names where a successful action leads.
 */
export function usePopupActions() {
  const api = useAdminApi();
  const { add } = useMessages();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const running = useRef(false);
  const [busy, setBusy] = useState(false);

  const run = useCallback(
    async (action: PopupAction, id = "", input?: PopupInput, goTo?: string): Promise<void> => {
      if (running.current) return;
      running.current = true;
      setBusy(true);
      const { method, path, success, failure } = ACTIONS[action];
      try {
        const answer = await api(method, path(id), input);
        if (answer.status === 401) return; // the admin guard takes them to /admin
        add(answer.ok ? success : failure, answer.ok ? "success" : "error");
        if (answer.ok && goTo) await navigate(goTo);
        else await revalidator.revalidate();
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [api, add, revalidator, navigate],
  );

  return { run, busy: busy || revalidator.state === "loading" };
}
