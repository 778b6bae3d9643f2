import { AlertTriangle, CheckCircle2, Info, X, XCircle } from "lucide-react";
import type { Message, MessageType } from "~/lib/messages";

const STYLE: Record<MessageType, { icon: typeof Info; className: string }> = {
  success: { icon: CheckCircle2, className: "border-brand" },
  error: { icon: XCircle, className: "border-red-500" },
  warning: { icon: AlertTriangle, className: "border-amber-500" },
  alert: { icon: Info, className: "border-sky-500" },
};

/** The queue's messages, each with its icon and 'Dismiss message' (MessageQueue loads this when one arrives). */
export default function MessageList({ messages, remove }: { messages: Message[]; remove(id: string): void }) {
  return messages.map((message) => {
    const { icon: Icon, className } = STYLE[message.type];
    return (
      <div
        key={message.id}
        role={message.type === "error" ? "alert" : "status"}
        data-message-type={message.type}
        className={`pointer-events-auto flex w-full max-w-md items-center gap-3 rounded-lg border-l-4 bg-surface px-4 py-3 text-text shadow-lg ${className}`}
      >
        <Icon aria-hidden="true" className="size-5 shrink-0" />
        <p className="flex-1 text-sm font-medium">{message.label}</p>
        <button
          type="button"
          aria-label="Dismiss message"
          onClick={() => remove(message.id)}
          className="rounded p-1 hover:bg-bg"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
    );
  });
}
