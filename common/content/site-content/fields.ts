/**
 * A page document's fields as the admin's editor draws them and its schema checks them
 * (page-schema.ts builds the zod schema from the same description, so the two cannot drift).
 * No zod here: the public pages import the types (and the defaults' modules) only.
 *
 * Kinds: `text` (one line), `textarea` (a paragraph), `image` (a picture from the image pipeline
 * with its alt text, replacing the page's artwork when set), `list` (items of the same fields,
 * between `min` and `max` of them so a layout keeps its shape), `group` (a titled set of fields).
 */
export interface TextField {
  readonly kind: "text" | "textarea";
  readonly label: string;
  readonly max: number;
  readonly hint?: string;
  /** A shape the value must have (a year, an EWC code), said by `patternMessage`. */
  readonly pattern?: RegExp;
  readonly patternMessage?: string;
}
export interface ImageField {
  readonly kind: "image";
  readonly label: string;
  readonly hint?: string;
}
export interface ListField<S extends FieldSet = FieldSet> {
  readonly kind: "list";
  readonly label: string;
  /** What one item is called ("service", "figure"): the editor's buttons and messages say it. */
  readonly itemLabel: string;
  readonly min: number;
  readonly max: number;
  readonly fields: S;
}
export interface GroupField<S extends FieldSet = FieldSet> {
  readonly kind: "group";
  readonly label: string;
  readonly fields: S;
}
export type Field = TextField | ImageField | ListField | GroupField;
export type FieldSet = { readonly [name: string]: Field };

/** A picture: an uploaded image (the image pipeline's id) and its alt text; no id, the artwork in code. */
export interface PageImage {
  imageId?: string;
  alt: string;
}

export type ValueOf<F> = F extends TextField
  ? string
  : F extends ImageField
    ? PageImage
    : F extends { kind: "list"; fields: infer S extends FieldSet }
      ? DataOf<S>[]
      : F extends { kind: "group"; fields: infer S extends FieldSet }
        ? DataOf<S>
        : never;

/** The document a field description describes. */
export type DataOf<S extends FieldSet> = { -readonly [K in keyof S]: ValueOf<S[K]> };

/** The alt text's longest. */
export const ALT_MAX = 200;

export const text = (label: string, max: number, more: Omit<TextField, "kind" | "label" | "max"> = {}) =>
  ({ kind: "text", label, max, ...more }) as const;
export const textarea = (label: string, max: number, more: Omit<TextField, "kind" | "label" | "max"> = {}) =>
  ({ kind: "textarea", label, max, ...more }) as const;
export const image = (label: string, hint?: string) => ({ kind: "image", label, hint }) as const;
export const list = <const S extends FieldSet>(
  label: string,
  itemLabel: string,
  { min, max }: { min: number; max: number },
  fields: S,
) => ({ kind: "list", label, itemLabel, min, max, fields }) as const;
export const group = <const S extends FieldSet>(label: string, fields: S) =>
  ({ kind: "group", label, fields }) as const;

/** Search engines' title and description of a page (its <title> and meta description). */
export const seoFields = () =>
  group("Search engines and sharing", {
    title: text("Page title", 70, {
      hint: "Shown in the browser tab and search results, before the company name",
    }),
    description: textarea("Description", 300, { hint: "The snippet search engines and shared links show" }),
  });

/** An empty item of a list, as the editor's 'Add' makes it. */
export function emptyOf(fields: FieldSet): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([name, field]) => [
      name,
      field.kind === "list"
        ? []
        : field.kind === "group"
          ? emptyOf(field.fields)
          : field.kind === "image"
            ? { alt: "" }
            : "",
    ]),
  );
}
