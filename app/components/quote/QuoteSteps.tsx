import { AREAS_TEXTS, type AreaServed, areaOfPostcode } from "@common/content/areas";
import { BUSINESS_TYPES, FREQUENCIES } from "@common/leads/enquiry-terms";
import { QUOTE_FIELD_IDS, type QuoteDraft, type QuoteField } from "~/lib/leads/quote-draft";
import { FieldError } from "../enquiry/FormParts";
import { inputClass } from "../enquiry/styles";
import { ChoiceCards } from "./ChoiceCards";

type Update = (
  patch: Partial<Omit<QuoteDraft, "contact">> & { contact?: Partial<QuoteDraft["contact"]> },
) => void;

function TextField(props: {
  id: string;
  name: string;
  label: string;
  value: string;
  type?: string;
  autoComplete?: string;
  hint?: string;
  error?: string;
  onChange(value: string): void;
}) {
  const describedBy = [props.hint && `${props.id}-hint`, props.error && `${props.id}-error`].filter(Boolean);
  return (
    <div className="space-y-1.5">
      <label htmlFor={props.id} className="block text-sm font-semibold">
        {props.label}
      </label>
      {props.hint && (
        <p id={`${props.id}-hint`} className="text-sm text-muted">
          {props.hint}
        </p>
      )}
      {props.error && <FieldError id={`${props.id}-error`} message={props.error} />}
      <input
        id={props.id}
        name={props.name}
        type={props.type ?? "text"}
        value={props.value}
        autoComplete={props.autoComplete}
        aria-describedby={describedBy.length > 0 ? describedBy.join(" ") : undefined}
        aria-invalid={props.error ? true : undefined}
        onChange={(e) => props.onChange(e.target.value)}
        className={inputClass}
      />
    </div>
  );
}

/** The questions of quote steps 1-5 (/quote/*); `errors`: a step sent without JavaScript and refused. */
export function StepFields({
  step,
  draft,
  update,
  errors = {},
  areas = [],
}: {
  step: number;
  draft: QuoteDraft;
  update: Update;
  errors?: Partial<Record<QuoteField, string>>;
  /** The service areas of published pages: the postcode's district in one says so, with its link. */
  areas?: readonly AreaServed[];
}) {
  switch (step) {
    case 1:
      return (
        <ChoiceCards
          legend="What type of business are you?"
          name="businessType"
          idBase="quote-business-type"
          options={BUSINESS_TYPES}
          value={draft.businessType}
          otherLabel="Other business type"
          error={errors.businessType}
          onChange={(businessType) => update({ businessType })}
        />
      );
    case 2:
      return (
        <TextField
          id={QUOTE_FIELD_IDS.wasteType}
          name="wasteType"
          error={errors.wasteType}
          label="Waste type"
          hint="For example food waste, vegetable peelings, brewery spent grain or sludge."
          value={draft.wasteType}
          onChange={(wasteType) => update({ wasteType })}
        />
      );
    case 3:
      return (
        <ChoiceCards
          legend="How often do you need a collection?"
          name="frequency"
          idBase="quote-frequency"
          error={errors.frequency}
          options={FREQUENCIES}
          value={draft.frequency}
          otherLabel="Other frequency"
          onChange={(frequency) => update({ frequency })}
        />
      );
    case 4: {
      const area = areaOfPostcode(areas, draft.location);
      return (
        <div className="space-y-3">
          <TextField
            id={QUOTE_FIELD_IDS.location}
            name="location"
            error={errors.location}
            label="Post code"
            hint="Where should we collect from?"
            autoComplete="postal-code"
            value={draft.location}
            onChange={(location) => update({ location })}
          />
          <p role="status" className="font-semibold">
            {area ? (
              <a href={area.address} className="link">
                {AREAS_TEXTS.weCollect(area.name)}
              </a>
            ) : null}
          </p>
        </div>
      );
    }
    case 5:
      return (
        <div className="space-y-4">
          <TextField
            id={QUOTE_FIELD_IDS.name}
            name="name"
            error={errors.name}
            label="Name"
            autoComplete="name"
            value={draft.contact.name}
            onChange={(name) => update({ contact: { name } })}
          />
          <TextField
            id={QUOTE_FIELD_IDS.email}
            name="email"
            error={errors.email}
            label="Email"
            type="email"
            autoComplete="email"
            value={draft.contact.email}
            onChange={(email) => update({ contact: { email } })}
          />
          <TextField
            id={QUOTE_FIELD_IDS.phone}
            name="phone"
            error={errors.phone}
            label="Phone"
            type="tel"
            autoComplete="tel"
            value={draft.contact.phone}
            onChange={(phone) => update({ contact: { phone } })}
          />
        </div>
      );
    default:
      return <Review draft={draft} />;
  }
}

function Review({ draft }: { draft: QuoteDraft }) {
  const rows: Array<[string, string]> = [
    ["Business Type", draft.businessType],
    ["Waste Type", draft.wasteType],
    ["Volume/Frequency", draft.frequency],
    ["Post code", draft.location],
    ["Name", draft.contact.name],
    ["Email", draft.contact.email],
    ["Phone", draft.contact.phone],
  ];
  return (
    <dl className="divide-y divide-border rounded-lg border border-border bg-bg">
      {rows.map(([label, value]) => (
        <div key={label} className="grid gap-1 px-4 py-3 sm:grid-cols-3">
          <dt className="text-sm font-semibold text-muted">{label}</dt>
          <dd className="break-words sm:col-span-2">{value || "—"}</dd>
        </div>
      ))}
    </dl>
  );
}
