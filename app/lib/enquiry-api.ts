import type { EnquiryKind } from "@common/constants";

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
