import { HONEYPOT_FIELD } from "@common/enquiries";
import { honeypotClass } from "./styles";

/** The spam trap: hidden from people and assistive technology, filled only by bots. */
export function HoneypotField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange(value: string): void;
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
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
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
    <p
      aria-live={live}
      data-testid={testId}
      className="min-h-6 text-sm font-semibold text-red-300 [.light-theme_&]:text-red-700"
    >
      {message}
    </p>
  );
}
