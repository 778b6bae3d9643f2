import { lazy, Suspense, useEffect } from "react";
import { useMessages } from "~/lib/messages";

/**
 * The messages with their icons: their own chunk (most visits show none), fetched at the visitor's
 * first press of a key or pointer, before the answer it may bring, or with the first message.
 */
const loadMessageList = () => import("./MessageList");
const MessageList = lazy(loadMessageList);

/**
 * The transient message queue, announced to assistive technology through a live region that is
 * on the page from the start (a region added with its first message is not reliably announced).
 */
export function MessageQueue() {
  const { messages, remove } = useMessages();
  useEffect(() => {
    const early = () => void loadMessageList();
    const options = { once: true, capture: true, passive: true };
    window.addEventListener("pointerdown", early, options);
    window.addEventListener("keydown", early, options);
    return () => {
      window.removeEventListener("pointerdown", early, options);
      window.removeEventListener("keydown", early, options);
    };
  }, []);
  return (
    <div
      aria-live="polite"
      aria-atomic="false"
      data-messages=""
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
