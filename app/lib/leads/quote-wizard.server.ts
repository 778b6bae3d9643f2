import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import type { AreaServed } from "@common/content/areas";
import { domainFailure } from "@common/errors";
import { ENQUIRY_LIMITS, ENQUIRY_RETRY, quoteStepSchemas } from "@common/leads/enquiries";
import { ENQUIRY_MESSAGES, QUOTE_MESSAGES } from "@common/leads/enquiry-messages";
import { postedToken, submissionFromForm } from "@common/leads/enquiry-submission";
import { QUOTE_STEPS } from "@common/leads/enquiry-terms";
import { QUOTE_STATE_COOKIE, QUOTE_STATE_MAX_AGE_S } from "@common/leads/quote-state";
import { type AppLoadContext, data, redirect } from "react-router";
import { emptyDraft, type QuoteDraft, type QuoteField, type QuoteFieldError, stepPath } from "./quote-draft";

/**
 * The quote wizard without JavaScript: each step is a form posted to the route's action, which
 * keeps the answers so far in one encrypted, HttpOnly cookie (never a URL) and answers with a
 * redirect to the next step (POST-redirect-GET: a refresh loses nothing and sends nothing twice).
 * With JavaScript the same pages are the client-side wizard, and none of this runs.
 */

/** What the cookie holds: the answers, the form token of the first step shown, the reference once sent. */
export interface QuoteState {
  draft: QuoteDraft;
  /** The spam check's form token from the first step sent: the fill time counts from there. */
  token?: string;
  /** The reference of the quote just sent: the success screen shows it once. */
  sent?: string;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** Any parsed value as a well-formed draft, each answer within its field's limit. */
export function draftFrom(value: unknown): QuoteDraft {
  const stored = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
  const contact = (
    typeof stored.contact === "object" && stored.contact !== null ? stored.contact : {}
  ) as Record<string, unknown>;
  const cut = (raw: unknown, field: keyof typeof ENQUIRY_LIMITS) => text(raw).slice(0, ENQUIRY_LIMITS[field]);
  return {
    businessType: cut(stored.businessType, "businessType"),
    wasteType: cut(stored.wasteType, "wasteType"),
    frequency: cut(stored.frequency, "frequency"),
    location: cut(stored.location, "location"),
    contact: {
      name: cut(contact.name, "name"),
      email: cut(contact.email, "email"),
      phone: cut(contact.phone, "phone"),
    },
  };
}

/** The cookie's additional data (GCM): a value sealed for anything else does not open here. */
const COOKIE_AAD = Buffer.from(`${QUOTE_STATE_COOKIE}/v1`);

/**
 * The cookie's value: `<iv>.<ciphertext>.<tag>` (base64url), the answers, the token, the
 * reference and the expiry time as JSON sealed with AES-256-GCM under a key derived from the
 * secrets key (keyring.ts): the visitor's name, e-mail, phone and post code are not readable in
 * it, and a value altered in any part does not open.
 */
export function sealQuoteState(key: Buffer, state: QuoteState, now = Date.now()): string {
  const plain = JSON.stringify({
    d: state.draft,
    t: state.token,
    s: state.sent,
    e: now + QUOTE_STATE_MAX_AGE_S * 1000,
  });
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(COOKIE_AAD);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [iv, body, cipher.getAuthTag()].map((part) => part.toString("base64url")).join(".");
}

const SEALED = /^([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{1,6000})\.([A-Za-z0-9_-]{22})$/;

/** The JSON a cookie's value holds when one of `keys` sealed it unaltered; undefined otherwise. */
function openWith(keys: readonly Buffer[], match: RegExpExecArray): unknown {
  const [iv, body, tag] = match.slice(1).map((part) => Buffer.from(part, "base64url"));
  for (const key of keys) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", key, iv);
      decipher.setAAD(COOKIE_AAD);
      decipher.setAuthTag(tag);
      const plain = Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
      return JSON.parse(plain);
    } catch {
      // Not this key's (another key, or altered): the next, if any.
    }
  }
  return undefined;
}

