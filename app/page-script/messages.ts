import { ALERT_MS, TOAST_MS } from "@common/ui";
import { escapeHtml, iconMarkup } from "~/lib/icons-markup";

const STYLE = {
  success: { icon: "circleCheck", className: "border-brand" },
  alert: { icon: "info", className: "border-sky-500" },
} as const;

/**
 * A message in the page's live region, drawn as the React message list draws it
 * (app/components/MessageList.tsx): a toast goes after 1.2 s, an alert after 2 s.
 */
export function showMessage(label: string, type: keyof typeof STYLE) {
  const region = document.querySelector("[data-messages]");
  if (!region) return;
  const { icon, className } = STYLE[type];
  const message = document.createElement("div");
  message.setAttribute("role", "status");
  message.dataset.messageType = type;
  message.className = `pointer-events-auto flex w-full max-w-md items-center gap-3 rounded-lg border-l-4 bg-surface px-4 py-3 text-text shadow-lg ${className}`;
  message.innerHTML = `${iconMarkup(icon, "size-5 shrink-0")}<p class="flex-1 text-sm font-medium">${escapeHtml(label)}</p><button type="button" aria-label="Dismiss message" class="rounded p-1 hover:bg-bg">${iconMarkup("x", "size-4")}</button>`;
  const timer = setTimeout(() => message.remove(), type === "alert" ? ALERT_MS : TOAST_MS);
  message.querySelector("button")?.addEventListener("click", () => {
    clearTimeout(timer);
    message.remove();
  });
  region.append(message);
}
