import { domainFailure as failureOf, isDomainError } from "@common/errors";
import { data } from "react-router";
import type { FieldErrors, Refused } from "./action-answer";

/**
 * The screens' action kit, server side: every admin action answers `{ ok: true, message? }`
 * (`done`) or `{ ok: false, error, fieldErrors? }` (`refused`, `invalidInput`) with the status of
 * the one domain-error mapping (common/errors.ts), the API's; the client handles an
 * answer once with `useAnswer` (app/lib/action-answer.ts). A loader turns NotFound into its own
 * not-found view (`foundOrNull`) or the route's 404 (`foundOr404`). Anything that is not a domain
 * error is a real failure and is thrown on.
 */
export function domainFailure(error: unknown): { status: number; message: string } {
  const failure = failureOf(error);
  if (!failure) throw error;
  return { status: failure.status, message: failure.message };
}

/** A done action's answer: an optional message, and what the screen needs to go on. */
export function done<T extends object>(extra?: T & { message?: string }) {
  return { ok: true as const, ...(extra as T & { message?: string }) };
}

/**
 * A refused action's answer: the domain error's own message (from a catalogue in common/) with
 * its status, or `failure` (the action's own failure message) when the message is not the user's
 * business (anything but Invalid).
 */
export function refused(error: unknown, failure?: string) {
  const { status, message } = domainFailure(error);
  const shown = failure !== undefined && !isDomainError(error, "Invalid") ? failure : message;
  return data<Refused>({ ok: false, error: shown }, { status });
}

/** Input a schema refused: 400 with the first message and every field's own (the first per field). */
export function invalidInput(issues: ReadonlyArray<{ message: string; path: ReadonlyArray<PropertyKey> }>) {
  const fieldErrors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join(".");
    if (field && !(field in fieldErrors)) fieldErrors[field] = issue.message;
  }
  return data<Refused>({ ok: false, error: issues[0]?.message ?? "", fieldErrors }, { status: 400 });
}

/** What `read` gives, or the route's 404 (with `body` as its data) when it throws NotFound. */
export async function foundOr404<T>(read: Promise<T>, body: unknown = null): Promise<T> {
  const found = await foundOrNull(read);
  if (found === null) throw data(body, { status: 404 });
  return found;
}

/**
 * What `read` gives, or null when it throws NotFound (a screen that shows its own not-found view):
 * the one not-found helper of the screens.
 */
export async function foundOrNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (isDomainError(error, "NotFound")) return null;
    throw error;
  }
}
