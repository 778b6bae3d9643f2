import type { ComponentProps, ReactNode } from "react";
import type { DocumentFieldsProps } from "~/components/admin/content/site-content/DocumentEditor";
import { fieldId } from "~/components/admin/content/site-content/DocumentFields";
import { TextField } from "~/components/admin/Field";
import { valueAt } from "~/lib/content/site-document-form";

/** A titled group of fields (its legend names them for assistive technology). */
export function FieldGroup({
  legend,
  hint,
  children,
}: {
  legend: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className="card flex flex-col gap-4">
      <legend className="px-1 text-lg font-bold">{legend}</legend>
      {hint && <p className="text-sm text-muted">{hint}</p>}
      {children}
    </fieldset>
  );
}

/**
 * A text control of the site details at its dotted `path` (its name, so the form posts it): the
 * label, and the field's message beside it.
 */
export function DetailsField({
  value,
  errors,
  onChange,
  path,
  label,
  ...input
}: DocumentFieldsProps & { path: string; label: string } & Omit<
    ComponentProps<"input">,
    "id" | "name" | "value" | "onChange"
  >) {
  const current = valueAt(value, path);
  return (
    <TextField
      {...input}
      id={fieldId(path)}
      name={path}
      label={label}
      error={errors[path]}
      value={typeof current === "string" ? current : ""}
      onChange={(event) => onChange(path, event.target.value)}
    />
  );
}
