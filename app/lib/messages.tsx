import { ALERT_MS, TOAST_MS } from "@common/ui";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";

/**
 * Messages: a transient queue. add appends with a new id, remove deletes by id,
 * clear empties it. Toasts (success, error, warning) vanish after 1.2 s, alerts after 2 s
 * (callers may pass a longer lifetime, e.g. 4 s on the blog preview).
 */
export type MessageType = "success" | "error" | "warning" | "alert";

export interface Message {
  id: string;
  label: string;
  type: MessageType;
}

interface MessagesApi {
  messages: Message[];
  add(label: string, type: MessageType, lifetimeMs?: number): string;
  remove(id: string): void;
  clear(): void;
}

const MessagesContext = createContext<MessagesApi | undefined>(undefined);

let counter = 0;
const newId = () => `msg-${Date.now().toString(36)}-${(counter++).toString(36)}`;

export function MessagesProvider({ children }: { children: ReactNode }) {
  const [messages, setMessages] = useState<Message[]>([]);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const remove = useCallback((id: string) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setMessages((list) => list.filter((m) => m.id !== id));
  }, []);

  const add = useCallback(
    (label: string, type: MessageType, lifetimeMs?: number) => {
      const id = newId();
      setMessages((list) => [...list, { id, label, type }]);
      timers.current.set(
        id,
        setTimeout(() => remove(id), lifetimeMs ?? (type === "alert" ? ALERT_MS : TOAST_MS)),
      );
      return id;
    },
    [remove],
  );

  const clear = useCallback(() => {
    for (const timer of timers.current.values()) clearTimeout(timer);
    timers.current.clear();
    setMessages([]);
  }, []);

  useEffect(() => () => clear(), [clear]);

  const api = useMemo(() => ({ messages, add, remove, clear }), [messages, add, remove, clear]);
  return <MessagesContext.Provider value={api}>{children}</MessagesContext.Provider>;
}

export function useMessages(): MessagesApi {
  const api = useContext(MessagesContext);
  if (!api) throw new Error("useMessages must be used inside MessagesProvider");
  return api;
}
