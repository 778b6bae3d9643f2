import { QUOTE_STEP_NAMES } from "@common/leads/enquiry-terms";
import { Check } from "lucide-react";

/** Quote steps 1-6 by name; those up to the current one are highlighted. */
export function StepIndicator({ step }: { step: number }) {
  return (
    <ol aria-label="Quote steps" className="grid grid-cols-6 gap-1 sm:gap-2">
      {QUOTE_STEP_NAMES.map((name, index) => {
        const number = index + 1;
        const reached = number <= step;
        return (
          <li
            key={name}
            aria-current={number === step ? "step" : undefined}
            data-reached={reached}
            className="flex flex-col items-center gap-1 text-center"
          >
            <span
              className={`flex size-8 items-center justify-center rounded-full border-2 text-sm font-bold ${
                reached ? "border-brand bg-brand text-on-brand" : "border-border text-muted"
              }`}
            >
              {number < step ? <Check aria-hidden="true" className="size-4" /> : number}
            </span>
            <span
              className={`hidden text-xs leading-tight sm:block ${reached ? "font-semibold text-text" : "text-muted"}`}
            >
              {name}
            </span>
            <span className="sr-only sm:hidden">{name}</span>
          </li>
        );
      })}
    </ol>
  );
}
