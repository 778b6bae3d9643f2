/**
 * The domain's errors. Services return results or throw one of these; they know nothing of HTTP.
 * The API's error handler maps them to statuses (NotFound 404, Conflict 409, Invalid 400) and
 * screen actions show their message, which always comes from a catalogue in `common/`.
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
