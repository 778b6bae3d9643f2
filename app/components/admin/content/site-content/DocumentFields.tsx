import type { Field, FieldSet, PageImage } from "@common/content/site-content/fields";
import { emptyOf } from "@common/content/site-content/fields";
import { PAGE_CONTENT_TEXTS as T } from "@common/content/site-content/page-messages";
import { ArrowUp, Plus, Trash2 } from "lucide-react";
import { TextField } from "~/components/admin/Field";
import { inputClass } from "~/components/enquiry/styles";
import { imageUrl } from "~/lib/content/blog-display";
import { countName, fileName, valueAt } from "~/lib/content/site-document-form";

/** The control's id for a field's dotted path (the error summary links to it). */
export const fieldId = (path: string) => `field-${path.replaceAll(".", "-")}`;

interface Props {
  fields: FieldSet;
  value: unknown;
  /** Each field's message by its dotted path. */
  errors: Record<string, string>;
  onChange(path: string, value: unknown): void;
  prefix?: string;
}

/**
 * A document's editor drawn from its field description (common/content/site-content/fields.ts): a
 * labelled control per field with its hint and its error beside it, lists with Add, Remove and
 * Move up within their limits, pictures with their alt text. The controls' names are the
 * document's dotted paths, so the form posts the document (site-document-form.ts reads it).
 */
export function DocumentFields({ fields, value, errors, onChange, prefix = "" }: Props) {
  return (
    <>
      {Object.entries(fields).map(([name, field]) => {
        const path = prefix ? `${prefix}.${name}` : name;
        return (
          <FieldControl
            key={path}
            field={field}
            path={path}
            value={value}
            errors={errors}
            onChange={onChange}
          />
        );
      })}
    </>
  );
}