/**
 * The state in a cookie's value when it is ours (sealed with one of `keys`: the current key
 * first, then those a rotation left readable), unaltered and unexpired; undefined otherwise.
 */
export function openQuoteState(
  keys: Buffer | readonly Buffer[],
  value: string | undefined,
  now = Date.now(),
): QuoteState | undefined {
  const match = value ? SEALED.exec(value) : null;
  if (!match) return undefined;
  const parsed = openWith(Buffer.isBuffer(keys) ? [keys] : (keys as readonly Buffer[]), match) as
    | Record<string, unknown>
    | undefined;
  if (typeof parsed !== "object" || parsed === null) return undefined;
  if (typeof parsed.e !== "number" || parsed.e <= now) return undefined;
  return {
    draft: draftFrom(parsed.d),
    token: typeof parsed.t === "string" ? parsed.t : undefined,
    sent: typeof parsed.s === "string" ? parsed.s : undefined,
  };
}

/** Browsers keep cookies up to 4,096 bytes with their name; a longer state is refused, not lost silently. */
export const QUOTE_STATE_MAX_BYTES = 4000;

/** The Set-Cookie header: the sealed state for the quote pages, or (undefined) the one that removes it. */
export function quoteStateCookie(value: string | undefined, secure: boolean): string {
  return [
    `${QUOTE_STATE_COOKIE}=${value ?? ""}`,
    `Max-Age=${value ? QUOTE_STATE_MAX_AGE_S : 0}`,
    "Path=/quote",
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

function cookieValue(request: Request): string | undefined {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === QUOTE_STATE_COOKIE) return rest.join("=");
  }
  return undefined;
}

const stateKey = (context: AppLoadContext) => context.services.keyring.derive("quoteAnswers");
/** Secure whenever the site is served over TLS (its SITE_URL, or this request through a trusted proxy). */
const secure = (context: AppLoadContext) => context.servedOverTls;

/** The visitor's state, when they hold a valid cookie (one a rotation left readable included). */
export async function readQuoteState(request: Request, context: AppLoadContext) {
  const value = cookieValue(request);
  return value ? openQuoteState(context.services.keyring.derivedAll("quoteAnswers"), value) : undefined;
}

/**
 * A choice step's answer: a card or the free text beside the cards. A form without scripts sends
 * both (a card cannot be unchecked), so what the visitor changed against the answer kept wins.
 */
export function choice(form: FormData, name: string, kept: string): string {
  const typed = text(form.get(`${name}Other`));
  const card = text(form.get(name));
  if (typed.trim() && typed !== kept) return typed;
  if (card && card !== kept) return card;
  return typed.trim() ? typed : card;
}

/** The answers a step's form sent, over the ones kept. */
export function answersFrom(step: number, form: FormData, draft: QuoteDraft): QuoteDraft {
  const field = (name: string) => text(form.get(name));
  switch (step) {
    case 1:
      return { ...draft, businessType: choice(form, "businessType", draft.businessType) };
    case 2:
      return { ...draft, wasteType: field("wasteType") };
    case 3:
      return { ...draft, frequency: choice(form, "frequency", draft.frequency) };
    case 4:
      return { ...draft, location: field("location") };
    case 5:
      return { ...draft, contact: { name: field("name"), email: field("email"), phone: field("phone") } };
    default:
      return draft;
  }
}

const STEP_OF_FIELD = { businessType: 1, wasteType: 2, frequency: 3, location: 4, contact: 5 } as const;
type StepField = keyof typeof STEP_OF_FIELD;

/**
 * A step's errors, each with the input it belongs to, in the order the form checks them (SPEC's
 * messages); the answer as checked (the post code normalised) when there are none.
 */
