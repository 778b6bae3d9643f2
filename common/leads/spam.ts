import { SPAM_MESSAGES } from "../admin-messages";
import { z } from "../zod";

/**
 * Spam caught without a third party: each rule that a submission breaks adds its weight to a
 * score; at SPAM_THRESHOLD or more the enquiry is kept as Spam with the reasons (never mailed,
 * never sent on), and the visitor sees the normal success screen.
 */
export const SPAM_THRESHOLD = 5;

export const SPAM_WEIGHTS = {
  /**
   * No form token, through any door (the REST API or the site's own form): the page carries one
   * in its HTML, and any client may take one from GET /api/form-token, so only a post sent without
   * loading a form sends none (issue 45: the REST API was a door around the token).
   */
  noToken: 5,
  /** A token that is not ours (wrong signature or shape). */
  badToken: 5,
  /**
   * Sent sooner than SPAM_MIN_FILL_MS after the page was served. Never Spam on its own (a person
   * with autofill can be quick, and a page's first paint is no proof of when they began): it
   * takes a second signal.
   */
  tooFast: 3,
  /**
   * Every field of the form filled (spam-content.ts, `everyFieldFilled`) and sent sooner than
   * SPAM_INSTANT_MS after the page was served: always with tooFast, so 5, Spam on its own. No
   * person is that quick: autofill fills the fields, but someone still has to press Send.
   */
  filledInstantly: 2,
  /**
   * A form token sent without the headers every current browser sends with a form or fetch
   * (Origin, Sec-Fetch-Site): a script that took a token from the page, or a client of the REST
   * API with a token from GET /api/form-token. Never Spam on its own.
   */
  notBrowser: 2,
  /** Older than SPAM_TOKEN_MAX_AGE_MS. */
  expired: 3,
  /** A token already used for an enquiry (on any instance). */
  reused: 5,
  /** A link or markup in a name or company field. */
  nameLink: 5,
  /** A message that is nothing but links. */
  onlyLinks: 5,
  /** A message with SPAM_MANY_LINKS links or more. */
  manyLinks: 3,
  /** A message with a link (one or two): common in genuine enquiries, so only a nudge. */
  link: 2,
  /** A message mostly in a script other than the Latin alphabet (Cyrillic, Han…): a UK site's spam. */
  otherScript: 3,
  /** A word or phrase of the disallowed list. */
  word: 5,
  /**
   * The message reads like a sales pitch or a fake notice (spam-content.ts: lead generation, SEO,
   * marketing, web design; a domain, listing or profile about to expire or be suspended, a payment
   * demand): 3 for one phrase of those lists, never Spam alone; pitchMore for a second.
   */
  pitch: 3,
  /** A second pitch or notice phrase: two make 5. */
  pitchMore: 2,
  /** Three different words of a seller's trade (spam-content.ts, VENDOR_WORDS): never Spam alone. */
  vendorWords: 3,
  /**
   * A salesman's or a scammer's voice (spam-content.ts, SALES_VOICE), each kind once: talking of
   * the business's website, domain or sales 2; offering it a service 3; a salesman's ask ("worth a
   * chat?", "reply YES") 2; a threat or deadline ("will be deleted", "final reminder") 3; asking
   * for a fee or payment 2. None is Spam alone; two kinds, or one with a link or a pitch, are.
   */
  voice: { yourBusiness: 2, offer: 3, ask: 2, threat: 3, payment: 2 },
  /**
   * A pitch or a salesman's voice in a message that asks for none of the company's services (no
   * collection, tanker, quote, price or amount: spam-content.ts, ASKS_FOR_SERVICE): 2. Never
   * alone: a customer's "please send your accreditations" asks for none of those either.
   */
  noRequest: 2,
  /** An e-mail address or link on a disallowed domain. */
  domain: 5,
  /** More than SPAM_CLIENT_MAX enquiries from one client within SPAM_CLIENT_WINDOW_MS. */
  rate: 2,
} as const;

export const SPAM_MIN_FILL_MS = 2500;
/** A send this soon after the page with every field filled is Spam (SPAM_WEIGHTS.filledInstantly). */
export const SPAM_INSTANT_MS = 1000;
export const SPAM_TOKEN_MAX_AGE_MS = 24 * 60 * 60_000;
export const SPAM_MANY_LINKS = 3;
export const SPAM_CLIENT_MAX = 3;
export const SPAM_CLIENT_WINDOW_MS = 10 * 60_000;
export const SPAM_LIST_MAX = 200;
const ENTRY_MAX = 100;

export { FORM_TOKEN_FIELD } from "./spam-fields";

/** What staff keep on 'Spam': one word, phrase or domain a line. */
export const spamSettingsInputSchema = z.object(
  {
    words: z
      .array(
        z
          .string()
          .trim()
          .min(1)
          .max(ENTRY_MAX, { error: SPAM_MESSAGES.entryTooLong(ENTRY_MAX) }),
        {
          error: SPAM_MESSAGES.invalidSettings,
        },
      )
      .max(SPAM_LIST_MAX, { error: SPAM_MESSAGES.tooMany(SPAM_LIST_MAX) }),
    domains: z
      .array(
        z
          .string()
          .trim()
          .toLowerCase()
          .regex(/^(?=.{1,253}$)[a-z0-9-]+(\.[a-z0-9-]+)+$/, { error: SPAM_MESSAGES.invalidDomain }),
        { error: SPAM_MESSAGES.invalidSettings },
      )
      .max(SPAM_LIST_MAX, { error: SPAM_MESSAGES.tooMany(SPAM_LIST_MAX) }),
  },
  { error: SPAM_MESSAGES.invalidSettings },
);
export type SpamSettings = z.infer<typeof spamSettingsInputSchema>;

/** The lists every site starts with (staff may change them). */
export const DEFAULT_SPAM_SETTINGS: SpamSettings = {
  words: [
    "seo",
    "backlinks",
    "first page of google",
    "guest post",
    "crypto",
    "bitcoin",
    "casino",
    "viagra",
    "forex",
    "web traffic",
    "web design",
    "website design",
    "redesign your website",
    "google ranking",
    "link building",
    "backlink",
    "domain authority",
    "cryptocurrency",
    "usdt",
    "ethereum",
    "binance",
    "airdrop",
    "domain expiration",
    "expiration notice",
    "search engine submission",
  ],
  domains: [],
};

/** Splits a textarea's lines into a list: blank lines dropped. */
export const listLines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
