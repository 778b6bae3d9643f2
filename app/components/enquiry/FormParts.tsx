import { HONEYPOT_FIELD } from "@common/leads/enquiries";
import { FORM_TEXT } from "@common/leads/enquiry-messages";
import { honeypotClass } from "./styles";

/**
 * The spam trap: hidden from people and assistive technology, filled only by bots. Controlled
 * when given `value` and `onChange`; otherwise the form reads it (and posts it without JavaScript).
 */
export function HoneypotField({
  id,
  value,
  onChange,
}: {
  id: string;
  value?: string;
  onChange?(value: string): void;
}) {
  return (
    <div aria-hidden="true" className={honeypotClass}>
      <label htmlFor={id}>Office reference</label>
      <input
        id={id}
        name={HONEYPOT_FIELD}
        tabIndex={-1}
        autoComplete="off"
        // Password managers' own opt-outs: they would otherwise offer to fill every text input.
        data-1p-ignore=""
        data-lpignore="true"
        data-bwignore=""
        {...(onChange ? { value, onChange: (e) => onChange(e.target.value) } : { defaultValue: "" })}
      />
    </div>
  );
}

// The theme's danger colour: it follows the system setting too, when no theme class is set (no JavaScript).
const errorTextClass = "text-sm font-semibold text-[var(--color-danger)]";

/**
 * GOV.UK's error summary, at the top of a form the server refused: "There is a problem", then
 * each message as a link to its field, in the form's order. Its heading's level follows where it
 * sits: 2 above a page's h1 (the quote wizard, GOV.UK's place), 3 inside a form under a section's h2.
 */
export function ErrorSummary({
  id,
  errors,
  level,
}: {
  id: string;
  errors: Array<[inputId: string, message: string]>;
  level: 2 | 3;
}) {
  if (errors.length === 0) return null;
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <div
      role="alert"
      aria-labelledby={`${id}-title`}
      tabIndex={-1}
      className="rounded-md border-2 border-[var(--color-danger)] p-4"
    >
      <Heading id={`${id}-title`} className="text-lg font-bold">
        {FORM_TEXT.errorSummary}
      </Heading>
      <ul className="mt-2 list-none space-y-1">
        {errors.map(([inputId, message]) => (
          <li key={inputId}>
            <a href={`#${inputId}`} className={`underline ${errorTextClass}`}>
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A field's own message, beside it (the field names it with aria-describedby). */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className={errorTextClass}>
      <span className="sr-only">Error: </span>
      {message}
    </p>
  );
}

/** The form's validation message, shown as page text and announced. */
export function FormMessage({
  message,
  live,
  testId,
}: {
  message: string | undefined;
  live: "polite" | "assertive";
  testId: string;
}) {
  return (
    <p aria-live={live} data-testid={testId} className={`min-h-6 ${errorTextClass}`}>
      {message}
    </p>
  );
}