export function checkStep(step: number, draft: QuoteDraft): { errors: QuoteFieldError[]; draft: QuoteDraft } {
  const field = (Object.keys(STEP_OF_FIELD) as StepField[]).find((name) => STEP_OF_FIELD[name] === step);
  if (!field) return { errors: [], draft };
  const result = quoteStepSchemas[field].safeParse(draft[field]);
  if (result.success) return { errors: [], draft: { ...draft, [field]: result.data } };
  const errors: QuoteFieldError[] = [];
  for (const issue of result.error.issues) {
    const part = String(issue.path[0] ?? "name");
    const name: QuoteField =
      field !== "contact" ? field : part === "email" || part === "phone" ? part : "name";
    if (!errors.some((error) => error.field === name)) errors.push({ field: name, message: issue.message });
  }
  return { errors, draft };
}

/** The first step before `step` whose answer is missing or wrong (the visitor is sent back to it). */
export function firstUnanswered(step: number, draft: QuoteDraft): number | undefined {
  for (let earlier = 1; earlier < step && earlier < QUOTE_STEPS; earlier++)
    if (checkStep(earlier, draft).errors.length > 0) return earlier;
  return undefined;
}

/** What the route's loader gives the page: the visitor's answers (null: none kept), the reference once sent. */
export interface QuotePageData {
  draft: QuoteDraft | null;
  sent?: string;
  /** The service areas of published pages (the postcode step's "We collect in …"); absent when none. */
  areas?: AreaServed[];
}

/**
 * GET: the answers kept for this visitor. Step 3 without a waste type goes back to step 2 (SPEC);
 * the reference of a quote just sent is shown once on step 6, then forgotten.
 */
export async function quoteLoader(request: Request, context: AppLoadContext, step: number) {
  const [state, served] = await Promise.all([
    readQuoteState(request, context),
    context.services.blockPages.areas(),
  ]);
  const areas = served.length > 0 ? { areas: served } : {};
  if (!state)
    return data<QuotePageData>({ draft: null, ...areas }, cookieValue(request) ? forget(context) : undefined);
  if (state.sent !== undefined)
    return data<QuotePageData>(
      { draft: null, sent: step === QUOTE_STEPS ? state.sent : undefined, ...areas },
      forget(context),
    );
  if (step === 3 && !state.draft.wasteType.trim()) throw redirect(stepPath(2));
  return data<QuotePageData>(
    { draft: state.draft, ...areas },
    { headers: { "cache-control": "private, no-store" } },
  );
}

const forget = (context: AppLoadContext) => ({
  headers: {
    "set-cookie": quoteStateCookie(undefined, secure(context)),
    "cache-control": "private, no-store",
  },
});

/** What the action answers when the step is refused: the answers as typed and each error. */
export interface QuoteActionData {
  draft: QuoteDraft;
  errors: QuoteFieldError[];
}

async function keep(context: AppLoadContext, state: QuoteState) {
  const sealed = sealQuoteState(stateKey(context), state);
  return sealed.length + QUOTE_STATE_COOKIE.length + 1 <= QUOTE_STATE_MAX_BYTES ? sealed : undefined;
}

function go(path: string, cookie: string) {
  return redirect(path, { status: 303, headers: { "set-cookie": cookie } });
}

function refuse(
  draft: QuoteDraft,
  errors: QuoteFieldError[],
  status: number,
  { cookie, retryAfter }: { cookie?: string; retryAfter?: number } = {},
) {
  const headers = new Headers({ "cache-control": "private, no-store" });
  if (cookie) headers.set("set-cookie", cookie);
  const wait = retryAfter ?? (status === 503 ? ENQUIRY_RETRY.afterSeconds : undefined);
  if (wait !== undefined) headers.set("retry-after", String(wait));
  return data<QuoteActionData>({ draft, errors }, { status, headers });
}

/**
 * POST of a step: `intent=previous` keeps what was typed and goes back; otherwise the step's
 * answer is checked (its errors shown beside its fields) and the visitor goes on, or, on step 6,
 * the quote goes through the same intake as POST /api/quote (spam score, stored, mailed) and the
 * success screen shows the reference. `intent=forget`: the scripts took the answers over.
 */
