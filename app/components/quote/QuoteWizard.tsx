import type { AreaServed } from "@common/content/areas";
import { HONEYPOT_FIELD, normalisePostCode, quoteSchema, quoteStepSchemas } from "@common/leads/enquiries";
import { QUOTE_MESSAGES } from "@common/leads/enquiry-messages";
import { QUOTE_STEP_NAMES, QUOTE_STEPS } from "@common/leads/enquiry-terms";
import { LEAD_SOURCE_FIELD, LEAD_SOURCE_PLACEHOLDER } from "@common/leads/lead-source-field";
import { FORM_TOKEN_FIELD, FORM_TOKEN_PLACEHOLDER } from "@common/leads/spam-fields";
import { QUOTE_RESET_MS, VALIDATION_MESSAGE_MS } from "@common/ui";
import { ArrowLeft, ArrowRight, Loader2, Send } from "lucide-react";
import { type FormEvent, type MouseEvent, useCallback, useEffect, useRef, useState } from "react";
import { formStage, formSubmitted, pageShown } from "~/lib/insights/insights";
import { enquirySource, isActionable, postEnquiry, useFormToken } from "~/lib/leads/enquiry-api";
import {
  QUOTE_FIELD_IDS,
  type QuoteDraft,
  type QuoteFieldError,
  stepPath,
  useQuoteDraft,
} from "~/lib/leads/quote-draft";
import { showMessage } from "~/page-script/messages";
import { ErrorSummary, FieldError, FormMessage, HoneypotField } from "../enquiry/FormParts";
import { primaryButtonClass, secondaryButtonClass } from "../enquiry/styles";
import { StepFields } from "./QuoteSteps";
import { StepIndicator } from "./StepIndicator";
import { SuccessDialog } from "./SuccessDialog";

/** /quote and unknown sub-paths are step 1; /quote/2 … /quote/6 the others. */
export function stepFromPath(splat: string | undefined): number {
  const step = Number(splat?.replace(/\/+$/, ""));
  return Number.isInteger(step) && step >= 2 && step <= QUOTE_STEPS ? step : 1;
}

/** The step of a /quote/* address (the browser's, as it moves between steps). */
const stepOfPath = (pathname: string) => stepFromPath(pathname.replace(/^\/quote\/?/, ""));

/** The scripts let the server's copy of the answers go (they keep the draft in the tab now). */
function forgetKept() {
  const body = new FormData();
  body.set("intent", "forget");
  fetch("/quote", { method: "POST", body }).catch(() => {});
}

const STEP_FIELD = ["businessType", "wasteType", "frequency", "location", "contact"] as const;

/** The wizard's props: plain data, written into the page beside it (it runs as an island: app/islands). */
export interface QuoteWizardProps {
  /** The step the page was served at; the island then moves between steps itself. */
  step: number;
  /** The answers the server kept for steps sent without JavaScript (null: none). */
  kept?: QuoteDraft | null;
  /** A step sent without JavaScript and refused: the answers as typed and each error. */
  refused?: { draft: QuoteDraft; errors: QuoteFieldError[] };
  /** The reference of a quote sent without JavaScript (its success screen). */
  sentReference?: string;
  /** The service areas of published pages: the postcode step says "We collect in …" for one. */
  areas?: AreaServed[];
}

/**
 * The six-step quote wizard. Every step is a form posted to the route's action (a server round
 * trip per step without JavaScript); with scripts the steps run here, with no reload: the step is
 * state, each one a /quote/N address of the tab's history (Back and Forward move between them).
 */
