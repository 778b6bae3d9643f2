import { REFERENCE_TEXT } from "@common/leads/confirmation";
import { HONEYPOT_FIELD } from "@common/leads/enquiries";
import { FORM_TEXT } from "@common/leads/enquiry-messages";
import type { FormKind } from "@common/leads/enquiry-terms";
import { LEAD_SOURCE_FIELD, LEAD_SOURCE_PLACEHOLDER } from "@common/leads/lead-source-field";
import { FORM_TOKEN_FIELD, FORM_TOKEN_PLACEHOLDER } from "@common/leads/spam-fields";
import { Loader2, Send } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import type { ZodMiniType } from "zod/mini";
import { formStage, formSubmitted } from "~/lib/insights/insights";
import {
  type EnquiryFormAnswer,
  type EnquiryResult,
  enquirySource,
  postEnquiry,
  REFERENCE_SHAPE,
  useFormToken,
} from "~/lib/leads/enquiry-api";
import { ErrorSummary, FieldError, FormMessage, HoneypotField } from "./FormParts";
import { inputClass, primaryButtonClass } from "./styles";

export interface FieldSpec<Name extends string> {
  name: Name;
  label: string;
  type?: "text" | "email" | "tel" | "textarea";
  autoComplete?: string;
  /** Suggestions offered while typing (a datalist); any text is still accepted. */
  suggestions?: readonly string[];
}

/**
 * What the page gives the form: where it posts, the route action's answer to a post without
 * JavaScript, the reference of a form just sent (`?sent=`). Plain data: the form runs as an island
 * (app/islands), serialised into the page beside it.
 */
export interface EnquiryFormPage {
  /** The page's path: the form's action without JavaScript. */
  action: string;
  answer?: EnquiryFormAnswer;
  sent: string;
}

interface EnquiryFormProps<Name extends string> extends EnquiryFormPage {
  kind: FormKind;
  /** The fields' ids start with it (one form a page; the same on the server and in the island). */
  idPrefix: string;
  /** id of the heading that names the form (the page section around it). */
  labelledBy: string;
  fields: FieldSpec<Name>[];
  schema: ZodMiniType;
  /** SPEC's success words, shown above the form when it was sent without JavaScript. */
  successText: string;
  /** Called after a 201 with the visitor's reference; the form has already been cleared. */
  onSuccess(reference: string): void;
  onFailure(result: Exclude<EnquiryResult, { ok: true }>): void;
}

const isServer = typeof document === "undefined";

/**
 * The contact and tankering forms. Without JavaScript (or sent before the scripts are ready) the
 * browser posts it to the page's route action (app/lib/leads/enquiry-action.server.ts), which answers
 * with the error summary and each field's message, or the success notice. With JavaScript it is
 * sent to our own API: the first failing field's message as page text (in the shared zod schema's
 * checking order), cleared when any field changes. The fields keep what the visitor typed, even
 * before the scripts arrived: they are read from the form itself.
 */
