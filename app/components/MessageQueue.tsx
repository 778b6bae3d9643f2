import { lazy, Suspense } from "react";
import { useMessages } from "~/lib/messages";

/** The messages with their icons: their own chunk, fetched with the first message (most pages show none). */
const MessageList = lazy(() => import("./MessageList"));

/**
 * The transient message queue, announced to assistive technology through a live region that is
 * on the page from the start (a region added with its first message is not reliably announced).
 */
export function MessageQueue() {
  const { messages, remove } = useMessages();
  return (
    <div
      aria-live="polite"
      aria-atomic="false"
      className="pointer-events-none fixed inset-x-0 top-4 z-[100] flex flex-col items-center gap-2 px-4"
    >
      {messages.length > 0 && (
        <Suspense>
          <MessageList messages={messages} remove={remove} />
        </Suspense>
      )}
    </div>
  );
}
