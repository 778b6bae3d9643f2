/**
 * What a logged error may say. A failed database query's error carries the values it was given
 * (a visitor's name, e-mail and message; a password hash), in its `params` and in its message, and
 * a PostgreSQL error's `detail` can quote a row ("Key (email)=(…) already exists"). The log keeps
 * the error's kind, the query's text, the codes and the stack frames, never those values.
 */
export interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

export function loggableError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: "" };
  const source = error as Error & {
    query?: unknown;
    params?: unknown;
    code?: unknown;
    statusCode?: unknown;
    cause?: unknown;
  };
  const fromQuery = typeof source.query === "string" && "params" in source;
  const message = fromQuery ? `Failed query: ${source.query}` : source.message;
  const frames = source.stack?.split("\n").filter((line) => /^\s+at /.test(line)) ?? [];
  const out: LoggedError = {
    type: source.name,
    message,
    stack: [`${source.name}: ${message}`, ...frames].join("\n"),
  };
  if (source.code !== undefined) out.code = source.code;
  if (typeof source.statusCode === "number") out.statusCode = source.statusCode;
  if (source.cause !== undefined && depth < 5) out.cause = loggableError(source.cause, depth + 1);
  return out;
}

/** What a request log line says of the request (Fastify's request, or anything else logged as `req`). */
interface LoggedRequest {
  [key: string]: unknown;
  method?: string;
  url: string;
  host?: string;
  remoteAddress?: string;
  remotePort?: number;
}

/**
 * A request as its log line shows it: the route's pattern (`/api/admin/invites/:token`), never
 * the path or query string it was called with. Those carry secrets and personal data (an
 * invitation's token, an e-mail address searched for); a request no route matched shows none.
 */
export function loggableRequest(request: unknown): LoggedRequest {
  const req = (request ?? {}) as {
    method?: string;
    routeOptions?: { url?: string };
    host?: string;
    ip?: string;
    socket?: { remotePort?: number };
  };
  return {
    method: req.method,
    url: req.routeOptions?.url ?? "(no route)",
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/**
 * Pino's serializers for every logger of the app: `err` and `error` keys go through the filter,
 * `req` shows the route's pattern only.
 */
export const LOG_SERIALIZERS = {
  err: (error: unknown) => loggableError(error),
  error: (error: unknown) => loggableError(error),
  req: (request: unknown) => loggableRequest(request),
};
