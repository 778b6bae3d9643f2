import { UUID_SHAPE } from "../../ids";
import { z } from "../../zod";
import { ALT_MAX, type DataOf, type Field, type FieldSet } from "./fields";
import { PAGE_CONTENT_MESSAGES as M } from "./page-messages";

/** A picture: its alt text is required when an image is set (and may stay empty when none is). */
const imageSchema = z
  .object({
    imageId: z.string({ error: M.imageInvalid }).regex(UUID_SHAPE, M.imageInvalid).optional(),
    alt: z.string({ error: M.altRequired }).trim().max(ALT_MAX, M.altTooLong(ALT_MAX)),
  })
  .superRefine((value, context) => {
    if (value.imageId && !value.alt)
      context.addIssue({ code: "custom", path: ["alt"], message: M.altRequired });
  });

function fieldSchema(field: Field): z.ZodType {
  switch (field.kind) {
    case "text":
    case "textarea": {
      const value = z
        .string({ error: M.required(field.label) })
        .trim()
        .min(1, M.required(field.label))
        .max(field.max, M.tooLong(field.label, field.max));
      return field.pattern ? value.regex(field.pattern, field.patternMessage) : value;
    }
    case "image":
      return imageSchema;
    case "list":
      return z
        .array(schemaOf(field.fields), { error: M.tooFew(field.itemLabel, field.min) })
        .min(field.min, M.tooFew(field.itemLabel, field.min))
        .max(field.max, M.tooMany(field.itemLabel, field.max));
    case "group":
      return schemaOf(field.fields);
  }
}

/**
 * A page document's schema from its field description (fields.ts): every text required, trimmed
 * and bounded, lists within their limits, alt text with every picture. Unknown keys are dropped.
 */
export function schemaOf<S extends FieldSet>(fields: S): z.ZodType<DataOf<S>> {
  return z.object(
    Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, fieldSchema(field)])),
  ) as unknown as z.ZodType<DataOf<S>>;
}
