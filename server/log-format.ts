import { Writable } from "node:stream";

const LEVELS: Record<number, string> = {
  10: "TRACE",
  20: "DEBUG",
  30: "INFO",
  40: "WARN",
  50: "ERROR",
  60: "FATAL",
};
/** Keys every line has, or that the line's own text already says. */
const SHOWN = new Set([
  "level",
  "time",
  "pid",
  "hostname",
  "msg",
  "reqId",
  "req",
  "res",
  "responseTime",
  "err",
]);

const clock = (time: number) => new Date(time).toTimeString().slice(0, 8);

/**
 * One pino JSON line as a person reads it: time, level, what happened; a request as
 * `GET /path` and its answer as `200 in 12 ms`, tied by the request id's first characters.
 */
export function prettyLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json);
  } catch {
    return json;
  }
  const level = (LEVELS[Number(entry.level)] ?? String(entry.level)).padEnd(5);
  const id = typeof entry.reqId === "string" ? `[${entry.reqId.slice(0, 8)}] ` : "";
  const req = entry.req as { method?: string; url?: string } | undefined;
  const res = entry.res as { statusCode?: number } | undefined;
  let text = String(entry.msg ?? "");
  if (entry.msg === "request completed" && res)
    text = `${req ? `${req.method} ${req.url} ` : ""}${res.statusCode} in ${Math.round(Number(entry.responseTime))} ms`;
  const extra = Object.entries(entry)
    .filter(([key]) => !SHOWN.has(key))
    .map(([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`);
  const err = entry.err as { stack?: string; message?: string } | undefined;
  const lines = [
    `${clock(Number(entry.time))} ${level} ${id}${text}${extra.length ? `  ${extra.join(" ")}` : ""}`,
  ];
  if (err) lines.push(`    ${(err.stack || err.message || "").replaceAll("\n", "\n    ")}`);
  return `${lines.join("\n")}\n`;
}

/** A stream for pino that writes readable lines to `out`. */
export function prettyStream(out: NodeJS.WritableStream = process.stdout): Writable {
  let pending = "";
  return new Writable({
    write(chunk, _encoding, done) {
      const text = pending + String(chunk);
      const lines = text.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) if (line) out.write(prettyLine(line));
      done();
    },
  });
}

/** Pretty when asked, or on `auto` when a person is watching (stdout is a terminal). */
export const wantsPretty = (format: "auto" | "pretty" | "json", isTTY = Boolean(process.stdout.isTTY)) =>
  format === "pretty" || (format === "auto" && isTTY);
