import { useEffect, useRef } from "react";
import { useNavigation } from "react-router";

/** Every field's message, by the field's name (its path in the schema, dotted: `content.1.header`). */
export type FieldErrors = Record<string, string>;

/** A refused admin action: the message to show, and each field's own when the input was at fault. */
export interface Refused {
  ok: false;
  error: string;
  fieldErrors?: FieldErrors;
}

/**
 * What every admin screen action answers (the server side is app/lib/domain-errors.server.ts):
 * done, with an optional message and what the screen needs to go on (`T`), or refused.
 */
export type Answer<T extends object = object> = ({ ok: true; message?: string } & T) | Refused;

/**
 * Handles each answer a fetcher receives exactly once, when the fetcher is idle again (the
 * revalidated page is on screen): `ok` or `refused` is called with it. The handlers may change
 * every render; the latest ones are called. Returns the last answer.
 */
export function useAnswer<A extends Answer<object>>(
  fetcher: { state: string; data?: A },
  handlers: { ok?(answer: Extract<A, { ok: true }>): void; refused?(answer: Refused): void },
): A | undefined {
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const handled = useRef<A>(undefined);
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (!answer || answer === handled.current) return;
    handled.current = answer;
    if (answer.ok) latest.current.ok?.(answer as Extract<A, { ok: true }>);
    else latest.current.refused?.(answer as Refused);
  }, [answer]);
  return answer;
}

/** `useAnswer` for an action whose answers are only shown: its message as a success, its error as an error. */
export function useAnswerMessages(
  fetcher: { state: string; data?: Answer<object> },
  add: (text: string, type: "success" | "error") => void,
) {
  return useAnswer(fetcher, {
    ok: ({ message }) => message && add(message, "success"),
    refused: ({ error }) => add(error, "error"),
  });
}

/**
 * A route action's answer once the page is settled: React Router hands `actionData` to the screen
 * while the loaders still revalidate, so "Endpoint deleted" would show beside the endpoint it
 * deleted. Nothing is shown while a submission or its revalidation runs.
 */
export function useSettledAnswer<A>(actionData: A | undefined): A | undefined {
  return useNavigation().state === "idle" ? actionData : undefined;
}
