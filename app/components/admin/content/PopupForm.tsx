import { POPUP_CONTENT_MAX, POPUP_TITLE_MAX, type PopupInput, popupInputSchema } from "@common/content/popup";
import type { LucideIcon } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { useMessages } from "~/lib/messages";
import { inputClass } from "../../enquiry/styles";

interface PopupFormProps {
  initial?: PopupInput;
  submitLabel: string;
  /** Drawn before the label, as on the blog screens' buttons. */
  submitIcon: LucideIcon;
  busy: boolean;
  onSubmit(input: PopupInput): void;
  /** Further buttons beside the submit button (the edit screen's 'Delete'). */
  children?: ReactNode;
}

function CountedField({
  label,
  max,
  value,
  onChange,
  multiline = false,
}: {
  label: string;
  max: number;
  value: string;
  onChange(value: string): void;
  multiline?: boolean;
}) {
  const id = useId();
  const props = {
    id,
    value,
    maxLength: max,
    "aria-describedby": `${id}-count`,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
    className: inputClass,
  };
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="font-semibold">
          {label}
        </label>
        <span id={`${id}-count`} className="text-sm text-muted tabular-nums">
          {value.length}/{max}
          <span className="sr-only"> characters</span>
        </span>
      </div>
      {multiline ? <textarea rows={6} {...props} /> : <input type="text" autoComplete="off" {...props} />}
    </div>
  );
}

/**
 * 'Title' (at most 40 characters) and 'Content' (at most 360) with visible counters; the same
 * schema as the API decides what may be sent, and an empty field reads 'Cant submit empty details'.
 */
export function PopupForm({
  initial,
  submitLabel,
  submitIcon: SubmitIcon,
  busy,
  onSubmit,
  children,
}: PopupFormProps) {
  const { add } = useMessages();
  const [title, setTitle] = useState(initial?.title ?? "");
  const [content, setContent] = useState(initial?.content ?? "");
  return (
    <form
      noValidate
      className="card mt-6 flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (busy) return;
        const parsed = popupInputSchema.safeParse({ title, content, navigation: initial?.navigation });
        if (parsed.success) onSubmit(parsed.data);
        else add(parsed.error.issues[0].message, "error");
      }}
    >
      <CountedField label="Title" max={POPUP_TITLE_MAX} value={title} onChange={setTitle} />
      <CountedField label="Content" max={POPUP_CONTENT_MAX} value={content} onChange={setContent} multiline />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn btn-primary" aria-disabled={busy}>
          <SubmitIcon aria-hidden="true" className="size-5" />
          {submitLabel}
        </button>
        {children}
      </div>
    </form>
  );
}
