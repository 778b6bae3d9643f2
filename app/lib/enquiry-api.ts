import type { EnquiryKind } from "@common/enquiry-terms";
import { useCallback, useEffect, useRef } from "react";

export type EnquiryResult = { ok: true; reference: string } | { ok: false; status: number; message: string };

/** Posts an enquiry to our own API; never throws (network failures come back as results). */
export async function postEnquiry(kind: EnquiryKind, body: object): Promise<EnquiryResult> {
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
    return { ok: false, status: res.status, message };
  } catch (error) {
    return { ok: false, status: 0, message: error instanceof Error ? error.message : "Network error" };
  }
}

/** Messages worth showing as they are: the visitor can act on them (rate limit, a refused field). */
export const isActionable = (result: EnquiryResult) =>
  !result.ok && (result.status === 429 || result.status === 400);

/**
 * The form's token (the spam check): fetched from our own server when the form is shown, renewed
 * after each enquiry sent. Without one (a network failure) the form is still sent.
 */
export function useFormToken() {
  const token = useRef("");
  const renew = useCallback(() => {
    token.current = "";
    fetch("/api/form-token", { headers: { accept: "application/json" }, cache: "no-store" })
      .then((res) => (res.ok ? res.json() : undefined))
      .then((body) => {
        if (typeof body?.token === "string") token.current = body.token;
      })
      .catch(() => {});
  }, []);
  useEffect(renew, [renew]);
  return { current: () => token.current, renew };
}
