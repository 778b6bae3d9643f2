import { UUID_SHAPE } from "../ids";

/**
 * A keyset position: the (created_at, id) of the last row shown and which way to read on.
 * created_at travels as whole microseconds since 1970 (PostgreSQL's precision, which a JS Date
 * would round to milliseconds and so skip or repeat rows created in the same millisecond).
 */
export interface InboxCursor {
  direction: "older" | "newer";
  micros: string;
  id: string;
}

const CURSOR_SHAPE = /^([on])(\d{1,17})_([0-9a-f-]{36})$/i;

export const encodeCursor = (c: InboxCursor) => `${c.direction === "older" ? "o" : "n"}${c.micros}_${c.id}`;

export function decodeCursor(raw: string): InboxCursor | undefined {
  const match = CURSOR_SHAPE.exec(raw);
  if (!match || !UUID_SHAPE.test(match[3])) return undefined;
  return { direction: match[1].toLowerCase() === "o" ? "older" : "newer", micros: match[2], id: match[3] };
}
