import type { Field, FieldSet } from "@common/content/site-content/fields";

/**
 * A page document's editor form, both ways: the form's field names are the document's dotted paths
 * ("hero.title", "services.2.summary", "hero.picture.alt"); a list says how many items it holds
 * (`<path>.count`), a picture its image id (`<path>.imageId`) and any file picked for it
 * (`<path>.file`, stored by the action). No zod: the service checks the document as a whole.
 */
export const countName = (path: string) => `${path}.count`;
export const fileName = (path: string) => `${path}.file`;

function valueFrom(field: Field, path: string, form: FormData): unknown {
  switch (field.kind) {
    case "text":
    case "textarea":
      return String(form.get(path) ?? "");
    case "image": {
      const imageId = String(form.get(`${path}.imageId`) ?? "");
      return { ...(imageId ? { imageId } : {}), alt: String(form.get(`${path}.alt`) ?? "") };
    }
    case "list": {
      const count = Math.min(Math.max(Number(form.get(countName(path))) || 0, 0), field.max + 10);
      return Array.from({ length: count }, (_, i) => documentFromForm(field.fields, form, `${path}.${i}`));
    }
    case "group":
      return documentFromForm(field.fields, form, path);
  }
}

/** The document the form holds (as typed: the service keeps a half-valid draft and checks it on publishing). */
export function documentFromForm(fields: FieldSet, form: FormData, prefix = ""): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([name, field]) => [
      name,
      valueFrom(field, prefix ? `${prefix}.${name}` : name, form),
    ]),
  );
}

/** Every picture field's path in the document as it stands (lists expanded to their items). */
export function picturePaths(fields: FieldSet, value: unknown, prefix = ""): string[] {
  const data = (value ?? {}) as Record<string, unknown>;
  return Object.entries(fields).flatMap(([name, field]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    if (field.kind === "image") return [path];
    if (field.kind === "group") return picturePaths(field.fields, data[name], path);
    if (field.kind === "list")
      return (Array.isArray(data[name]) ? (data[name] as unknown[]) : []).flatMap((item, i) =>
        picturePaths(field.fields, item, `${path}.${i}`),
      );
    return [];
  });
}

/** The value at a dotted path of a document. */
export function valueAt(value: unknown, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], value);
}

/** The document with the value at a dotted path replaced (a copy: the editor's state is never mutated). */
export function withValueAt<T>(value: T, path: string, next: unknown): T {
  const [key, ...rest] = path.split(".");
  const here = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string, unknown>;
  here[key] = rest.length ? withValueAt(here[key], rest.join("."), next) : next;
  return here as T;
}
