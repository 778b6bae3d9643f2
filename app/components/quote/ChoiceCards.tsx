import { CircleCheck } from "lucide-react";
import { useId } from "react";
import { inputClass } from "../enquiry/styles";

interface ChoiceCardsProps {
  legend: string;
  options: readonly string[];
  value: string;
  otherLabel: string;
  onChange(value: string): void;
}

/**
 * Cards for the common answers plus free text for anything else (quote steps 1 and 3). The cards
 * are real radio buttons, so keyboards and screen readers get a standard group.
 */
export function ChoiceCards({ legend, options, value, otherLabel, onChange }: ChoiceCardsProps) {
  const id = useId();
  const chosen = options.includes(value) ? value : "";
  return (
    <fieldset className="space-y-4">
      <legend className="mb-3 text-lg font-semibold">{legend}</legend>
      <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-3">
        {options.map((option) => (
          <label
            key={option}
            className={`flex min-h-14 cursor-pointer items-center gap-3 rounded-lg border-2 bg-bg px-4 py-3 font-medium transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand ${
              chosen === option ? "border-brand" : "border-border hover:border-muted"
            }`}
          >
            <input
              type="radio"
              name={`${id}-choice`}
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
        <label htmlFor={`${id}-other`} className="block text-sm font-semibold">
          {otherLabel}
        </label>
        <input
          id={`${id}-other`}
          type="text"
          value={chosen ? "" : value}
          onChange={(e) => onChange(e.target.value)}
          className={inputClass}
        />
      </div>
    </fieldset>
  );
}
