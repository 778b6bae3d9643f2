import { CircleCheck } from "lucide-react";
import { FieldError } from "../enquiry/FormParts";
import { inputClass } from "../enquiry/styles";

interface ChoiceCardsProps {
  legend: string;
  /** The form field's name: the cards send `name`, the free text `${name}Other`. */
  name: string;
  /** The inputs' ids: `${idBase}-0` … for the cards, `${idBase}-other` for the free text. */
  idBase: string;
  options: readonly string[];
  value: string;
  otherLabel: string;
  /** The answer's error when it was sent without JavaScript and refused. */
  error?: string;
  onChange(value: string): void;
}

/**
 * Cards for the common answers plus free text for anything else (quote steps 1 and 3). The cards
 * are real radio buttons, so keyboards and screen readers get a standard group, and a form sent
 * without JavaScript carries them.
 */
export function ChoiceCards({
  legend,
  name,
  idBase,
  options,
  value,
  otherLabel,
  error,
  onChange,
}: ChoiceCardsProps) {
  const chosen = options.includes(value) ? value : "";
  const errorId = `${idBase}-error`;
  return (
    <fieldset className="space-y-4" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-3 text-lg font-semibold">{legend}</legend>
      {error && <FieldError id={errorId} message={error} />}
      <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-3">
        {options.map((option, index) => (
          <label
            key={option}
            className={`flex min-h-14 cursor-pointer items-center gap-3 rounded-lg border-2 bg-bg px-4 py-3 font-medium transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand ${
              chosen === option ? "border-brand" : "border-border hover:border-muted"
            }`}
          >
            <input
              id={`${idBase}-${index}`}
              type="radio"
              name={name}
              value={option}
              checked={chosen === option}
              onChange={() => onChange(option)}
              className="sr-only"
            />
            <CircleCheck
              aria-hidden="true"
              className={`size-5 shrink-0 ${chosen === option ? "text-brand" : "text-muted opacity-40"}`}
            />
            {option}
          </label>
        ))}
      </div>
      <div className="space-y-1.5">
        <label htmlFor={`${idBase}-other`} className="block text-sm font-semibold">
          {otherLabel}
        </label>
        <input
          id={`${idBase}-other`}
          name={`${name}Other`}
          type="text"
          value={chosen ? "" : value}
          onChange={(e) => onChange(e.target.value)}
          className={inputClass}
        />
      </div>
    </fieldset>
  );
}