export function QuoteWizard({ step: servedStep, kept, refused, sentReference, areas }: QuoteWizardProps) {
  // The scripts have taken over the answers the server kept: it lets them go.
  const { draft, loaded, update, reset } = useQuoteDraft(refused?.draft ?? kept, forgetKept);
  const [step, setStep] = useState(servedStep);
  const [message, setMessage] = useState("");
  const [sending, setSending] = useState(false);
  /** The visitor's reference once the quote is sent. */
  const [sent, setSent] = useState<string | undefined>(sentReference);
  /** The errors of a step refused by the server, until the visitor sends again here. */
  const [errors, setErrors] = useState<QuoteFieldError[]>(refused?.errors ?? []);
  const [trap, setTrap] = useState("");
  const formToken = useFormToken();
  const sourceInput = useRef<HTMLInputElement>(null);
  const messageTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const resetTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const show = useCallback((text: string) => {
    clearTimeout(messageTimer.current);
    setMessage(text);
    messageTimer.current = setTimeout(() => setMessage(""), VALIDATION_MESSAGE_MS);
  }, []);

  /** Moves to a step's address (a new entry of the tab's history, or this one replaced). */
  const navigate = useCallback((path: string, replace = false) => {
    history[replace ? "replaceState" : "pushState"](null, "", path);
    setStep(stepOfPath(path));
    pageShown(path); // Insights: a page shown inside the site
  }, []);

  useEffect(() => {
    // Back and Forward between the steps' addresses.
    const onPop = () => {
      clearTimeout(messageTimer.current);
      setMessage("");
      setErrors([]);
      setStep(stepOfPath(location.pathname));
      pageShown(location.pathname);
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);

  useEffect(() => {
    // Step 3 needs a waste type; without one the visitor goes back to step 2.
    if (loaded && step === 3 && !draft.wasteType.trim()) navigate("/quote/2", true);
    else if (loaded) formStage("quote", String(step)); // the funnel (Insights)
  }, [loaded, step, draft.wasteType, navigate]);

  /** Leaving before the reset delay: still reset, the quote has been sent. */
  const resetNow = useCallback(() => {
    if (!resetTimer.current) return;
    clearTimeout(resetTimer.current);
    resetTimer.current = undefined;
    reset();
  }, [reset]);

  useEffect(() => {
    // Every other page is a document of its own: the tab leaves this one.
    window.addEventListener("pagehide", resetNow);
    return () => {
      window.removeEventListener("pagehide", resetNow);
      clearTimeout(messageTimer.current);
      resetNow();
    };
  }, [resetNow]);

  async function next(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setErrors([]);
    if (step < QUOTE_STEPS) {
      const field = STEP_FIELD[step - 1];
      const result = quoteStepSchemas[field].safeParse(draft[field]);
      if (!result.success) return show(result.error.issues[0]?.message ?? "");
      if (field === "location") update({ location: normalisePostCode(draft.location) });
      return go(stepPath(step + 1));
    }
    if (sending || sent !== undefined) return;
    const parsed = quoteSchema.safeParse(draft);
    if (!parsed.success) return show(parsed.error.issues[0]?.message ?? "");
    setSending(true);
    const result = await postEnquiry("quote", {
      ...parsed.data,
      [HONEYPOT_FIELD]: trap,
      [FORM_TOKEN_FIELD]: formToken.current(),
      source: enquirySource(sourceInput.current),
    });
    setSending(false);
    if (!result.ok)
      return showMessage(isActionable(result) ? result.message : QUOTE_MESSAGES.submitFailed, "error");
    formToken.renew();
    setSent(result.reference);
    formSubmitted("quote");
    resetTimer.current = setTimeout(() => {
      resetTimer.current = undefined;
      reset();
    }, QUOTE_RESET_MS);
  }

  function go(path: string) {
    clearTimeout(messageTimer.current);
    setMessage("");
    setErrors([]);
    navigate(path);
  }

  function previous(event: MouseEvent<HTMLButtonElement>) {
    event.preventDefault(); // without scripts the button posts the step (intent=previous)
    if (step === 1) location.assign("/");
    else go(stepPath(step - 1));
  }

  const fieldErrors = Object.fromEntries(errors.map((error) => [error.field, error.message]));

  const closeSuccess = useCallback(() => {
    resetNow();
    location.assign("/");
  }, [resetNow]);

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6">
      {/* While the success popup is open, the page behind it is out of reach (focus and clicks). */}
      <div inert={sent !== undefined} className="space-y-6">
        <ErrorSummary
          id="quote-error-summary"
          level={2}
          errors={errors.map((error): [string, string] => [QUOTE_FIELD_IDS[error.field], error.message])}
        />
        <header className="space-y-2 text-center">
          <h1 className="text-3xl font-bold sm:text-4xl">Get a Quote</h1>
          <p className="text-muted">Six quick steps. We reply within one working day.</p>
        </header>
        <StepIndicator step={step} />
        <form
          method="post"
          action={stepPath(step)}
          noValidate
          onSubmit={next}
          className="relative space-y-5 rounded-xl border border-border bg-surface p-5 shadow-sm sm:p-8"
        >
          <h2 className="text-xl font-bold">
            <span className="text-muted">
              Step {step} of {QUOTE_STEPS}:
            </span>{" "}
            {QUOTE_STEP_NAMES[step - 1]}
          </h2>
          {/* The spam check's token, put in by the server as it serves the page (sent without scripts). */}
          <input type="hidden" name={FORM_TOKEN_FIELD} defaultValue={FORM_TOKEN_PLACEHOLDER} />
          {/* What the server knew of the visit when it served the page (common/leads/lead-source-field.ts):
              the page was the landing or nothing; the scripts send it when the tab kept no visit. */}
          <input
            ref={sourceInput}
            type="hidden"
            name={LEAD_SOURCE_FIELD}
            defaultValue={LEAD_SOURCE_PLACEHOLDER}
            suppressHydrationWarning
          />
          <StepFields step={step} draft={draft} update={update} errors={fieldErrors} areas={areas} />
          {step === QUOTE_STEPS && <HoneypotField id="quote-trap" value={trap} onChange={setTrap} />}
          <FormMessage message={message} live="assertive" testId="quote-message" />
          {fieldErrors.submit && <FieldError id="quote-submit-error" message={fieldErrors.submit} />}
          {/* Next first: Enter in a field sends the form's first button. Shown Previous | Next. */}
          <div className="flex flex-col gap-3 min-[400px]:flex-row-reverse min-[400px]:justify-between">
            <button
              id="quote-submit"
              type="submit"
              name="intent"
              value="next"
              disabled={sending}
              aria-describedby={fieldErrors.submit ? "quote-submit-error" : undefined}
              className={primaryButtonClass}
            >
              {step < QUOTE_STEPS ? "Next" : "Submit"}
              {step < QUOTE_STEPS ? (
                <ArrowRight aria-hidden="true" className="size-4" />
              ) : sending ? (
                <Loader2 aria-hidden="true" className="size-4 animate-spin" />
              ) : (
                <Send aria-hidden="true" className="size-4" />
              )}
            </button>
            <button
              type="submit"
              name="intent"
              value="previous"
              onClick={previous}
              className={secondaryButtonClass}
            >
              <ArrowLeft aria-hidden="true" className="size-4" />
              Previous
            </button>
          </div>
        </form>
      </div>
      {sent !== undefined && <SuccessDialog reference={sent} onClose={closeSuccess} />}
    </div>
  );
}
