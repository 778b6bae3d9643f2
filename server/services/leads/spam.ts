import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { eq, lt, sql } from "drizzle-orm";
import { SPAM_MESSAGES } from "../../../common/admin-messages";
import { AUDIT_MESSAGES } from "../../../common/audit";
import type { EnquiryKind } from "../../../common/leads/enquiry-terms";
import {
  DEFAULT_SPAM_SETTINGS,
  SPAM_CLIENT_MAX,
  SPAM_CLIENT_WINDOW_MS,
  SPAM_INSTANT_MS,
  SPAM_MIN_FILL_MS,
  SPAM_THRESHOLD,
  SPAM_TOKEN_MAX_AGE_MS,
  SPAM_WEIGHTS,
  type SpamSettings,
} from "../../../common/leads/spam";
import type { Database } from "../../db/client";
import { spamSettings, spamTokens } from "../../db/schema";
import type { Keyring } from "../../secrets/keyring";
import { createWorker } from "../../workers";
import { type AuditActor, recordAudit } from "../audit";
import { contentReasons, everyFieldFilled, type Reason } from "./spam-content";

export interface SpamVerdict {
  score: number;
  reasons: string[];
  spam: boolean;
  /** The token's id, stored with the enquiry so a second use is caught. */
  tokenId?: string;
}

/** Whether a request carried the headers current browsers send with every form post and fetch. */
export const sentByBrowser = (header: (name: string) => unknown) =>
  Boolean(header("origin") || header("sec-fetch-site"));

type TokenKey = string | Buffer;

/** A form token: `<issued at, ms>.<id>.<HMAC-SHA256 of both>`, base64url signature. */
export function signToken(key: TokenKey, issuedAt: number, id: string = randomUUID()): string {
  const payload = `${issuedAt}.${id}`;
  return `${payload}.${createHmac("sha256", key).update(payload).digest("base64url")}`;
}

