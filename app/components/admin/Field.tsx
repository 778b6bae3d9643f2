import type { ComponentProps, ReactNode } from "react";
import { inputClass } from "~/components/enquiry/styles";

interface FieldText {
  id: string;
  label: string;
  /** Shown under the label and read with the control (`aria-describedby`). */
  hint?: string;
  /** The field's own refusal: shown under the hint, read with the control, which is marked invalid. */
  error?: string;
}

/** The control's attributes that tie it to its hint and error (after any description it names itself). */
function described({ id, hint, error }: FieldText, own?: string) {
  const ids = [own, hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ");
  return { id, "aria-describedby": ids || undefined, "aria-invalid": error ? true : undefined };
}

function Field({ text, children }: { text: FieldText; children: ReactNode }) {
  const { id, label, hint, error } = text;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-semibold text-[var(--color-danger)]">
          {error}
        </p>
      )}
      {children}
    </div>
  );
}

/** One height for inputs and selects, so a row of fields lines up (a select is drawn shorter). */
const controlClass = (className?: string) => `${inputClass} h-11${className ? ` ${className}` : ""}`;

/** A labelled text input of an admin form: label, hint, error, then the input (the GOV.UK order). */
export function TextField({
  id,
  label,
  hint,
  error,
  className,
  ...input
}: FieldText & ComponentProps<"input">) {
  const text = { id, label, hint, error };
  return (
    <Field text={text}>
      <input {...input} {...described(text, input["aria-describedby"])} className={controlClass(className)} />
    </Field>
  );
}

/** A labelled textarea of an admin form (the text input's order: label, hint, error, control). */
export function TextAreaField({
  id,
  label,
  hint,
  error,
  className,
  ...area
}: FieldText & ComponentProps<"textarea">) {
  const text = { id, label, hint, error };
  return (
    <Field text={text}>
      <textarea
        {...area}
        {...described(text, area["aria-describedby"])}
        className={`${inputClass}${className ? ` ${className}` : ""}`}
      />
    </Field>
  );
}

/** A labelled choice of an admin form; the options are its children. */
export function SelectField({
  id,
  label,
  hint,
  error,
  className,
  ...select
}: FieldText & ComponentProps<"select">) {
  const text = { id, label, hint, error };
  return (
    <Field text={text}>
      <select
        {...select}
        {...described(text, select["aria-describedby"])}
        className={controlClass(className)}
      />
    </Field>
  );
}