export async function quoteAction(request: Request, context: AppLoadContext, step: number) {
  const form = await request.formData();
  const intent = text(form.get("intent"));
  const state = (await readQuoteState(request, context)) ?? { draft: emptyDraft() };
  if (intent === "forget") return data({ ok: true }, forget(context));
  const typed = answersFrom(step, form, state.draft);
  // The token of the first step shown (put in the page as it was served): the fill time is the
  // whole wizard's. A page made in the browser has only the placeholder: no token.
  const token = state.token || postedToken(form);
  const isSecure = secure(context);
  if (intent === "previous") {
    const sealed = await keep(context, { draft: draftFrom(typed), token });
    const back = step === 1 ? "/" : stepPath(step - 1);
    return go(back, quoteStateCookie(sealed ?? (await keep(context, { ...state, token })), isSecure));
  }
  if (step < QUOTE_STEPS) {
    const earlier = firstUnanswered(step, typed);
    if (earlier !== undefined)
      return go(
        stepPath(earlier),
        quoteStateCookie(await keep(context, { draft: draftFrom(typed), token }), isSecure),
      );
    const { errors, draft } = checkStep(step, typed);
    const sealed = await keep(context, { draft: draftFrom(draft), token });
    if (!sealed) return refuse(typed, tooLong(step), 400);
    if (errors.length > 0) return refuse(typed, errors, 400, { cookie: quoteStateCookie(sealed, isSecure) });
    return go(stepPath(step + 1), quoteStateCookie(sealed, isSecure));
  }
  // Sent with answers missing (the cookie expired): back to the first step left unanswered.
  const missing = firstUnanswered(QUOTE_STEPS, state.draft);
  if (missing !== undefined)
    return go(stepPath(missing), quoteStateCookie(await keep(context, { ...state, token }), isSecure));
  // Only a send counts against the hourly allowance (not the steps); the answers stay in the cookie.
  const wait = await context.enquiryAllowance?.("quote");
  if (wait !== undefined)
    return refuse(state.draft, [{ field: "submit", message: ENQUIRY_MESSAGES.limited(wait) }], 429, {
      retryAfter: wait,
    });
  return submit(context, form, state.draft, token);
}

/** A state too long for a cookie (text far past any real answer in bytes): said on the step's first field. */
function tooLong(step: number): QuoteFieldError[] {
  const field = (Object.keys(STEP_OF_FIELD) as StepField[]).find((name) => STEP_OF_FIELD[name] === step);
  return [{ field: field === "contact" || !field ? "name" : field, message: QUOTE_MESSAGES.submitFailed }];
}

/**
 * The wizard's door: the answers kept between the steps, with the last step's honeypot and lead
 * source field and the first step's token, as one submission to the intake (as POST /api/quote).
 */
async function submit(context: AppLoadContext, form: FormData, draft: QuoteDraft, token: string | undefined) {
  const sender = { client: context.clientKey, browser: context.sentByBrowser };
  const submission = { ...submissionFromForm("quote", form, sender, { ...draft }), token };
  // Scored as every enquiry is (a post without the page's token is Spam).
  try {
    const { reference } = await context.services.intake.take(submission);
    const sealed = await keep(context, { draft: emptyDraft(), sent: reference });
    return go(stepPath(QUOTE_STEPS), quoteStateCookie(sealed, secure(context)));
  } catch (error) {
    // The answers stay in the cookie: nothing typed is lost, and Submit can be pressed again. The
    // intake's refusal (every step was checked on the way, so hardly ever) says its first field's.
    const failure = domainFailure(error);
    if (!failure) context.log?.error({ err: error }, "quote: not stored");
    const status = failure?.status ?? 503;
    const message = failure?.message ?? QUOTE_MESSAGES.submitFailed;
    return refuse(draft, [{ field: "submit", message }], status >= 500 ? 503 : status);
  }
}
