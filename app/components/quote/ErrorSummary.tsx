import { QUOTE_FIELD_IDS, type QuoteFieldError } from "~/lib/quote-draft";

const ERROR_TEXT = "text-red-300 [.light-theme_&]:text-red-700";

/**
 * GOV.UK's error summary, for a step sent without JavaScript and refused: each message in the
 * form's checking order, linking to its field.
 */
export function ErrorSummary({ heading, errors }: { heading: string; errors: QuoteFieldError[] }) {
  if (errors.length === 0) return null;
  return (
    <div
      role="alert"
      aria-labelledby="quote-error-summary-title"
      tabIndex={-1}
      className="rounded-lg border-2 border-red-400 bg-surface p-4 [.light-theme_&]:border-red-700"
    >
      <h2 id="quote-error-summary-title" className="text-lg font-bold">
        {heading}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {errors.map((error) => (
          <li key={error.field}>
            <a href={`#${QUOTE_FIELD_IDS[error.field]}`} className={`font-semibold underline ${ERROR_TEXT}`}>
              {error.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A field's own error, beside it (the input names it in aria-describedby). */
export function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} className={`text-sm font-semibold ${ERROR_TEXT}`}>
      <span className="sr-only">Error: </span>
      {message}
    </p>
  );
}
