import { ALERT_MS, TOAST_MS } from "@common/ui";
import { escapeHtml, iconMarkup } from "~/lib/icons-markup";

const STYLE = {
  success: { icon: "circleCheck", className: "border-brand" },
  error: { icon: "circleX", className: "border-red-500" },
  alert: { icon: "info", className: "border-sky-500" },
} as const;

export type PageMessageType = keyof typeof STYLE;

/**
 * A message in the page's live region, drawn as the React message list draws it
 * (app/components/MessageList.tsx): a toast goes after 1.2 s, an alert after 2 s, unless
 * `lifetimeMs` says otherwise.
 */
export function showMessage(label: string, type: PageMessageType, lifetimeMs?: number) {
  const region = document.querySelector("[data-messages]");
  if (!region) return;
  const { icon, className } = STYLE[type];
  const message = document.createElement("div");
  message.setAttribute("role", type === "error" ? "alert" : "status");
  message.dataset.messageType = type;
  message.className = `pointer-events-auto flex w-full max-w-md items-center gap-3 rounded-lg border-l-4 bg-surface px-4 py-3 text-text shadow-lg ${className}`;
  message.innerHTML = `${iconMarkup(icon, "size-5 shrink-0")}<p class="flex-1 text-sm font-medium">${escapeHtml(label)}</p><button type="button" aria-label="Dismiss message" class="rounded p-1 hover:bg-bg">${iconMarkup("x", "size-4")}</button>`;
  const timer = setTimeout(() => message.remove(), lifetimeMs ?? (type === "alert" ? ALERT_MS : TOAST_MS));
  message.querySelector("button")?.addEventListener("click", () => {
    clearTimeout(timer);
    message.remove();
  });
  region.append(message);
}

const KEPT_MESSAGES = "kept-messages";
type KeptMessage = readonly [label: string, type: PageMessageType, lifetimeMs?: number];

/**
 * Messages for the next page of this tab, shown there by its page script: a sent contact form goes
 * home with its toast and reference, as it did when pages changed inside React. Where the tab keeps
 * nothing they are shown here.
 */
export function keepMessagesForNextPage(messages: ReadonlyArray<KeptMessage>) {
  try {
    sessionStorage.setItem(KEPT_MESSAGES, JSON.stringify(messages));
  } catch {
    for (const message of messages) showMessage(...message);
  }
}

/** The messages the previous page of this tab kept for this one (page script, at start). */
export function showKeptMessages() {
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEPT_MESSAGES) ?? "[]") as KeptMessage[];
    sessionStorage.removeItem(KEPT_MESSAGES);
    for (const [label, type, lifetimeMs] of kept)
      if (typeof label === "string" && type in STYLE) showMessage(label, type, lifetimeMs);
  } catch {}
}
