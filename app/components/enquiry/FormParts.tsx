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
      <label htmlFor={id}>Website</label>
      <input
        id={id}
        name={HONEYPOT_FIELD}
        tabIndex={-1}
        autoComplete="off"
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