export function EnquiryForm<Name extends string>({
  kind,
  idPrefix: id,
  labelledBy,
  fields,
  schema,
  successText,
  onSuccess,
  onFailure,
  action,
  answer,
  sent,
}: EnquiryFormProps<Name>) {
  const [error, setError] = useState("");
  const [refused, setRefused] = useState(answer);
  const [sending, setSending] = useState(false);
  const tokenInput = useRef<HTMLInputElement>(null);
  const sourceInput = useRef<HTMLInputElement>(null);
  const formToken = useFormToken(tokenInput);
  useEffect(() => formStage(kind, "viewed"), [kind]); // viewed → submitted (Insights)
  useEffect(() => setRefused(answer), [answer]);

  // Any change clears the messages (SPEC), the server's included.
  const changed = () => {
    setError("");
    setRefused(undefined);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    const posted = new FormData(form);
    const text = (name: string) => {
      const value = posted.get(name);
      return typeof value === "string" ? value : "";
    };
    const values = Object.fromEntries(fields.map((f) => [f.name, text(f.name)]));
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "");
      return;
    }
    setSending(true);
    const result = await postEnquiry(kind, {
      ...(parsed.data as object),
      [HONEYPOT_FIELD]: text(HONEYPOT_FIELD),
      [FORM_TOKEN_FIELD]: formToken.current(),
      source: enquirySource(sourceInput.current),
    });
    setSending(false);
    if (result.ok) {
      formToken.renew();
      formSubmitted(kind);
      for (const field of fields) {
        const input = form.elements.namedItem(field.name);
        if (input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement) input.value = "";
      }
      setRefused(undefined);
      onSuccess(result.reference);
    } else onFailure(result);
  }

  const inputId = (name: string) => `${id}-${name}`;
  const fieldErrors = refused?.fieldErrors ?? {};
  // In the checking order (the schema's, as the action lists them), which may differ from the layout.
  const summary = Object.entries(fieldErrors)
    .filter(([name]) => fields.some((f) => f.name === name))
    .map(([name, message]): [string, string] => [inputId(name), message]);
  const notice = refused?.notSent ?? refused?.error;

  return (
    <>
      {REFERENCE_SHAPE.test(sent) && !refused && (
        <div role="status" className="mb-6 rounded-md border-2 border-brand p-4">
          <p className="font-bold">{successText}</p>
          <p className="mt-1">{REFERENCE_TEXT.yours(sent)}</p>
          {/* With scripts the visitor goes home after the toast (SPEC); without, they choose to. */}
          <a href="/" className="mt-2 inline-block underline">
            {FORM_TEXT.backHome}
          </a>
        </div>
      )}
      <form
        method="post"
        action={action}
        noValidate
        onSubmit={submit}
        aria-labelledby={labelledBy}
        className="relative w-full space-y-4"
      >
        <ErrorSummary id={`${id}-summary`} level={3} errors={summary} />
        {notice && (
          <p role="alert" className="rounded-md border-2 border-red-400 p-4 font-semibold">
            {notice}
          </p>
        )}
        {fields.map((field) => {
          const fieldId = inputId(field.name);
          const message = fieldErrors[field.name];
          const common = {
            id: fieldId,
            name: field.name,
            defaultValue: answer?.values[field.name] ?? "",
            autoComplete: field.autoComplete,
            className: inputClass,
            onChange: changed,
            "aria-invalid": message ? true : undefined,
            "aria-describedby": message ? `${fieldId}-error` : undefined,
          };
          return (
            <div key={field.name} className="space-y-1.5">
              <label htmlFor={fieldId} className="block text-sm font-semibold">
                {field.label}
              </label>
              <FieldError id={`${fieldId}-error`} message={message} />
              {field.type === "textarea" ? (
                <textarea {...common} rows={5} />
              ) : (
                <input
                  {...common}
                  type={field.type ?? "text"}
                  list={field.suggestions ? `${fieldId}-list` : undefined}
                />
              )}
              {field.suggestions && (
                <datalist id={`${fieldId}-list`}>
                  {field.suggestions.map((s) => (
                    <option key={s} value={s} />
                  ))}
                </datalist>
              )}
            </div>
          );
        })}
        <HoneypotField id={`${id}-trap`} />
        {/* The server fills the token in as it serves the page (server/pages/form-token.ts); in
            the browser React leaves the field's value alone (useFormToken reads and renews it). */}
        <input
          ref={tokenInput}
          type="hidden"
          name={FORM_TOKEN_FIELD}
          suppressHydrationWarning
          {...(isServer ? { defaultValue: answer?.token || FORM_TOKEN_PLACEHOLDER } : {})}
        />
        {/* What the server knew of the visit when it served the page, also filled in as it is
            served (the page's own request: common/leads/lead-source-field.ts); sent back with the form. */}
        <input
          ref={sourceInput}
          type="hidden"
          name={LEAD_SOURCE_FIELD}
          suppressHydrationWarning
          {...(isServer ? { defaultValue: answer?.source ?? LEAD_SOURCE_PLACEHOLDER } : {})}
        />
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
    </>
  );
}
