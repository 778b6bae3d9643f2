import { ENQUIRY_RETRY } from "@common/leads/enquiries";
import type { FormKind } from "@common/leads/enquiry-terms";
import { decodeLeadSource } from "@common/leads/lead-source-field";
import { FORM_TOKEN_PLACEHOLDER } from "@common/leads/spam-fields";
import { type RefObject, useCallback, useEffect, useRef } from "react";
import { visitSource } from "../insights/insights";

export type EnquiryResult = { ok: true; reference: string } | { ok: false; status: number; message: string };

type Attempt = EnquiryResult & { retryAfterMs?: number };

async function attempt(kind: FormKind, body: object): Promise<Attempt> {
  try {
    const res = await fetch(`/api/${kind}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    });
    const payload = await res.json().catch(() => undefined);
    if (res.ok)
      return { ok: true, reference: typeof payload?.reference === "string" ? payload.reference : "" };
    const message =
      typeof payload?.message === "string" ? payload.message : res.statusText || `HTTP ${res.status}`;
    const retryAfter = Number(res.headers.get("retry-after"));
    return {
      ok: false,
      status: res.status,
      message,
      retryAfterMs: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined,
    };
  } catch (error) {
    return { ok: false, status: 0, message: error instanceof Error ? error.message : "Network error" };
  }
}

/** Worth sending again by itself: the database was away (503) or the network dropped the send. */
const passing = (result: Attempt) => !result.ok && (result.status === 503 || result.status === 0);

/**
 * Posts an enquiry to our own API; never throws (network failures come back as results). While
 * the server answers 503 (its database away) or the network fails, it sends again by itself, as
 * the server's Retry-After asks, for up to ENQUIRY_RETRY.forMs; then the last answer is the
 * visitor's to act on (the form keeps what they typed).
 */
export async function postEnquiry(kind: FormKind, body: object): Promise<EnquiryResult> {
  const until = Date.now() + ENQUIRY_RETRY.forMs;
  for (;;) {
    const result = await attempt(kind, body);
    const wait = result.ok ? 0 : (result.retryAfterMs ?? ENQUIRY_RETRY.afterSeconds * 1000);
    if (!passing(result) || Date.now() + wait > until) {
      const { retryAfterMs: _, ...answer } = result;
      return answer as EnquiryResult;
    }
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/** Messages worth showing as they are: the visitor can act on them (rate limit, a refused field, not sent). */
export const isActionable = (result: EnquiryResult) =>
  !result.ok && (result.status === 429 || result.status === 400 || result.status === 503);

/**
 * The form's token (the spam check). The server puts one in the page's token field as it serves
 * the page (`input`); a form shown without one (after a navigation in the browser) fetches one
 * from our own server, and a new one is fetched after each enquiry sent. Without one (a network
 * failure) the form is still sent, and kept as Spam for staff to release (decision 0047).
 */
export function useFormToken(input?: RefObject<HTMLInputElement | null>) {
  const own = useRef("");
  const read = useCallback(() => (input ? (input.current?.value ?? "") : own.current), [input]);
  const write = useCallback(
    (token: string) => {
      if (input?.current) input.current.value = token;
      else own.current = token;
    },
    [input],
  );
  const renew = useCallback(() => {
    write("");
    fetch("/api/form-token", { headers: { accept: "application/json" }, cache: "no-store" })
      .then((res) => (res.ok ? res.json() : undefined))
      .then((body) => {
        if (typeof body?.token === "string") write(body.token);
      })
      .catch(() => {});
  }, [write]);
  useEffect(() => {
    const served = read();
    if (!served || served === FORM_TOKEN_PLACEHOLDER) renew();
  }, [read, renew]);
  return { current: () => (read() === FORM_TOKEN_PLACEHOLDER ? "" : read()), renew };
}

/**
 * The source sent with an enquiry: the visit the tab kept with the visitor's consent, else what the
 * server put into the form's page (`field`, common/leads/lead-source-field.ts: the page's own request, when
 * it was where the visit landed); undefined when neither is known.
 */
export function enquirySource(field: HTMLInputElement | null | undefined) {
  return visitSource() ?? decodeLeadSource(field?.value);
}

/**
 * A form's route action answer when it could not take the enquiry (without JavaScript): what was
 * typed, each field's message (in the form's order), or why it was not sent; the token sent,
 * kept for the next try.
 */
export interface EnquiryFormAnswer {
  values: Record<string, string>;
  fieldErrors: Record<string, string>;
  /** The database was away (503): the catalogue's "not sent" message. */
  notSent?: string;
  /** Refused for another reason the visitor can act on (a field's type, a size). */
  error?: string;
  token: string;
  /** The source field as it was sent (common/leads/lead-source-field.ts), kept for the next try. */
  source?: string;
}

/** The query parameter of the page a sent form returns to: the reference only, never a detail. */
export const SENT_PARAM = "sent";
export const REFERENCE_SHAPE = /^FO-[0-9A-F]{8}$/;
