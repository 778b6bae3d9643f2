import { data } from "react-router";
import { domainStatus } from "../../server/plugins/errors";
import { DomainError, NotFound } from "../../server/services/errors";

/**
 * Screens and the services' domain errors (server/services/errors.ts): an action shows the
 * error's message with the status the API would answer; a loader turns NotFound into the route's
 * 404. Anything else is not the domain's and is rethrown.
 */
export function domainFailure(error: unknown): { status: number; message: string } {
  if (!(error instanceof DomainError)) throw error;
  return { status: domainStatus(error), message: error.message };
}

/** What `read` gives, or the route's 404 (with `body` as its data) when it throws NotFound. */
export async function foundOr404<T>(read: Promise<T>, body: unknown = null): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof NotFound) throw data(body, { status: 404 });
    throw error;
  }
}

/** What `read` gives, or null when it throws NotFound (a screen that shows its own not-found view). */
export async function foundOrNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof NotFound) return null;
    throw error;
  }
}
