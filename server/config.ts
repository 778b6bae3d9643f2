import path from "node:path";
import { z } from "zod";
import { ENQUIRY_RETENTION_DEFAULT_MONTHS } from "../common/leads/privacy";
import { ADMIN_PASSWORD_MIN } from "../common/staff/passwords";
import { parseTrustProxy, type TrustProxy } from "./client-address";
import { parseKey, type SecretsKeySource } from "./secrets/keyring";

/**
 * Configuration from the environment, as docs/configuration.md lists it. Validated
 * once at start: a bad value stops the process with one line naming the variable.
 */

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const urlWithProtocols = (protocols: string[], example: string) =>
  z.string().refine(
    (value) => {
      try {
        const url = new URL(value);
        return protocols.includes(url.protocol) && url.hostname.length > 0;
      } catch {
        return false;
      }
    },
    { message: `must be a URL like ${example}` },
  );

const positiveInt = (max: number) =>
  z
    .string()
    .regex(/^\d+$/, { message: `must be a whole number between 1 and ${max}` })
    .transform(Number)
    .refine((n) => n >= 1 && n <= max, { message: `must be a whole number between 1 and ${max}` });

const email = z.email({ message: "must be an e-mail address" });

const envSchema = z.object({
  PORT: positiveInt(65535).default(3000),
  HOST: z.string().min(1, { message: "must not be empty" }).default("0.0.0.0"),
  DATA_DIR: z.string().min(1, { message: "must not be empty" }).default("./data"),
  DATABASE_URL: urlWithProtocols(
    ["postgres:", "postgresql:"],
    "postgres://user:pass@host:5432/db",
  ).optional(),
  ADMIN_EMAIL: email.optional(),
  ADMIN_PASSWORD: z
    .string()
    .min(ADMIN_PASSWORD_MIN, { message: `must be at least ${ADMIN_PASSWORD_MIN} characters` })
    .optional(),
  SEED_DEMO: z.enum(["0", "1"], { message: "must be 0 or 1" }).default("1"),
  SMTP_URL: urlWithProtocols(["smtp:", "smtps:"], "smtp://host:587").optional(),
  MAIL_FROM: email.default("no-reply@localhost"),
  MAIL_TO: email.optional(),
  SITE_URL: urlWithProtocols(["http:", "https:"], "https://www.example.co.uk").optional(),
  REDIS_URL: urlWithProtocols(["redis:", "rediss:"], "redis://127.0.0.1:6379").optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w.:-]{1,100}$/, { message: "must be letters, digits, '_', '-', '.' or ':' (at most 100)" })
    .optional(),
  TRUST_PROXY: z
    .string()
    .refine((value) => parseTrustProxy(value) !== undefined, {
      message: "must be a hop count (e.g. 1) or the proxies' addresses/CIDR ranges (e.g. 10.0.0.0/8)",
    })
    .optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(", ")}` }).default("info"),
  LOG_FORMAT: z.enum(["auto", "pretty", "json"], { message: "must be auto, pretty or json" }).default("auto"),
  ENQUIRY_RATE_LIMIT: positiveInt(1_000_000).default(20),
  IMAGE_MAX_BYTES: positiveInt(100 * 1024 * 1024).default(5 * 1024 * 1024),
  METRICS_TOKEN: z.string().min(16, { message: "must be at least 16 characters" }).optional(),
  INSIGHTS_RETENTION_MONTHS: positiveInt(120).default(25),
  ENQUIRY_RETENTION_MONTHS: z
    .string()
    .regex(/^\d{1,4}$/, { message: "must be a whole number of months between 0 and 1200 (0: keep)" })
    .transform(Number)
    .refine((n) => n <= 1200, { message: "must be a whole number of months between 0 and 1200 (0: keep)" })
    .default(ENQUIRY_RETENTION_DEFAULT_MONTHS),
  INSIGHTS_COUNTING: z.enum(["0", "1"], { message: "must be 0 or 1" }).default("1"),
  WEBHOOK_ALLOW_PRIVATE: z.enum(["0", "1"], { message: "must be 0 or 1" }).default("0"),
  WEBHOOK_ALLOW_HTTP: z.enum(["0", "1"], { message: "must be 0 or 1" }).default("0"),
  AUTO_REPLY: z.enum(["0", "1"], { message: "must be 0 or 1" }).optional(),
  SHUTDOWN_DELAY_SECONDS: z
    .string()
    .regex(/^\d{1,2}$/, { message: "must be a whole number of seconds between 0 and 60" })
    .transform(Number)
    .refine((n) => n <= 60, { message: "must be a whole number of seconds between 0 and 60" })
    .default(0),
  SECRETS_KEY: z
    .string()
    .refine((value) => parseKey(value) !== undefined, { message: "must be 32 random bytes in base64" })
    .optional(),
  SECRETS_KEY_OLD: z
    .string()
    .refine((value) => value.split(",").every((key) => parseKey(key) !== undefined), {
      message: "must be keys of 32 bytes in base64, separated by commas",
    })
    .optional(),
  SECRETS_KEY_FILE: z.string().min(1, { message: "must not be empty" }).optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  adminEmail?: string;
  adminPassword?: string;
  seedDemo: boolean;
  smtpUrl?: string;
  mailFrom: string;
  /** Undefined means the company e-mail from the site content. */
  mailTo?: string;
  siteUrl: string;
  redisUrl?: string;
  /** Before every Redis key: several sites (or test runs) can share one Redis. */
  redisKeyPrefix?: string;
  trustProxy: TrustProxy;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Readable lines for a person (a terminal), or JSON lines for a log collector. */
  logFormat: "auto" | "pretty" | "json";
  /** Enquiry submissions allowed per client and form per hour. */
  enquiryRateLimit: number;
  imageMaxBytes: number;
  /** Bearer token for GET /metrics; without it only loopback scrapes are answered. */
  metricsToken?: string;
  /** Insights: months of daily counts kept (older days are deleted). */
  insightsRetentionMonths: number;
  /** Closed and spam enquiries are erased this many months after they arrived; 0: kept. */
  enquiryRetentionMonths: number;
  /** Insights: count page views and form stages (off: nothing is counted, the screen shows what was). */
  insightsCounting: boolean;
  /** Webhooks may be sent to private, loopback and link-local addresses (a receiver on the office's network). */
  webhookAllowPrivate: boolean;
  /** Webhooks may be sent over http:// to any host (else https://, or http:// to a loopback host). */
  webhookAllowHttp: boolean;
  /** Each visitor gets one confirmation mail with their reference (default: on when SMTP_URL is set). */
  autoReply: boolean;
  /** After SIGTERM: serve on this long with /api/readyz failing, so a polling balancer moves away. */
  shutdownDelayMs: number;
  /** The key sealing TOTP and webhook secrets in the database (docs/secrets-key.md). */
  secrets: SecretsKeySource;
  /** Development mode (Vite middleware, no CSP). */
  dev: boolean;
}

export class ConfigError extends Error {}

/** Values never printed: a password, and the credentials inside connection URLs. */
const SECRET = new Set(["ADMIN_PASSWORD", "METRICS_TOKEN", "SECRETS_KEY", "SECRETS_KEY_OLD"]);
const WITH_CREDENTIALS = new Set(["DATABASE_URL", "SMTP_URL", "REDIS_URL"]);

function shown(name: string, value: unknown): string {
  if (SECRET.has(name)) return "(value hidden)";
  const text = String(value);
  const redacted = WITH_CREDENTIALS.has(name)
    ? text.replace(/^([a-z][a-z\d+.-]*:\/\/)?.*@/i, "$1***@")
    : text;
  return `(got "${redacted}")`;
}

/** Reads the configuration or stops the process with one clear line. */
export function configOrExit(dev = false): Config {
  try {
    return loadConfig(process.env, dev);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Parses the environment; throws ConfigError with one line naming the bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, dev = false): Config {
  const present = Object.fromEntries(
    Object.keys(envSchema.shape)
      .filter((key) => env[key] !== undefined && env[key] !== "")
      .map((key) => [key, env[key]]),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0]);
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message} ${shown(name, present[name])}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo: e.SEED_DEMO === "1",
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailTo: e.MAIL_TO,
    siteUrl: (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    trustProxy: parseTrustProxy(e.TRUST_PROXY) ?? false,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    enquiryRateLimit: e.ENQUIRY_RATE_LIMIT,
    imageMaxBytes: e.IMAGE_MAX_BYTES,
    metricsToken: e.METRICS_TOKEN,
    insightsRetentionMonths: e.INSIGHTS_RETENTION_MONTHS,
    enquiryRetentionMonths: e.ENQUIRY_RETENTION_MONTHS,
    insightsCounting: e.INSIGHTS_COUNTING === "1",
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE === "1",
    webhookAllowHttp: e.WEBHOOK_ALLOW_HTTP === "1",
    autoReply: e.AUTO_REPLY ? e.AUTO_REPLY === "1" : Boolean(e.SMTP_URL),
    shutdownDelayMs: e.SHUTDOWN_DELAY_SECONDS * 1000,
    secrets: {
      key: e.SECRETS_KEY,
      oldKeys: e.SECRETS_KEY_OLD?.split(",") ?? [],
      file: path.resolve(e.SECRETS_KEY_FILE ?? path.join(e.DATA_DIR, "secrets.key")),
      fileIsDefault: !e.SECRETS_KEY_FILE,
      sharedDatabase: Boolean(e.DATABASE_URL),
    },
    dev,
  };
}
