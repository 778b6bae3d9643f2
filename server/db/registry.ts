import { is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { PRIVACY_MESSAGES } from "../../common/leads/privacy";
import * as schema from "./schema";

/**
 * The table registry: for every table of schema.ts, whether and in which order it is exported
 * and backed up, which columns hold personal data, what erasing a visitor does to each, and how
 * long rows are kept. Export, import, backup and restore (portable.ts), erasure (the privacy
 * screen and the retention worker, services/leads/privacy.ts) and the visitor's privacy export read it;
 * registry.test.ts fails when a table or column of the schema has no entry here, so a new table
 * cannot be added without these decisions.
 *
 * Adding a table: add an entry below (SQL names: the table's and its columns'). Adding a column:
 * add it to its table's `columns`.
 */

/** Whose personal data a column holds: a visitor's (erased on request or retention) or staff's. */
export type Personal = "visitor" | "staff";

/**
 * What erasing a visitor does to a column of a row tied to their enquiry:
 * - `clear`: emptied (null, or the entry's `empty` value when the column is NOT NULL);
 * - `tombstone`: replaced by `value` (on rows matching `where`, when given);
 * - `keep`: left as it is (the column is not the visitor's, or rows holding it are deleted).
 */
export type ColumnErasure =
  | { erase: "clear"; empty?: unknown }
  | { erase: "tombstone"; value: unknown; where?: Record<string, readonly string[]> }
  | { erase: "keep" };

export type ColumnEntry = { personal: Personal | null; note?: string } & ColumnErasure;

export interface TableEntry {
  /**
   * In the export and backups: `order` (foreign-key order, parents first) and how many rows are
   * read at a time; `bytes`: bytea columns (base64 in the file). Or why the table is left out.
   */
  backup:
    | {
        order: number;
        chunkRows: number;
        bytes?: readonly string[];
        /**
         * Secrets: a backup keeps them (sealed, server/secrets/keyring.ts), db:export leaves them
         * out: `rows`, the table's rows (empty in the export), or these columns (written empty,
         * made again when the site starts on the imported database).
         */
        secrets?: "rows" | readonly string[];
      }
    | { skip: string };
  /** Every column by its SQL name. */
  columns: Record<string, ColumnEntry>;
  /**
   * Rows tied to a visitor's enquiry through `by` (the enquiry's id): what erasing them does.
   * `deleteRows`: rows deleted outright (those whose columns match); the others' columns follow
   * their `erase`. Absent: the table holds nothing of a visitor's.
   */
  erasure?: { by: string; deleteRows?: Record<string, { not: readonly string[] }> };
  /** How long rows are kept, and what removes them. */
  retention: string;
}

const none: ColumnEntry = { personal: null, erase: "keep" };
/** Columns holding nothing personal. */
const plain = (...names: string[]) => Object.fromEntries(names.map((n) => [n, none]));
/** Staff's own data (a colleague's address, a browser): removed with the account, not a visitor's. */
const staff = (note: string): ColumnEntry => ({ personal: "staff", erase: "keep", note });

export const REGISTRY: Record<string, TableEntry> = {
  // The audit log (services/audit.ts): no `erasure` — its rows never hold a lead's details (an
  // enquiry action records enquiry ids or a count only), so erasing a visitor leaves them.
  audit_events: {
    backup: { order: 40, chunkRows: 2000 },
    columns: {
      ...plain("id", "at", "action", "actor_id", "target_id"),
      actor_email: staff("the colleague who acted, as their address was, so the entry still names them"),
      target_label: staff(
        "what was acted on: a post's title or a colleague's address; never a lead's details",
      ),
      ip: staff("the client's IP address of a sign-in or sign-in attempt (security information)"),
    },
    retention:
      "24 months (AUDIT_LIMITS.retentionMonths; deleted hourly by the audit worker, services/audit.ts); kept when an account is removed or a visitor erased (it holds no lead's details).",
  },
  admins: {
    backup: { order: 1, chunkRows: 500 },
    columns: {
      ...plain("id", "password_hash", "created_at", "last_sign_in_at", "role", "enrolment_due_at"),
      email: staff("the colleague's sign-in address; the row is deleted when the account is removed"),
    },
    retention: "While the account exists; 'Remove' on Staff deletes the row (sessions cascade).",
  },
  admin_invites: {
    backup: { order: 2, chunkRows: 500 },
    columns: {
      ...plain("id", "token_hash", "invited_by", "created_at", "expires_at", "used_at", "role"),
      email: staff("the invited colleague's address"),
    },
    retention:
      "Until accepted, withdrawn or replaced by a new invitation to the same address; the inviter's removal deletes its pending ones.",
  },
  admin_sessions: {
    backup: { skip: "sessions end; a restored site signs everyone in again" },
    columns: {
      ...plain(
        "token_hash",
        "admin_id",
        "created_at",
        "expires_at",
        "id",
        "last_seen_at",
        "reauthenticated_at",
      ),
      user_agent: staff("the browser's User-Agent, shown as the device on Account"),
    },
    retention: "Until signed out, revoked or expired (expired rows deleted at sign-in).",
  },
  admin_browsers: {
    backup: { skip: "a restored site mails each account once more for each browser it signs in from" },
    columns: {
      ...plain("admin_id", "first_seen_at"),
      browser_hash: staff(
        "the SHA-256 of a browser's random admin_browser cookie (no User-Agent, no address)",
      ),
    },
    retention: "While the account exists (deleted with it).",
  },
  blog_posts: {
    backup: { order: 3, chunkRows: 200 },
    columns: plain(
      "id",
      "meta_data_title",
      "title",
      "read_time",
      "template",
      "content",
      "date_added",
      "updated_at",
      "state",
      "publish_at",
      "version",
      "meta_description",
      "social_image_paragraph",
    ),
    retention: "Until deleted by staff.",
  },
  blog_revisions: {
    backup: { order: 4, chunkRows: 200 },
    columns: {
      ...plain("id", "post_id", "saved_at", "reason", "post"),
      saved_by: staff("the colleague's address as it was when saved"),
    },
    retention: "The last 50 per post; deleted with the post.",
  },
  // Admin-editable site content (services/content/site-content): the company's details and the pages'
  // words. The colleague's address in updated_by/saved_by follows the blog authors' rule.
  site_documents: {
    backup: { order: 19, chunkRows: 50 },
    columns: {
      ...plain(
        "key",
        "published",
        "draft",
        "scheduled",
        "publish_at",
        "published_at",
        "version",
        "updated_at",
      ),
      updated_by: staff("the colleague's address as it was when they last saved"),
    },
    retention: "Until the site no longer has the document (one row a document).",
  },
  site_document_revisions: {
    backup: { order: 20, chunkRows: 100 },
    columns: {
      ...plain("id", "key", "saved_at", "reason", "data"),
      saved_by: staff("the colleague's address as it was when saved"),
    },
    retention: "The last 50 per document (older ones deleted at each save).",
  },
  // Pages from blocks (services/content/block-pages.ts): the office's own pages; the colleague's
  // address in updated_by/saved_by follows the blog authors' rule.
  block_pages: {
    backup: { order: 21, chunkRows: 50 },
    columns: {
      ...plain(
        "id",
        "address",
        "state",
        "draft",
        "published",
        "scheduled",
        "publish_at",
        "published_at",
        "version",
        "created_at",
        "updated_at",
        "gone_at",
        "redirect_to",
      ),
      updated_by: staff("the colleague's address as it was when they last saved"),
    },
    retention:
      "Until the office deletes the page; a deleted page's row stays as its address's 410 or redirect.",
  },
  block_page_revisions: {
    backup: { order: 22, chunkRows: 100 },
    columns: {
      ...plain("id", "page_id", "saved_at", "reason", "data"),
      saved_by: staff("the colleague's address as it was when saved"),
    },
    retention: "The last 50 per page (older ones deleted at each save); all go when the page is deleted.",
  },
  images: {
    // At most 16 stored originals (2400 px, a few MB at worst) at a time.
    backup: { order: 5, chunkRows: 16, bytes: ["data"] },
    columns: plain("id", "content_type", "width", "height", "data", "post_id", "created_at"),
    retention: "While a post or revision refers to it; deleted with its post.",
  },
  image_variants: {
    backup: { skip: "made again from the original on first request" },
    columns: plain("image_id", "width", "content_type", "data"),
    retention: "With its image.",
  },
  popups: {
    backup: { order: 6, chunkRows: 500 },
    columns: plain("id", "title", "content", "navigation", "activated", "created_at"),
    retention: "Until deleted by staff.",
  },
  redirects: {
    backup: { order: 23, chunkRows: 1000 },
    columns: {
      ...plain("id", "from_path", "to_target", "status", "created_at"),
      created_by: staff(
        "the address of the colleague who added it, as it was; null for a page's new address",
      ),
    },
    retention: "Until removed on 'Redirects' (at most 2,000, REDIRECT_LIMITS.maxRedirects).",
  },
  not_found_paths: {
    backup: { order: 24, chunkRows: 2000 },
    columns: {
      ...plain("day", "count", "last_seen"),
      path: {
        personal: null,
        erase: "keep",
        note: "the missing path alone, never its query; no visitor's address or user agent is kept",
      },
      referrer: {
        personal: null,
        erase: "keep",
        note: "the referring site's host alone (as Insights counts it)",
      },
    },
    retention:
      "90 days and at most 5,000 rows (REDIRECT_LIMITS; the least-hit, longest unseen go first), kept so by the not-found-log worker (services/content/redirects.ts); a path's rows go when it is redirected.",
  },
  // The pipeline (services/pipeline/): the Owner's lost reasons, before the enquiries lost for them.
  lost_reasons: {
    backup: { order: 6.5, chunkRows: 100 },
    columns: plain("id", "label", "position", "archived", "created_at"),
    retention: "Kept: a reason is archived, never deleted, so an enquiry lost for it keeps it.",
  },
  // Priced quotes (services/pipeline/quotes.ts): the price list and the year's last number hold
  // nothing personal; a quote's customer fields are erased with its enquiry, its numbers kept.
  quote_numbers: {
    backup: { order: 48, chunkRows: 100 },
    columns: plain("year", "last"),
    retention: "Kept: the next number of each year follows from it.",
  },
  quote_services: {
    backup: { order: 49, chunkRows: 500 },
    columns: plain("id", "name", "unit", "unit_price_pence", "vat_rate", "archived", "created_at"),
    retention: "Kept: a service is archived, never deleted, so the lines priced from it keep their link.",
  },
  quotes: {
    backup: { order: 50, chunkRows: 1000 },
    columns: {
      ...plain(
        "id",
        "enquiry_id",
        "year",
        "sequence",
        "number",
        "version",
        "supersedes",
        "state",
        "valid_until",
        "terms",
        "discount",
        "subtotal_pence",
        "discount_pence",
        "vat_pence",
        "total_pence",
        "created_by",
        "created_at",
        "sent_at",
        "answered_at",
        "accepted_version",
      ),
      recipient: {
        personal: "visitor",
        erase: "clear",
        note: "the customer's address the link was mailed to",
      },
      token_hash: {
        personal: null,
        erase: "clear",
        note: "the SHA-256 of the customer's link's token: erasure ends the link",
      },
      accepted_name: { personal: "visitor", erase: "clear", note: "the name the customer typed to accept" },
      accepted_address: {
        personal: "visitor",
        erase: "clear",
        note: "the client address the acceptance came from",
      },
      decline_reason: { personal: "visitor", erase: "clear", note: "the customer's own words" },
    },
    erasure: { by: "enquiry_id" },
    retention:
      "Kept with its enquiry: erasure clears the customer's fields; the number, version, state, lines and totals stay as the company's sales record (UK businesses keep sales records for six years).",
  },
  quote_lines: {
    backup: { order: 51, chunkRows: 2000 },
    columns: plain(
      "id",
      "quote_id",
      "position",
      "service_id",
      "description",
      "quantity_thousandths",
      "unit",
      "unit_price_pence",
      "vat_rate",
      "net_pence",
    ),
    retention: "With its quote (the price list's words, never the customer's).",
  },
  enquiries: {
    backup: { order: 7, chunkRows: 1000 },
    columns: {
      ...plain("id", "kind", "created_at", "status", "status_changed_at", "assigned_to"),
      fields: { personal: "visitor", erase: "clear", empty: {} },
      name: { personal: "visitor", erase: "clear" },
      email: { personal: "visitor", erase: "clear" },
      phone: { personal: "visitor", erase: "clear" },
      source: {
        personal: "visitor",
        erase: "clear",
        note: "landing page and referrer as the visitor's browser sent them",
      },
      search_text: { personal: "visitor", erase: "keep", note: "generated from fields: empties with them" },
      spam_reasons: none,
      ...plain("stage", "stage_changed_at", "lost_reason", "won_pence"),
      lost_note: {
        personal: "visitor",
        erase: "clear",
        note: "the colleague's note on why it was lost may quote the visitor",
      },
    },
    erasure: { by: "id" },
    retention:
      "Closed and spam enquiries are erased RETENTION_MONTHS after they arrived (the privacy retention worker); the row stays as a tombstone.",
  },
  enquiry_events: {
    backup: { order: 8, chunkRows: 1000 },
    columns: {
      ...plain("id", "enquiry_id", "admin_id", "at", "type", "edited_at"),
      admin_email: staff("the colleague's address as it was, so the entry still names them"),
      data: {
        personal: "visitor",
        erase: "tombstone",
        value: { text: PRIVACY_MESSAGES.tombstone },
        where: { type: ["note", "reply", "stage"] },
        note: "notes, replies and stage moves (a lost note) may quote the visitor; status and assignment entries hold none",
      },
    },
    erasure: { by: "enquiry_id" },
    retention: "With its enquiry (the 'erased' entry records who erased it and when).",
  },
  mail_outbox: {
    backup: { order: 9, chunkRows: 1000 },
    columns: {
      ...plain("id", "enquiry_id", "kind", "state", "attempts", "next_attempt_at", "sent_at", "created_at"),
      message: {
        personal: "visitor",
        erase: "clear",
        note: "cleared once sent or given up; a staff mail (invitation, new browser, security) holds the colleague's address, browser and client address",
      },
      last_error: { personal: "visitor", erase: "clear", note: "may quote the recipient's address" },
    },
    erasure: { by: "enquiry_id", deleteRows: { state: { not: ["sent"] } } },
    retention:
      "The stored message is cleared once sent or given up; an enquiry's rows go with its erasure (unsent deleted) or the enquiry. Without SMTP_URL each message is also DATA_DIR/mail/<id>.eml, deleted by erasure.",
  },
  // Free waste reviews (services/bookings/): each booking's visitor is erased with the enquiry it
  // made on the desk (enquiry_id), like that enquiry's own fields.
  bookings: {
    backup: { order: 25, chunkRows: 1000 },
    columns: {
      ...plain(
        "id",
        "starts_at",
        "ends_at",
        "staff_id",
        "status",
        "reference",
        "enquiry_id",
        "reminded_at",
        "created_at",
        "updated_at",
      ),
      name: { personal: "visitor", erase: "clear" },
      email: { personal: "visitor", erase: "clear" },
      phone: { personal: "visitor", erase: "clear" },
      company: { personal: "visitor", erase: "clear" },
      postcode: { personal: "visitor", erase: "clear", note: "the site's post code" },
      note: { personal: "visitor", erase: "clear" },
      source: {
        personal: "visitor",
        erase: "clear",
        note: "landing page and referrer as the visitor's browser sent them",
      },
      token_hash: {
        personal: null,
        erase: "clear",
        note: "the SHA-256 of the reschedule/cancel link's token: erasure ends the link",
      },
      cancel_reason: {
        personal: "visitor",
        erase: "clear",
        note: "staff's words, which may quote the visitor",
      },
    },
    erasure: { by: "enquiry_id" },
    retention:
      "With its enquiry: erased (the visitor's fields cleared, the time and status kept for the calendar) when the enquiry is erased on request or by the retention worker.",
  },
  booking_blocks: {
    backup: { order: 26, chunkRows: 1000 },
    columns: {
      ...plain("id", "starts_at", "ends_at", "reason", "created_at"),
      created_by: staff("the address of the colleague who blocked the time, as it was"),
    },
    retention: "Until staff remove it.",
  },
  booking_reviewers: {
    backup: { order: 52, chunkRows: 1000 },
    columns: plain("staff_id", "created_at"),
    retention:
      "While the colleague takes reviews: the Owner unmarks them, or their account's removal deletes the row.",
  },
  booking_feeds: {
    // The feed's secret is a credential: a backup keeps its hash, db:export leaves the rows out
    // (each colleague renews their address on the imported site).
    backup: { order: 53, chunkRows: 1000, secrets: "rows" },
    columns: {
      ...plain("staff_id", "created_at"),
      token_hash: {
        personal: null,
        erase: "keep",
        note: "the SHA-256 of the secret in the colleague's ICS feed address: renewing replaces it",
      },
    },
    retention: "Until renewed (replaced) or the colleague's account is removed.",
  },
  booking_settings: {
    backup: { order: 27, chunkRows: 10 },
    columns: plain("id", "length_minutes", "buffer_minutes", "notice_days", "horizon_weeks", "updated_at"),
    retention: "One row, kept; the Owner changes it on 'Bookings'.",
  },
  insights_pages: {
    backup: { order: 10, chunkRows: 2000 },
    columns: plain("day", "path", "views", "visits"),
    retention: "INSIGHTS_RETENTION_MONTHS (the insights worker deletes older days).",
  },
  insights_referrers: {
    backup: { order: 11, chunkRows: 2000 },
    columns: plain("day", "domain", "visits"),
    retention: "INSIGHTS_RETENTION_MONTHS.",
  },
  insights_referrers_monthly: {
    backup: { order: 12, chunkRows: 2000 },
    columns: plain("month", "domain", "visits"),
    retention: "INSIGHTS_RETENTION_MONTHS.",
  },
  insights_campaigns: {
    backup: { order: 13, chunkRows: 2000 },
    columns: plain("day", "source", "campaign", "visits"),
    retention: "INSIGHTS_RETENTION_MONTHS.",
  },
  insights_funnel: {
    backup: { order: 14, chunkRows: 2000 },
    columns: plain("day", "form", "stage", "n"),
    retention: "INSIGHTS_RETENTION_MONTHS.",
  },
  insights_enquiries: {
    backup: { order: 15, chunkRows: 2000 },
    columns: plain("day", "form", "landing", "referrer", "n"),
    retention: "INSIGHTS_RETENTION_MONTHS.",
  },
  admin_two_factor: {
    // Staff credentials: a restore keeps two-factor sign-in working (without them every enrolled
    // account would be locked out); the secret is sealed with the secrets key, which backups do
    // not hold. db:export leaves the rows out: the imported accounts set two-factor up again.
    backup: { order: 30, chunkRows: 500, secrets: "rows" },
    columns: {
      ...plain("admin_id", "enabled_at", "last_step", "created_at"),
      secret: staff(
        "the authenticator app's shared TOTP secret, sealed with the secrets key: a credential, never logged or shown again",
      ),
    },
    retention:
      "While two-factor sign-in is on (or being set up); 'Turn off' or removing the account deletes it.",
  },
  admin_recovery_codes: {
    // Left out of db:export with the two-factor rows they belong to.
    backup: { order: 31, chunkRows: 500, secrets: "rows" },
    columns: {
      ...plain("id", "admin_id", "used_at", "created_at"),
      code_hash: staff("the SHA-256 of a one-time recovery code (80 random bits); the code is shown once"),
    },
    retention: "Until new codes are made, two-factor sign-in is turned off or the account is removed.",
  },
  admin_pending_sign_ins: {
    backup: { skip: "a sign-in half done lives five minutes; a restored site asks for the password again" },
    columns: plain("token_hash", "admin_id", "password_check", "expires_at", "created_at"),
    retention: "Five minutes, or until the code is given (deleted then and at every sign-in).",
  },
  admin_passkeys: {
    // Staff credentials: a restore keeps passkey sign-in working; the public key is no secret.
    backup: { order: 33, chunkRows: 500, bytes: ["public_key"] },
    columns: {
      ...plain("id", "admin_id", "credential_id", "public_key", "counter", "transports", "created_at"),
      name: staff("the passkey's name, given by the colleague or their device's (browser and system)"),
      last_used_at: staff("when the colleague last signed in with it"),
    },
    retention: "Until 'Remove' on 'Account' or the account is removed (cascade).",
  },
  admin_passkey_challenges: {
    backup: { skip: "a WebAuthn challenge lives five minutes and is used once; a restored site asks again" },
    columns: plain("challenge", "purpose", "admin_id", "expires_at", "created_at"),
    retention: "Five minutes, or until answered (deleted then, and when the next challenge is made).",
  },
  security_settings: {
    backup: { order: 32, chunkRows: 10 },
    columns: plain("id", "require_two_factor", "updated_at"),
    retention: "One row, kept; the Owner changes it on 'Account'.",
  },
  spam_settings: {
    // token_secret is no longer read (the form tokens' key is derived from the secrets key,
    // migration 0017): random bytes nothing uses, written empty by db:export all the same.
    backup: { order: 16, chunkRows: 10, secrets: ["token_secret"] },
    columns: plain("id", "words", "domains", "token_secret", "updated_at"),
    retention: "One row, kept; staff change the lists on 'Spam'.",
  },
  spam_tokens: {
    backup: {
      skip: "used form tokens are kept a day past their life only; a restored site need not know them",
    },
    columns: plain("id", "used_at"),
    retention: "25 hours after use (deleted hourly by the spam-tokens worker, services/leads/spam.ts).",
  },
  webhook_endpoints: {
    // The secret is sealed (a backup keeps it so); db:export leaves it out: a new one at start.
    backup: { order: 17, chunkRows: 100, secrets: ["secret"] },
    columns: {
      ...plain(
        "id",
        "url",
        "description",
        "events",
        "enabled",
        "disabled_reason",
        "created_at",
        "secret_renewed_at",
      ),
      secret: {
        personal: null,
        erase: "keep",
        note: "the signing secret (whsec_…), sealed with the secrets key: shown to staff once, never logged",
      },
    },
    retention: "Until deleted on 'Integrations' (at most 20).",
  },
  webhook_deliveries: {
    backup: { order: 18, chunkRows: 1000 },
    columns: {
      ...plain(
        "id",
        "endpoint_id",
        "enquiry_id",
        "message_id",
        "event",
        "state",
        "attempts",
        "next_attempt_at",
        "last_attempt_at",
        "last_status",
        "last_duration_ms",
        "last_error",
        "sent_at",
        "created_at",
      ),
      payload: { personal: "visitor", erase: "clear", note: "the enquiry as the API shows it" },
      response_body: {
        personal: "visitor",
        erase: "clear",
        note: "the receiver's answer (first 1 KB) may echo it",
      },
    },
    erasure: { by: "enquiry_id", deleteRows: { state: { not: ["sent"] } } },
    retention:
      "30 days (deleted by the hourly privacy worker); an erased enquiry's unsent deliveries are deleted and the sent ones' payload and answer cleared; deleted with the endpoint.",
  },
};

/** Every drizzle table of schema.ts. */
export const SCHEMA_TABLES: PgTable[] = (Object.values(schema) as unknown[]).filter(
  (value): value is PgTable => is(value, PgTable),
);

export const tableByName = (name: string): PgTable => {
  const table = SCHEMA_TABLES.find((t) => getTableConfig(t).name === name);
  if (!table) throw new Error(`No table ${name} in schema.ts`);
  return table;
};

/** The tables backed up, in the order they are exported and imported (parents first). */
export const BACKED_UP: string[] = Object.entries(REGISTRY)
  .flatMap(([name, entry]) => ("order" in entry.backup ? [{ name, order: entry.backup.order }] : []))
  .sort((a, b) => a.order - b.order)
  .map((t) => t.name);

/** The tables holding a visitor's data, tied to their enquiry. */
export const VISITOR_TABLES: string[] = Object.entries(REGISTRY)
  .filter(([, entry]) => entry.erasure)
  .map(([name]) => name);
