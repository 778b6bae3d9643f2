import { REFERENCE_TEXT } from "@common/leads/confirmation";
import { CheckCircle2, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { primaryButtonClass } from "../enquiry/styles";

/** The success popup after a quote is sent, with the visitor's reference; 'Close' returns to /. */
export function SuccessDialog({ reference, onClose }: { reference: string; onClose(): void }) {
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    close.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/60 p-4">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="quote-success-title"
        aria-describedby="quote-success-text"
        className="relative w-full max-w-md rounded-xl border border-border bg-surface p-6 text-center shadow-xl"
      >
        <CheckCircle2 aria-hidden="true" className="mx-auto size-12 text-brand" />
        <h2 id="quote-success-title" className="mt-3 text-xl font-bold">
          Quote request sent
        </h2>
        <p id="quote-success-text" className="mt-2 text-muted">
          Thank you. Our team will review your details and contact you shortly with your quote.
        </p>
        {reference && <p className="mt-3 font-bold">{REFERENCE_TEXT.yours(reference)}</p>}
        {/* Without JavaScript, Close is a plain request for the home page. */}
        <form method="get" action="/">
          <button
            ref={close}
            type="submit"
            onClick={(event) => {
              event.preventDefault();
              onClose();
            }}
            className={`${primaryButtonClass} mt-6`}
          >
            <X aria-hidden="true" className="size-4" />
            Close
          </button>
        </form>
      </div>
    </div>
  );
}