const TOKEN_SHAPE = /^(\d{13})\.([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/;

/**
 * The token's time and id when its signature is made with one of `keys` (the current key first,
 * then those a rotation left readable); undefined otherwise.
 */
export function readToken(
  keys: TokenKey | readonly TokenKey[],
  token: string,
): { issuedAt: number; id: string } | undefined {
  const match = TOKEN_SHAPE.exec(token);
  if (!match) return undefined;
  const given = Buffer.from(match[3], "base64url");
  for (const key of Array.isArray(keys) ? keys : [keys]) {
    const expected = createHmac("sha256", key).update(`${match[1]}.${match[2]}`).digest();
    if (given.length === expected.length && timingSafeEqual(given, expected))
      return { issuedAt: Number(match[1]), id: match[2] };
  }
  return undefined;
}

/** Used token ids are kept this long (past the token's own life), then deleted. */
const TOKEN_KEEP_MS = SPAM_TOKEN_MAX_AGE_MS + 60 * 60_000;
const PRUNE_EVERY_MS = 60 * 60_000;
const SETTINGS_TTL_MS = 10_000;
const CLIENTS_MAX = 10_000;

/**
 * A client's allowance before its rate counts towards spam, within SPAM_CLIENT_WINDOW_MS: at least
 * SPAM_CLIENT_MAX, more where the operator raised the forms' hourly limit (a sixth of it).
 */
export const spamClientMax = (enquiryRateLimit: number) =>
  Math.max(SPAM_CLIENT_MAX, Math.floor(enquiryRateLimit / 6));

/**
 * The spam check: form tokens (issued when a form is shown, signed with a key derived from the
 * secrets key, so every instance shares it, none is stored, and a rotation renews it), the score
 * of a submission, and the settings staff keep.
 */
export function createSpamService(db: Database, options: { keyring: Keyring; clientMax?: number }) {
  const clientMax = options.clientMax ?? SPAM_CLIENT_MAX;
  const signingKey = options.keyring.derive("formToken");
  /** A token made before a rotation still reads while its key is accepted (keyring.ts). */
  const readingKeys = options.keyring.derivedAll("formToken");
  let cached: { at: number; settings: SpamSettings } | undefined;
  /** Recent submission times per client (this instance's own; bounded). */
  const recent = new Map<string, number[]>();

  async function load() {
    if (cached && Date.now() - cached.at < SETTINGS_TTL_MS) return cached;
    // The row's token_secret is no longer read (migration 0017): its default is random bytes.
    await db
      .insert(spamSettings)
      .values({ id: 1, ...DEFAULT_SPAM_SETTINGS })
      .onConflictDoNothing();
    const [row] = await db.select().from(spamSettings).where(eq(spamSettings.id, 1));
    cached = { at: Date.now(), settings: { words: row.words, domains: row.domains } };
    return cached;
  }

  /** A fresh token for a form being shown. */
  async function issueToken(now = Date.now()): Promise<string> {
    return signToken(signingKey, now);
  }

  /**
   * Signs tokens for a page being served (server/pages/form-token.ts): the key is the keyring's,
   * so pages get tokens even while the database does not answer.
   */
  async function tokenIssuer(): Promise<() => string> {
    return () => signToken(signingKey, Date.now());
  }

  /** Counts this submission for `client` and answers how many it made in the window. */
  function countClient(client: string, now: number): number {
    const times = (recent.get(client) ?? []).filter((t) => now - t < SPAM_CLIENT_WINDOW_MS);
    times.push(now);
    recent.delete(client);
    recent.set(client, times);
    if (recent.size > CLIENTS_MAX) recent.delete(recent.keys().next().value as string);
    return times.length;
  }

  /**
   * What the token says: none (Spam, through any door), not ours, too soon after the page was
   * served (with every field of the form filled, Spam on its own), expired or already used.
   */
  async function tokenReasons(
    token: unknown,
    now: number,
    filled: boolean,
  ): Promise<{ reasons: Reason[]; tokenId?: string }> {
    if (token === undefined || token === null || token === "")
      return { reasons: [[SPAM_WEIGHTS.noToken, SPAM_MESSAGES.noToken]] };
    const read = typeof token === "string" ? readToken(readingKeys, token) : undefined;
    if (!read) return { reasons: [[SPAM_WEIGHTS.badToken, SPAM_MESSAGES.badToken]] };
    const reasons: Reason[] = [];
    const age = now - read.issuedAt;
    if (age < SPAM_MIN_FILL_MS) reasons.push([SPAM_WEIGHTS.tooFast, SPAM_MESSAGES.tooFast(Math.max(0, age))]);
    if (age < SPAM_INSTANT_MS && filled)
      reasons.push([SPAM_WEIGHTS.filledInstantly, SPAM_MESSAGES.filledInstantly(SPAM_INSTANT_MS / 1000)]);
    if (age > SPAM_TOKEN_MAX_AGE_MS) reasons.push([SPAM_WEIGHTS.expired, SPAM_MESSAGES.expired]);
    const [used] = await db.select({ id: spamTokens.id }).from(spamTokens).where(eq(spamTokens.id, read.id));
    if (used) reasons.push([SPAM_WEIGHTS.reused, SPAM_MESSAGES.reused]);
    return { reasons, tokenId: used ? undefined : read.id };
  }

  /**
   * Scores a submission of the form `kind`: its fields, its form token and the client that sent
   * it. Every door needs a token (the page's, or GET /api/form-token's): without one it is Spam.
   * `browser`: the request carried a browser's Origin or Sec-Fetch headers (unknown counts as a
   * browser); a token sent without them adds notBrowser.
   */
  async function check(
    kind: EnquiryKind,
    fields: Record<string, unknown>,
    token: unknown,
    client: string,
    now = Date.now(),
    options: { browser?: boolean } = {},
  ): Promise<SpamVerdict> {
    const { settings } = await load();
    const fromToken = await tokenReasons(token, now, everyFieldFilled(kind, fields));
    const sentToken = fromToken.reasons.every(([, reason]) => reason !== SPAM_MESSAGES.noToken);
    const reasons: Reason[] = [
      ...fromToken.reasons,
      ...(sentToken && options.browser === false
        ? [[SPAM_WEIGHTS.notBrowser, SPAM_MESSAGES.notBrowser] as Reason]
        : []),
      ...contentReasons(fields, settings),
    ];
    const sent = countClient(client, now);
    if (sent > clientMax) reasons.push([SPAM_WEIGHTS.rate, SPAM_MESSAGES.rate(sent)]);
    const score = reasons.reduce((sum, [weight]) => sum + weight, 0);
    const spam = score >= SPAM_THRESHOLD;
    return {
      score,
      spam,
      reasons: spam
        ? [...reasons.map(([, reason]) => reason), SPAM_MESSAGES.score(score, SPAM_THRESHOLD)]
        : [],
      tokenId: fromToken.tokenId,
    };
  }

  /** Deletes used token ids past their keeping time; the number deleted. */
  async function prune(now = Date.now()): Promise<number> {
    const deleted = await db
      .delete(spamTokens)
      .where(lt(spamTokens.usedAt, new Date(now - TOKEN_KEEP_MS)))
      .returning({ id: spamTokens.id });
    return deleted.length;
  }

  async function settings(): Promise<SpamSettings> {
    return (await load()).settings;
  }

  async function saveSettings(input: SpamSettings, by?: AuditActor): Promise<SpamSettings> {
    await load();
    const unique = (list: string[]) => [...new Set(list)];
    const words = unique(input.words);
    const domains = unique(input.domains);
    await db.transaction(async (tx) => {
      await tx
        .update(spamSettings)
        .set({ words, domains, updatedAt: sql`now()` })
        .where(eq(spamSettings.id, 1));
      if (by)
        await recordAudit(tx, {
          action: "spam_settings_changed",
          actor: by,
          target: { label: AUDIT_MESSAGES.spamLists(words.length, domains.length) },
        });
    });
    cached = undefined;
    return settings();
  }

  return {
    issueToken,
    tokenIssuer,
    check,
    prune,
    settings,
    saveSettings,
    // Spent tokens are forgotten by one timed worker, whichever door spent them (server/workers.ts).
    worker: createWorker({
      name: "spam-tokens",
      everyMs: PRUNE_EVERY_MS,
      async run({ log }) {
        const count = await prune();
        if (count > 0) log?.info({ rows: count }, "spam: used form tokens past their keeping time deleted");
      },
    }),
  };
}

export type SpamService = ReturnType<typeof createSpamService>;
