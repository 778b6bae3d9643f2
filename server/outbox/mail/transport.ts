import { chmod, mkdir, open, rename, rm } from "node:fs/promises";
import path from "node:path";
import type Mail from "nodemailer/lib/mailer";
import type { Config } from "../../config";

type Transporter = ReturnType<typeof import("nodemailer").createTransport>;

/** nodemailer is loaded with the first message: most starts send none (and it costs memory). */
function lazyTransport(options: Parameters<typeof import("nodemailer").createTransport>[0]) {
  let transport: Promise<Transporter> | undefined;
  return {
    get: () => {
      transport ??= import("nodemailer").then(({ default: nodemailer }) =>
        nodemailer.createTransport(options),
      );
      return transport;
    },
    close: () => void transport?.then((t) => t.close()),
  };
}

/** Flushes a folder's entries (a file renamed into it) to stable storage. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Without SMTP_URL, where each message is written: DATA_DIR/mail/<outbox row id>.eml. */
export const mailDir = (dataDir: string) => path.resolve(dataDir, "mail");
const mailFile = (dataDir: string, id: string) => path.join(mailDir(dataDir), `${id}.eml`);

/**
 * Deletes the files of these outbox rows (erasure: they name the visitor and quote their
 * message); a row that was never written as a file is skipped.
 */
export async function removeMailFiles(dataDir: string, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    const file = mailFile(dataDir, id);
    await rm(file, { force: true });
    await rm(`${file}.tmp`, { force: true });
  }
}

/** SMTP connections kept open: the outbox sends this many messages at once. */
export const SMTP_CONNECTIONS = 4;

/** Sends one message; resolves once the receiving side has accepted it, throws otherwise. */
export interface MailTransport {
  send(message: Mail.Options & { id: string }): Promise<void>;
  close(): void;
}

/** SMTP_URL set: nodemailer over SMTP. Unset: each message as an .eml file under DATA_DIR/mail/. */
export function createTransport(config: Config): MailTransport {
  if (config.smtpUrl) {
    const smtp = lazyTransport({
      url: config.smtpUrl,
      pool: true,
      maxConnections: SMTP_CONNECTIONS,
      // Bounded so a stalled server cannot outlive one send's budget (SEND_BUDGET_MS in ./outbox.ts).
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    } as Parameters<typeof import("nodemailer").createTransport>[0]);
    return {
      async send({ id, ...message }) {
        await (await smtp.get()).sendMail({ ...message, messageId: `<${id}@enquiries>` });
      },
      close: smtp.close,
    };
  }

  const dir = mailDir(config.dataDir);
  let madeDir = false;
  const stream = lazyTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send({ id, ...message }) {
      const info = await (await stream.get()).sendMail({ ...message, messageId: `<${id}@enquiries>` });
      // Readable by the site's own user only: messages carry visitors' details and invitation links.
      await mkdir(dir, { recursive: true, mode: 0o700 });
      if (!madeDir) {
        await chmod(dir, 0o700); // a folder made before (mkdir keeps an existing one's mode)
        madeDir = true;
      }
      // Write then rename: a reader never sees half a message; a retry overwrites, never duplicates.
      const file = mailFile(config.dataDir, id);
      // Flushed before it counts as written: the outbox marks the message sent after this returns.
      const handle = await open(`${file}.tmp`, "w", 0o600);
      try {
        await handle.writeFile(info.message as Buffer);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(`${file}.tmp`, file);
      await syncDirectory(dir);
    },
    close: stream.close,
  };
}
