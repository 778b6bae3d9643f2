import { zm } from "./zod";

/**
 * Characters PostgreSQL cannot store in text: NUL, and UTF-16 halves without their partner (a lone
 * surrogate has no UTF-8 form). They never belong in anything a person typed.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The text without NUL characters and lone surrogates. */
export const storableText = (text: string) => text.replaceAll("\u0000", "").replace(LONE_SURROGATE, "");

/** A schema that first removes unstorable characters from a string input. */
export const withStorableText = <T extends zm.core.$ZodType>(schema: T) =>
  zm.pipe(
    zm.transform((value: unknown) => (typeof value === "string" ? storableText(value) : value)),
    schema,
  );

/** A JSON-like value with every string (and object key) made storable; other values as they are. */
export function storableValue(value: unknown): unknown {
  if (typeof value === "string") return storableText(value);
  if (Array.isArray(value)) return value.map(storableValue);
  if (value === null || typeof value !== "object") return value;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value; // files, buffers, streams
  const clean: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) clean[storableText(key)] = storableValue(item);
  return clean;
}
