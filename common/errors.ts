/**
 * The domain's errors. Services return results or throw one of these. `domainStatus` below is the
 * one mapping to HTTP statuses, for the API's error handler and the screens' actions alike, and the
 * message always comes from a catalogue in `common/`.
 *
 * The screens are built into the pages' bundle, which has its own copy of this module: an error a
 * service throws is an instance of the server bundle's classes. So the screens recognise a domain
 * error by its kind (`domainFailure`, `isDomainError`: its name), never by `instanceof`.
 */
export class DomainError extends Error {}

/** The thing asked for does not exist (or is not visible to the caller). */
export class NotFound extends DomainError {
  override name = "NotFound";
}

/** The write collides with the current state (a stale version, the last account, a used image). */
export class Conflict extends DomainError {
  override name = "Conflict";
}

/** The account's role does not allow this (common/staff/roles.ts); nothing was read or done. */
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

/** Input refused as a whole: the first field's message, and every field's own (dotted paths). */
export class InvalidFields extends Invalid {
  constructor(
    readonly fieldErrors: Record<string, string>,
    fallback = "",
  ) {
    super(Object.values(fieldErrors)[0] ?? fallback);
  }
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

const STATUS = {
  NotFound: 404,
  Conflict: 409,
  Forbidden: 403,
  SudoRequired: 403,
  Limited: 429,
  Unavailable: 503,
  Invalid: 400,
} as const;

/** Each kind of domain error (its class's name). */
export type DomainErrorKind = keyof typeof STATUS;

/**
 * The one status for a domain error, for the API and the screens alike: not found 404, conflict
 * 409, forbidden (or sudo mode needed) 403, too many attempts 429, unavailable 503, invalid input 400.
 */
export function domainStatus(error: DomainError): number {
  return Object.hasOwn(STATUS, error.name) ? STATUS[error.name as DomainErrorKind] : 400;
}

/** A domain error as a screen shows it: its kind, status, message and (for a form) every field's. */
export interface DomainFailure {
  kind: DomainErrorKind;
  status: number;
  message: string;
  /** Every field's message (a document or a form refused as a whole). */
  fieldErrors?: Record<string, string>;
  /** Unavailable: what the operator is told (never the user's words), and its cause. */
  logLine?: string;
  cause?: unknown;
}

/** Whether `error` is a domain error (of `kind`, when named), from either bundle's copy. */
export function isDomainError(error: unknown, kind?: DomainErrorKind): error is DomainError {
  return (
    error instanceof Error && Object.hasOwn(STATUS, error.name) && (kind === undefined || error.name === kind)
  );
}

/** What a domain error means for a screen; undefined for any other error (a real failure). */
export function domainFailure(error: unknown): DomainFailure | undefined {
  if (!isDomainError(error)) return undefined;
  const { fieldErrors, logLine } = error as { fieldErrors?: unknown; logLine?: unknown };
  return {
    kind: error.name as DomainErrorKind,
    status: domainStatus(error),
    message: error.message,
    ...(fieldErrors && typeof fieldErrors === "object"
      ? { fieldErrors: fieldErrors as Record<string, string> }
      : {}),
    ...(typeof logLine === "string" ? { logLine, cause: error.cause } : {}),
  };
}
