import { useCallback, useEffect, useState } from "react";

/** The quote draft: kept in sessionStorage so a reload keeps the visitor's answers. */
export interface QuoteDraft {
  businessType: string;
  wasteType: string;
  frequency: string;
  location: string;
  contact: { name: string; email: string; phone: string };
}

export const QUOTE_DRAFT_KEY = "quote-draft";

export const emptyDraft = (): QuoteDraft => ({
  businessType: "",
  wasteType: "",
  frequency: "",
  location: "",
  contact: { name: "", email: "", phone: "" },
});

const text = (value: unknown) => (typeof value === "string" ? value : "");

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
 * cannot see sessionStorage, so decisions that depend on the draft wait for it.
 */
export function useQuoteDraft() {
  const [draft, setDraft] = useState<QuoteDraft>(emptyDraft);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    setDraft(loadDraft());
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
