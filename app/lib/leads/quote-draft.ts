import { useCallback, useEffect, useState } from "react";

/**
 * The quote draft: kept in sessionStorage so a reload keeps the visitor's answers (with
 * JavaScript); without it, the server keeps them between steps (quote-wizard.server.ts).
 */
export interface QuoteDraft {
  businessType: string;
  wasteType: string;
  frequency: string;
  location: string;
  contact: { name: string; email: string; phone: string };
}

export const QUOTE_DRAFT_KEY = "quote-draft";

/** /quote is step 1; /quote/2 … /quote/6 the others. */
export const stepPath = (step: number) => (step === 1 ? "/quote" : `/quote/${step}`);

/** The answers a step's error can belong to ('submit': the quote as a whole, on step 6). */
export type QuoteField =
  | "businessType"
  | "wasteType"
  | "frequency"
  | "location"
  | "name"
  | "email"
  | "phone"
  | "submit";

/** A refused answer (sent without JavaScript): shown beside its field and in the summary. */
export interface QuoteFieldError {
  field: QuoteField;
  message: string;
}

/** The id of the input an error's summary link moves to (a choice: its first card). */
export const QUOTE_FIELD_IDS: Record<QuoteField, string> = {
  businessType: "quote-business-type-0",
  wasteType: "quote-waste-type",
  frequency: "quote-frequency-0",
  location: "quote-post-code",
  name: "quote-name",
  email: "quote-email",
  phone: "quote-phone",
  submit: "quote-submit",
};

export const emptyDraft = (): QuoteDraft => ({
  businessType: "",
  wasteType: "",
  frequency: "",
  location: "",
  contact: { name: "", email: "", phone: "" },
});

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** `over`'s answers where it has one, `base`'s elsewhere. */
export function mergeDrafts(base: QuoteDraft, over: QuoteDraft): QuoteDraft {
  const pick = (a: string, b: string) => (b.trim() ? b : a);
  return {
    businessType: pick(base.businessType, over.businessType),
    wasteType: pick(base.wasteType, over.wasteType),
    frequency: pick(base.frequency, over.frequency),
    location: pick(base.location, over.location),
    contact: {
      name: pick(base.contact.name, over.contact.name),
      email: pick(base.contact.email, over.contact.email),
      phone: pick(base.contact.phone, over.contact.phone),
    },
  };
}

/** Whatever is stored (old, edited, corrupt) comes back as a well-formed draft. */
export function loadDraft(): QuoteDraft {
  try {
    const stored = JSON.parse(sessionStorage.getItem(QUOTE_DRAFT_KEY) ?? "{}") ?? {};
    const contact = stored.contact ?? {};
    return {
      businessType: text(stored.businessType),
      wasteType: text(stored.wasteType),
      frequency: text(stored.frequency),
      location: text(stored.location),
      contact: { name: text(contact.name), email: text(contact.email), phone: text(contact.phone) },
    };
  } catch {
    return emptyDraft();
  }
}

function saveDraft(draft: QuoteDraft) {
  try {
    sessionStorage.setItem(QUOTE_DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Private mode or a full quota: the wizard still works, only a reload forgets.
  }
}

export function clearDraft() {
  try {
    sessionStorage.removeItem(QUOTE_DRAFT_KEY);
  } catch {}
}

/**
 * The draft and its setters. `loaded` turns true after the first client render: the server
 * cannot see sessionStorage, so decisions that depend on the draft wait for it. `kept`: the
 * answers the server kept for steps sent before the scripts ran (rendered into the page); they
 * are taken over into this tab's draft, and `onTakenOver` tells the server to let them go.
 */
export function useQuoteDraft(kept?: QuoteDraft | null, onTakenOver?: () => void) {
  const [draft, setDraft] = useState<QuoteDraft>(() => kept ?? emptyDraft());
  const [loaded, setLoaded] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the first client render
  useEffect(() => {
    const stored = loadDraft();
    const next = kept ? mergeDrafts(stored, kept) : stored;
    if (kept) {
      saveDraft(next);
      onTakenOver?.();
    }
    setDraft(next);
    setLoaded(true);
  }, []);

  const update = useCallback(
    (patch: Partial<Omit<QuoteDraft, "contact">> & { contact?: Partial<QuoteDraft["contact"]> }) => {
      setDraft((current) => {
        const next = { ...current, ...patch, contact: { ...current.contact, ...patch.contact } };
        saveDraft(next);
        return next;
      });
    },
    [],
  );

  const reset = useCallback(() => {
    clearDraft();
    setDraft(emptyDraft());
  }, []);

  return { draft, loaded, update, reset };
}
