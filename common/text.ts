import { zm } from "./zod";

/**
 * Characters PostgreSQL cannot store in text: NUL, and UTF-16 halves without their partner (a lone
 * surrogate has no UTF-8 form). They never belong in anything a person typed.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The text without NUL characters and lone surrogates. */
export const storableText = (text: string) => text.replaceAll("\u0000", "").replace(LONE_SURROGATE, "");

/** Whether the text has nothing `storableText` would remove. */
export const isStorableText = (text: string) => storableText(text) === text;

/** E-mail addresses are compared and stored trimmed and in lower case. */
export const normalEmail = (email: string) => email.trim().toLowerCase();

/** A schema that first removes unstorable characters from a string input. */
export const withStorableText = <T extends zm.core.$ZodType>(schema: T) =>
  zm.pipe(
    zm.transform((value: unknown) => (typeof value === "string" ? storableText(value) : value)),
    schema,
  );

/** Deeper than any form or API body the site takes; deeper input is refused, not walked. */
export const MAX_INPUT_DEPTH = 32;

/** Input nested deeper than MAX_INPUT_DEPTH. */
export class InputTooDeep extends Error {}

const isPlainObject = (value: object) => {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null; // not files, buffers, streams
};

/**
 * A JSON-like value with every string (and object key) made storable; other values as they are.
 * Walked with an explicit stack (no recursion to overflow); throws InputTooDeep beyond
 * MAX_INPUT_DEPTH. A key that only becomes `__proto__` once cleaned is an own property, never the
 * object's prototype.
 */
export function storableValue(value: unknown): unknown {
  const copy = (item: unknown): unknown => {
    if (typeof item === "string") return storableText(item);
    if (item === null || typeof item !== "object") return item;
    if (Array.isArray(item)) return new Array(item.length);
    return isPlainObject(item) ? {} : item;
  };
  const root = copy(value);
  const stack: Array<{ from: unknown; to: unknown; depth: number }> = [{ from: value, to: root, depth: 0 }];
  while (stack.length > 0) {
    const { from, to, depth } = stack.pop() as { from: object; to: object; depth: number };
    if (from === to || from === null || typeof from !== "object") continue; // kept as it is
    if (depth >= MAX_INPUT_DEPTH) throw new InputTooDeep(`nested deeper than ${MAX_INPUT_DEPTH} levels`);
    const entries = Array.isArray(from)
      ? from.map((item, index) => [index, item] as const)
      : Object.entries(from);
    for (const [key, item] of entries) {
      const cleaned = copy(item);
      Object.defineProperty(to, typeof key === "number" ? key : storableText(key), {
        value: cleaned,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      if (cleaned !== null && typeof cleaned === "object" && cleaned !== item)
        stack.push({ from: item, to: cleaned, depth: depth + 1 });
    }
  }
  return root;
}

/** "5 MB": a byte count as the size messages say it. */
export const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