function FieldControl({
  field,
  path,
  value,
  errors,
  onChange,
}: { field: Field; path: string } & Omit<Props, "fields" | "prefix">) {
  const id = fieldId(path);
  const current = valueAt(value, path);
  switch (field.kind) {
    case "text":
      return (
        <TextField
          id={id}
          name={path}
          label={field.label}
          hint={field.hint}
          error={errors[path]}
          value={String(current ?? "")}
          maxLength={field.max * 2}
          onChange={(event) => onChange(path, event.target.value)}
        />
      );
    case "textarea":
      return (
        <div className="flex flex-col gap-1">
          <label htmlFor={id} className="font-semibold">
            {field.label}
          </label>
          {field.hint && (
            <p id={`${id}-hint`} className="text-sm text-muted">
              {field.hint}
            </p>
          )}
          {errors[path] && (
            <p id={`${id}-error`} className="text-sm font-semibold text-[var(--color-danger)]">
              {errors[path]}
            </p>
          )}
          <textarea
            id={id}
            name={path}
            rows={Math.min(8, Math.ceil(field.max / 90) + 1)}
            className={inputClass}
            value={String(current ?? "")}
            aria-invalid={errors[path] ? true : undefined}
            aria-describedby={
              [field.hint && `${id}-hint`, errors[path] && `${id}-error`].filter(Boolean).join(" ") ||
              undefined
            }
            onChange={(event) => onChange(path, event.target.value)}
          />
        </div>
      );
    case "image":
      return (
        <PictureField
          label={field.label}
          hint={field.hint}
          path={path}
          value={(current as PageImage | undefined) ?? { alt: "" }}
          errors={errors}
          onChange={onChange}
        />
      );
    case "group":
      return (
        <fieldset className="card flex flex-col gap-4">
          <legend className="px-1 text-lg font-bold">{field.label}</legend>
          <DocumentFields
            fields={field.fields}
            value={value}
            errors={errors}
            onChange={onChange}
            prefix={path}
          />
        </fieldset>
      );
    case "list": {
      const items = Array.isArray(current) ? current : [];
      const move = (from: number) => {
        const next = [...items];
        [next[from - 1], next[from]] = [next[from], next[from - 1]];
        onChange(path, next);
      };
      return (
        <fieldset
          id={id}
          tabIndex={-1}
          className="flex flex-col gap-4"
          aria-describedby={errors[path] ? `${id}-error` : undefined}
        >
          <legend className="font-semibold">{field.label}</legend>
          {errors[path] && (
            <p id={`${id}-error`} className="text-sm font-semibold text-[var(--color-danger)]">
              {errors[path]}
            </p>
          )}
          <input type="hidden" name={countName(path)} value={items.length} />
          {items.map((_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an item is its place in the list (its fields' names say it)
            <fieldset key={i} className="flex flex-col gap-3 rounded-lg border border-border p-4">
              <legend className="px-1 font-semibold">{T.item(field.itemLabel, i + 1)}</legend>
              <DocumentFields
                fields={field.fields}
                value={value}
                errors={errors}
                onChange={onChange}
                prefix={`${path}.${i}`}
              />
              <div className="flex flex-wrap gap-2">
                {i > 0 && (
                  <button type="button" className="btn btn-ghost text-sm" onClick={() => move(i)}>
                    <ArrowUp aria-hidden="true" className="size-4" />
                    {T.moveUp(field.itemLabel, i + 1)}
                  </button>
                )}
                {items.length > field.min && (
                  <button
                    type="button"
                    className="btn btn-ghost text-sm"
                    onClick={() =>
                      onChange(
                        path,
                        items.filter((__, j) => j !== i),
                      )
                    }
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    {T.remove(field.itemLabel, i + 1)}
                  </button>
                )}
              </div>
            </fieldset>
          ))}
          {items.length < field.max && (
            <button
              type="button"
              className="btn btn-ghost self-start"
              onClick={() => onChange(path, [...items, emptyOf(field.fields)])}
            >
              <Plus aria-hidden="true" className="size-4" />
              {T.add(field.itemLabel)}
            </button>
          )}
        </fieldset>
      );
    }
  }
}

/** A picture: the stored one (or none: the page's artwork), a file to replace it, its alt text. */
function PictureField({
  label,
  hint,
  path,
  value,
  errors,
  onChange,
}: {
  label: string;
  hint?: string;
  path: string;
  value: PageImage;
  errors: Record<string, string>;
  onChange(path: string, value: unknown): void;
}) {
  const id = fieldId(path);
  const imageError = errors[`${path}.imageId`];
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="font-semibold">{label}</legend>
      {hint && <p className="text-sm text-muted">{hint}</p>}
      {value.imageId ? (
        <div className="flex flex-wrap items-center gap-4">
          <img src={`${imageUrl(value.imageId)}?w=320`} alt={value.alt} className="h-24 w-auto rounded-md" />
          <input type="hidden" name={`${path}.imageId`} value={value.imageId} />
          <button
            type="button"
            className="btn btn-ghost text-sm"
            onClick={() => onChange(path, { alt: value.alt })}
          >
            {T.pictureRemove}
          </button>
        </div>
      ) : (
        <p className="text-sm text-muted">{T.pictureNone}</p>
      )}
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-imageId`} className="font-semibold">
          {T.pictureChoose}
        </label>
        {imageError && (
          <p id={`${id}-imageId-error`} className="text-sm font-semibold text-[var(--color-danger)]">
            {imageError}
          </p>
        )}
        <input
          id={`${id}-imageId`}
          type="file"
          name={fileName(path)}
          accept="image/png,image/jpeg"
          aria-invalid={imageError ? true : undefined}
          aria-describedby={imageError ? `${id}-imageId-error` : undefined}
        />
      </div>
      <TextField
        id={`${id}-alt`}
        name={`${path}.alt`}
        label={T.alt}
        hint={T.altHint}
        error={errors[`${path}.alt`]}
        value={value.alt}
        onChange={(event) => onChange(path, { ...value, alt: event.target.value })}
      />
    </fieldset>
  );
}
