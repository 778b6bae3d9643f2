/**
 * The domain's errors. Services return results or throw one of these. `domainStatus` below is the
 * one mapping to HTTP statuses: the API's error handler and the screens' actions (app/lib/
 * domain-errors.server.ts) both use it, and show the message, which always comes from a catalogue
 * in `common/`.
 */
const DOMAIN_ERROR = Symbol.for("fenland.domain-error");

export class DomainError extends Error {
  readonly [DOMAIN_ERROR] = true;

  /**
   * `instanceof` by brand and name: the pages' bundle carries its own copy of these classes, and
   * an error a service throws must still be recognised there (as NotFound, Invalid…).
   */
  static [Symbol.hasInstance](value: unknown): boolean {
    if (!(value instanceof Error) || !(value as { [DOMAIN_ERROR]?: boolean })[DOMAIN_ERROR]) return false;
    // biome-ignore lint/complexity/noThisInStatic: `this` is the subclass asked about (NotFound, Invalid…)
    return this.name === "DomainError" || value.name === this.name;
  }
}

/** The thing asked for does not exist (or is not visible to the caller). */
export class NotFound extends DomainError {
  override name = "NotFound";
}

/** The write collides with the current state (a stale version, the last account, a used image). */
export class Conflict extends DomainError {
  override name = "Conflict";
}

/** The account's role does not allow this (common/roles.ts); nothing was read or done. */
export class Forbidden extends DomainError {
  override name = "Forbidden";
}

/**
 * A change to how the account signs in, on a session that has not confirmed its password again
 * within SUDO_WINDOW_MS (sudo mode, services/staff/sudo.ts): 403 until it does.
 */
export class SudoRequired extends DomainError {
  override name = "SudoRequired";
}

/** The input breaks a rule; the message says which, in the user's words. */
export class Invalid extends DomainError {
  override name = "Invalid";
}

/** Too many attempts (sign-in, password checks): try again after `retryAfterMs`, when known. */
export class Limited extends DomainError {
  override name = "Limited";
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/**
 * Something the write depends on (the shared login counters) cannot be reached; nothing was done.
 * `logLine` tells the operator what failed; the message is the user's.
 */
export class Unavailable extends DomainError {
  override name = "Unavailable";
  constructor(
    message: string,
    readonly logLine: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * The one status for a domain error, for the API and the screens alike: not found 404, conflict
 * 409, forbidden (or sudo mode needed) 403, too many attempts 429, unavailable 503, invalid input 400.
 */
export function domainStatus(error: DomainError): number {
  if (error instanceof NotFound) return 404;
  if (error instanceof Conflict) return 409;
  if (error instanceof Forbidden || error instanceof SudoRequired) return 403;
  if (error instanceof Limited) return 429;
  if (error instanceof Unavailable) return 503;
  return 400;
}
