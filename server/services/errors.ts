/**
 * The domain's errors. Services return results or throw one of these; they know nothing of HTTP.
 * The API's error handler maps them to statuses (NotFound 404, Conflict 409, Invalid 400) and
 * screen actions show their message, which always comes from a catalogue in `common/`.
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

/** The input breaks a rule; the message says which, in the user's words. */
export class Invalid extends DomainError {
  override name = "Invalid";
}
