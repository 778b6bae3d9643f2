import { SMTPServer } from "smtp-server";

/** A real SMTP server on loopback that keeps every message it accepts. */
export interface ReceivedMail {
  to: string[];
  raw: string;
  headers: Record<string, string>;
  text: string;
  html: string;
}

/**
 * `answer.delayMs` makes every message wait before it is accepted (a slow server);
 * `answer.refuseWith` refuses messages with that SMTP code (451: try later, 550: never).
 */
export async function startSmtp(port = 0) {
  const received: ReceivedMail[] = [];
  const answer: { delayMs: number; refuseWith?: number } = { delayMs: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        setTimeout(() => {
          if (answer.refuseWith) {
            const error = Object.assign(new Error(`Refused by the test server`), {
              responseCode: answer.refuseWith,
            });
            return callback(error);
          }
          const raw = Buffer.concat(chunks).toString("utf8");
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, ...parseMime(raw) });
          callback();
        }, answer.delayMs);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    port: address.port,
    received,
    answer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Just enough MIME for tests: unfolded headers, text and HTML parts decoded. */
export function parseMime(raw: string) {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = parseHeaders(head);
  const body = rest.join("\n\n");
  const parts = { text: "", html: "" };
  const boundary = /boundary="?([^";\s]+)"?/i.exec(headers["content-type"] ?? "")?.[1];
  const sections = boundary ? body.split(`--${boundary}`).slice(1, -1) : [`${head}\n\n${body}`];
  for (const section of sections) {
    if (/boundary=/i.test(section.split(/\r?\n\r?\n/)[0])) {
      Object.assign(parts, pickParts(parseMime(section.replace(/^\r?\n/, ""))));
      continue;
    }
    const [partHead, ...partBody] = section.replace(/^\r?\n/, "").split(/\r?\n\r?\n/);
    const h = parseHeaders(partHead);
    const decoded = decode(partBody.join("\n\n"), h["content-transfer-encoding"]);
    if (/text\/plain/i.test(h["content-type"] ?? "")) parts.text = decoded;
    if (/text\/html/i.test(h["content-type"] ?? "")) parts.html = decoded;
  }
  return { headers, ...parts };
}

const pickParts = (m: { text: string; html: string }) => ({ text: m.text, html: m.html });

function parseHeaders(head: string) {
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i > 0) headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
  }
  return headers;
}

function decode(body: string, encoding = "7bit") {
  if (/quoted-printable/i.test(encoding)) {
    const bytes = body
      .replace(/=\r?\n/g, "")
      .replace(/\r\n/g, "\n")
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body.replace(/\r\n/g, "\n");
}

/** RFC 2047 encoded words in a header (nodemailer encodes non-ASCII subjects). */
export function decodeHeader(value: string) {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, kind: string, text: string) =>
    kind.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : Buffer.from(
          text
            .replace(/_/g, " ")
            .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
          "latin1",
        ).toString("utf8"),
  );
}
