import { HONEYPOT_FIELD } from "@common/enquiries";
import type { EnquiryKind } from "@common/enquiry-terms";
import { FORM_TOKEN_FIELD } from "@common/spam-fields";
import { Loader2, Send } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import type { ZodMiniType } from "zod/mini";
import { type EnquiryResult, postEnquiry, useFormToken } from "~/lib/enquiry-api";
import { formStage, formSubmitted, visitSource } from "~/lib/insights";
import { FormMessage, HoneypotField } from "./FormParts";
import { inputClass, primaryButtonClass } from "./styles";

export interface FieldSpec<Name extends string> {
  name: Name;
  label: string;
  type?: "text" | "email" | "tel" | "textarea";
  autoComplete?: string;
  /** Suggestions offered while typing (a datalist); any text is still accepted. */
  suggestions?: readonly string[];
}

interface EnquiryFormProps<Name extends string> {
  kind: EnquiryKind;
  /** id of the heading that names the form (the page section around it). */
  labelledBy: string;
  fields: FieldSpec<Name>[];
  schema: ZodMiniType;
  /** Called after a 201 with the visitor's reference; the form has already been cleared. */
  onSuccess(reference: string): void;
  onFailure(result: Exclude<EnquiryResult, { ok: true }>): void;
}

/**
 * The contact and tankering forms: the first failing field's message as page text (in the
 * shared zod schema's checking order), cleared when any field changes; posted to our own API.
 */
export function EnquiryForm<Name extends string>({
  kind,
  labelledBy,
  fields,
  schema,
  onSuccess,
  onFailure,
}: EnquiryFormProps<Name>) {
  const empty = () => Object.fromEntries(fields.map((f) => [f.name, ""])) as Record<Name, string>;
  const [values, setValues] = useState(empty);
  const [trap, setTrap] = useState("");
  const [error, setError] = useState("");
  const [sending, setSending] = useState(false);
  const id = useId();
  const formToken = useFormToken();
  useEffect(() => formStage(kind, "viewed"), [kind]); // viewed → submitted (Insights)

  const change = (name: Name, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setError("");
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "");
      return;
    }
    setSending(true);
    const result = await postEnquiry(kind, {
      ...(parsed.data as object),
      [HONEYPOT_FIELD]: trap,
      [FORM_TOKEN_FIELD]: formToken.current(),
      source: visitSource(),
    });
    setSending(false);
    if (result.ok) {
      formToken.renew();
      formSubmitted(kind);
      setValues(empty());
      onSuccess(result.reference);
    } else onFailure(result);
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby={labelledBy} className="relative w-full space-y-4">
      {fields.map((field) => {
        const inputId = `${id}-${field.name}`;
        const common = {
          id: inputId,
          name: field.name,
          value: values[field.name],
          autoComplete: field.autoComplete,
          className: inputClass,
        };
        return (
          <div key={field.name} className="space-y-1.5">
            <label htmlFor={inputId} className="block text-sm font-semibold">
              {field.label}
            </label>
            {field.type === "textarea" ? (
              <textarea {...common} rows={5} onChange={(e) => change(field.name, e.target.value)} />
            ) : (
              <input
                {...common}
                type={field.type ?? "text"}
                list={field.suggestions ? `${inputId}-list` : undefined}
                onChange={(e) => change(field.name, e.target.value)}
              />
            )}
            {field.suggestions && (
              <datalist id={`${inputId}-list`}>
                {field.suggestions.map((s) => (
                  <option key={s} value={s} />
                ))}
              </datalist>
            )}
          </div>
        );
      })}
      <HoneypotField id={`${id}-trap`} value={trap} onChange={setTrap} />
      <FormMessage message={error} live="polite" testId="form-error" />
      <button type="submit" disabled={sending} className={`${primaryButtonClass} w-full sm:w-auto`}>
        {sending ? (
          <Loader2 aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <Send aria-hidden="true" className="size-4" />
        )}
        Submit
      </button>
    </form>
  );
}
