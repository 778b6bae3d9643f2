/**
 * Whether an error means the database could not be reached (nothing was written), as opposed to a
 * query the database refused. node-postgres reports a refused or dropped connection by its system
 * code or message, PostgreSQL a server shutting down or starting by SQLSTATE (class 08: connection
 * exception; 57P01-57P03: shutdown, crash, cannot connect now; 53300: too many connections), the
 * embedded database a closed instance. drizzle wraps the driver's error in its own: the causes
 * are followed.
 */
const SYSTEM_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);
const SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);
const MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|PGlite is closed/i;

export function isDatabaseUnreachable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== "object") return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && (SYSTEM_CODES.has(code) || SQLSTATES.has(code) || code.startsWith("08")))
      return true;
    if (typeof message === "string" && MESSAGES.test(message)) return true;
    current = cause;
  }
  return false;
}
