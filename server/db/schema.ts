import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { AUDIT_ACTIONS } from "../../common/audit";
import { DEFAULT_BOOKING_SETTINGS } from "../../common/bookings/availability";
import { BOOKING_STATUSES } from "../../common/bookings/bookings";
import type { PostState } from "../../common/content/blog-rules";
import { POPUP_CONTENT_MAX, POPUP_TITLE_MAX } from "../../common/content/popup";
import { ENQUIRY_EVENT_TYPES } from "../../common/leads/enquiry-inbox";
import { ENQUIRY_KINDS, ENQUIRY_STATUSES, MAIL_STATES } from "../../common/leads/enquiry-terms";
import type { LeadSource } from "../../common/leads/lead-source";
import { QUOTE_UNITS, VAT_RATES } from "../../common/pipeline/money";
import { QUOTE_STATES } from "../../common/pipeline/quotes";
import { STAGES } from "../../common/pipeline/stages";
import type { Role } from "../../common/staff/roles";
import { WEBHOOK_DELIVERY_STATES, type WebhookEvent } from "../../common/webhooks/webhooks";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const admins = pgTable(
  "admins",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    createdAt: createdAt(),
    /** The latest session made for the account (a sign-in or an accepted invitation). */
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    /** What the account may do (common/staff/roles.ts); accounts from before roles became Owners. */
    role: text("role").$type<Role>().notNull(),
    /**
     * When `npm run secrets:rotate -- --renew` removed the account's authenticator app: until it
     * sets two-factor sign-in up again or adds a passkey after that time, it must enrol
     * (services/staff/two-factor.ts `enrolmentDue`); null: nothing asked of it.
     */
    enrolmentDueAt: timestamp("enrolment_due_at", { withTimezone: true }),
  },
  (t) => [check("admins_role_check", sql`${t.role} IN ('owner', 'desk', 'editor')`)],
);

/** A colleague's invitation: a one-time link (only its SHA-256 is stored) to set their own password. */
export const adminInvites = pgTable(
  "admin_invites",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: uuid("invited_by").references(() => admins.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    /** The role the colleague's account gets (common/staff/roles.ts). */
    role: text("role").$type<Role>().notNull(),
  },
  (t) => [
    index("admin_invites_email_idx").on(t.email),
    check("admin_invites_role_check", sql`${t.role} IN ('owner', 'desk', 'editor')`),
  ],
);

/** Opaque session tokens; only their SHA-256 is stored. */
export const adminSessions = pgTable(
  "admin_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    adminId: uuid("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Names the session on 'Account' (its token never leaves the browser that holds it). */
    id: uuid("id").notNull().defaultRandom().unique(),
    /** The browser's User-Agent at sign-in (at most 300 characters), shown as the device. */
    userAgent: text("user_agent"),
    /** The latest request made with the session (written at most once a minute). */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the session last confirmed its password (or a current code) again: changes to sign-in
     * methods need it within SUDO_WINDOW_MS (sudo mode, docs/decisions). Null until the first.
     */
    reauthenticatedAt: timestamp("reauthenticated_at", { withTimezone: true }),
  },
  (t) => [
    index("admin_sessions_expires_idx").on(t.expiresAt),
    index("admin_sessions_admin_idx").on(t.adminId),
  ],
);

/**
 * The browsers each account has signed in from (the SHA-256 of the long-lived admin_browser
 * cookie): a sign-in from one not listed mails the account (services/staff/browsers.ts).
 */
export const adminBrowsers = pgTable(
  "admin_browsers",
  {
    adminId: uuid("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    browserHash: text("browser_hash").notNull(),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.browserHash] })],
);

/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238): the account's shared secret
 * (base32), pending until confirmed with a code (`enabled_at` null). `last_step` is the latest
 * time-step a code was accepted for: the same or an older one is a replay and refused.
 */
export const adminTwoFactor = pgTable("admin_two_factor", {
  adminId: uuid("admin_id")
    .primaryKey()
    .references(() => admins.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  enabledAt: timestamp("enabled_at", { withTimezone: true }),
  lastStep: bigint("last_step", { mode: "number" }),
  createdAt: createdAt(),
});

/** One-time recovery codes (ten per account): only their SHA-256 is stored; `used_at` once used. */
export const adminRecoveryCodes = pgTable(
  "admin_recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    adminId: uuid("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("admin_recovery_codes_hash_idx").on(t.adminId, t.codeHash)],
);

/**
 * A sign-in half done: the password was right and the account's code is awaited. The client
 * holds a random token (only its SHA-256 is stored); it names the account, lives minutes and is
 * used once. `password_check` is the SHA-256 of the password hash checked: a password change in
 * between voids it.
 */
export const adminPendingSignIns = pgTable(
  "admin_pending_sign_ins",
  {
    tokenHash: text("token_hash").primaryKey(),
    adminId: uuid("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    passwordCheck: text("password_check").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("admin_pending_sign_ins_expires_idx").on(t.expiresAt)],
);

/** The Owner's security settings (one row): whether every account must use two-factor sign-in. */
export const securitySettings = pgTable(
  "security_settings",
  {
    id: integer("id").primaryKey(),
    requireTwoFactor: boolean("require_two_factor").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("security_settings_one_row", sql`${t.id} = 1`)],
);

/**
 * Passkeys (WebAuthn): an account's registered credentials. `credential_id` is the authenticator's
 * id (base64url), `public_key` its COSE public key; `counter` the latest signature counter seen
 * (a lower or equal one from an authenticator that counts is refused as a cloned key).
 */
export const adminPasskeys = pgTable(
  "admin_passkeys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    adminId: uuid("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    credentialId: text("credential_id").notNull().unique(),
    publicKey: bytea("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    /** How the browser may reach the authenticator ('internal', 'hybrid', 'usb', …). */
    transports: jsonb("transports").$type<string[]>().notNull().default([]),
    /** The name the colleague gave, or one derived from the device at registration. */
    name: text("name").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [index("admin_passkeys_admin_idx").on(t.adminId)],
);

/**
 * A WebAuthn challenge handed out for a registration (naming the account) or a passkey sign-in
 * (naming none): used once (deleted when answered) and short-lived.
 */
export const adminPasskeyChallenges = pgTable(
  "admin_passkey_challenges",
  {
    challenge: text("challenge").primaryKey(),
    /** `sudo`: confirming sudo mode on a session (naming the account; bound to the session). */
    purpose: text("purpose", { enum: ["register", "sign_in", "second_factor", "sudo"] }).notNull(),
    adminId: uuid("admin_id").references(() => admins.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("admin_passkey_challenges_expires_idx").on(t.expiresAt)],
);

export interface StoredParagraph {
  header: string;
  content: string;
  img: string | null;
  /** Image alt text; absent on posts stored before it existed. */
  alt?: string;
}

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    metaDataTitle: text("meta_data_title").notNull(),
    title: text("title").notNull(),
    readTime: integer("read_time").notNull(),
    template: integer("template").notNull(),
    content: jsonb("content").$type<StoredParagraph[]>().notNull(),
    dateAdded: timestamp("date_added", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Draft, scheduled (publishAt set) or published; only published posts are public. */
    state: text("state").$type<PostState>().notNull().default("published"),
    /** When a scheduled post goes live (the worker publishes it); null unless scheduled. */
    publishAt: timestamp("publish_at", { withTimezone: true }),
    /** One more on every write; a save naming an older version is refused as stale. */
    version: integer("version").notNull().default(1),
    /** The post's own meta description; empty: derived from its first paragraph. */
    metaDescription: text("meta_description").notNull().default(""),
    /** The paragraph (0-based) whose picture is the social image; null: the first picture. */
    socialImageParagraph: integer("social_image_paragraph"),
  },
  (t) => [
    index("blog_posts_date_added_idx").on(t.dateAdded),
    index("blog_posts_state_date_added_idx").on(t.state, t.dateAdded),
    index("blog_posts_due_idx").on(t.publishAt).where(sql`${t.state} = 'scheduled'`),
    check(
      "blog_posts_state_check",
      sql`${t.state} IN ('draft', 'scheduled', 'published') AND (${t.state} = 'scheduled') = (${t.publishAt} IS NOT NULL)`,
    ),
    check("blog_posts_social_image_paragraph_check", sql`${t.socialImageParagraph} BETWEEN 0 AND 2`),
  ],
);

/** What a revision keeps of a post: its text and paragraphs (images by id). */
export interface RevisionSnapshot {
  metaDataTitle: string;
  title: string;
  readTime: number;
  template: number;
  content: StoredParagraph[];
  metaDescription?: string;
  socialImageParagraph?: number | null;
}

/** A post as it was at a publish or manual save (the last 50 per post); its images stay while it does. */
export const blogRevisions = pgTable(
  "blog_revisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    savedAt: timestamp("saved_at", { withTimezone: true }).notNull().defaultNow(),
    /** The administrator's e-mail address. */
    savedBy: text("saved_by").notNull(),
    reason: text("reason").$type<"published" | "saved" | "restored">().notNull(),
    post: jsonb("post").$type<RevisionSnapshot>().notNull(),
  },
  (t) => [
    index("blog_revisions_post_newest_idx").on(t.postId, t.savedAt.desc(), t.id.desc()),
    check("blog_revisions_reason_check", sql`${t.reason} IN ('published', 'saved', 'restored')`),
  ],
);

/**
 * Admin-editable site content (common/content/site-content/registry.ts): one row per document that has
 * ever been saved; a document without a row shows its defaults. `published` is what the site
 * shows (null: the defaults), `draft` what the editors work on (null: the same as published),
 * `scheduled` the draft as it was when scheduled, published by the worker at `publish_at`.
 */
export const siteDocuments = pgTable(
  "site_documents",
  {
    key: text("key").primaryKey(),
    published: jsonb("published").$type<unknown>(),
    draft: jsonb("draft").$type<unknown>(),
    scheduled: jsonb("scheduled").$type<unknown>(),
    publishAt: timestamp("publish_at", { withTimezone: true }),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** One more on every write; a save naming an older version is refused as stale. */
    version: integer("version").notNull().default(1),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** The colleague's e-mail address who saved last (a copy, like a revision's saved_by). */
    updatedBy: text("updated_by"),
  },
  (t) => [
    index("site_documents_due_idx").on(t.publishAt).where(sql`${t.publishAt} IS NOT NULL`),
    check("site_documents_schedule_check", sql`(${t.scheduled} IS NULL) = (${t.publishAt} IS NULL)`),
  ],
);

/** A site document as it was at a save, a publication, a schedule or a restore (the last 50 kept). */
export const siteDocumentRevisions = pgTable(
  "site_document_revisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    key: text("key")
      .notNull()
      .references(() => siteDocuments.key, { onDelete: "cascade" }),
    savedAt: timestamp("saved_at", { withTimezone: true }).notNull().defaultNow(),
    /** The administrator's e-mail address. */
    savedBy: text("saved_by").notNull(),
    reason: text("reason").$type<"saved" | "published" | "scheduled" | "restored">().notNull(),
    data: jsonb("data").$type<unknown>().notNull(),
  },
  (t) => [
    index("site_document_revisions_newest_idx").on(t.key, t.savedAt.desc(), t.id.desc()),
    check(
      "site_document_revisions_reason_check",
      sql`${t.reason} IN ('saved', 'published', 'scheduled', 'restored')`,
    ),
  ],
);

/**
 * Pages from blocks (issue 47, services/content/block-pages.ts): a page the office composes at an
 * address it chooses. `draft` is kept as typed (autosave); `published` and `scheduled` are valid
 * pages (common/content/block-pages.ts). `address` is where the page answers (the draft's address
 * once published). A deleted page keeps its row as a tombstone (`gone_at`): its address answers
 * 410, or 301 to `redirect_to`, until a new page takes it.
 */
export const blockPages = pgTable(
  "block_pages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    address: text("address").notNull(),
    state: text("state").$type<"draft" | "published" | "scheduled">().notNull().default("draft"),
    draft: jsonb("draft").$type<Record<string, unknown>>().notNull(),
    published: jsonb("published").$type<unknown>(),
    scheduled: jsonb("scheduled").$type<unknown>(),
    publishAt: timestamp("publish_at", { withTimezone: true }),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** One more on every write; a save naming an older version is refused as stale. */
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** The colleague's e-mail address who saved last (a copy, like a revision's saved_by). */
    updatedBy: text("updated_by"),
    goneAt: timestamp("gone_at", { withTimezone: true }),
    redirectTo: text("redirect_to"),
  },
  (t) => [
    uniqueIndex("block_pages_address_idx").on(t.address),
    index("block_pages_due_idx").on(t.publishAt).where(sql`${t.publishAt} IS NOT NULL`),
    check("block_pages_state_check", sql`${t.state} IN ('draft', 'published', 'scheduled')`),
    check("block_pages_schedule_check", sql`(${t.scheduled} IS NULL) = (${t.publishAt} IS NULL)`),
  ],
);

/** A block page as it was at a save, a publication, a schedule or a restore (the last 50 kept). */
export const blockPageRevisions = pgTable(
  "block_page_revisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pageId: uuid("page_id")
      .notNull()
      .references(() => blockPages.id, { onDelete: "cascade" }),
    savedAt: timestamp("saved_at", { withTimezone: true }).notNull().defaultNow(),
    /** The administrator's e-mail address. */
    savedBy: text("saved_by").notNull(),
    reason: text("reason").$type<"saved" | "published" | "scheduled" | "restored">().notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    index("block_page_revisions_newest_idx").on(t.pageId, t.savedAt.desc(), t.id.desc()),
    check(
      "block_page_revisions_reason_check",
      sql`${t.reason} IN ('saved', 'published', 'scheduled', 'restored')`,
    ),
  ],
);

/** Uploaded images, bytes in the database (no files, works across instances). */
export const images = pgTable("images", {
  id: uuid("id").primaryKey().defaultRandom(),
  contentType: text("content_type").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  data: bytea("data").notNull(),
  /** Set when a post references the image; deleting the post deletes it. */
  postId: uuid("post_id").references(() => blogPosts.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

/** Resized WebP renditions for srcset, made on first request and kept. */
export const imageVariants = pgTable(
  "image_variants",
  {
    imageId: uuid("image_id")
      .notNull()
      .references(() => images.id, { onDelete: "cascade" }),
    width: integer("width").notNull(),
    contentType: text("content_type").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.width] })],
);

export const popups = pgTable(
  "popups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: varchar("title", { length: POPUP_TITLE_MAX }).notNull(),
    content: varchar("content", { length: POPUP_CONTENT_MAX }).notNull(),
    navigation: text("navigation").notNull().default("/book"),
    activated: boolean("activated").notNull().default(false),
    createdAt: createdAt(),
  },
  // At most one active popup, guaranteed by the schema itself.
  (t) => [uniqueIndex("popups_one_active_idx").on(t.activated).where(sql`${t.activated}`)],
);

const SEARCHED_FIELDS = [
  "name",
  "fields->>'company'",
  "fields->>'businessType'",
  "email",
  "fields->>'location'",
  "replace(fields->>'location', ' ', '')",
  "fields->>'message'",
];

/**
 * Why enquiries are lost (issue 49): the Owner's changes to the list, over the defaults of
 * common/pipeline/stages.ts (a default is a row here only once the Owner archives or restores
 * it; nothing is seeded, so a new database stays empty for db:import). A reason is archived,
 * never deleted, so a lost enquiry keeps its reason.
 */
export const lostReasons = pgTable("lost_reasons", {
  id: text("id").primaryKey(),
  label: text("label").notNull(),
  position: integer("position").notNull().default(0),
  archived: boolean("archived").notNull().default(false),
  createdAt: createdAt(),
});

export const enquiries = pgTable(
  "enquiries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: ENQUIRY_KINDS }).notNull(),
    fields: jsonb("fields").$type<Record<string, unknown>>().notNull(),
    /**
     * The visitor, the same columns for every kind, stored as sent (a quote's `contact` block
     * included, common/leads/enquiry-inbox.ts enquiryVisitor); null once erased or when not given.
     */
    name: text("name"),
    email: text("email"),
    phone: text("phone"),
    createdAt: createdAt(),
    /** Where staff are with the lead; `spam` is set only by the honeypot (never mailed). */
    status: text("status", { enum: ENQUIRY_STATUSES }).notNull().default("new"),
    /** When staff last changed the status; null while it is as submitted. */
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }),
    /** The colleague working the lead ('Assigned to'); null: nobody yet. */
    assignedTo: uuid("assigned_to").references(() => admins.id, { onDelete: "set null" }),
    /** Where the visit started and came from, as the visitor's browser sent it (common/leads/lead-source.ts); null: unknown. */
    source: jsonb("source").$type<LeadSource>(),
    /** Why the spam check kept it as spam (issue 31); null: it was not scored as spam. */
    spamReasons: jsonb("spam_reasons").$type<string[]>(),
    /** Where the lead stands in the pipeline (common/pipeline/stages.ts; its status follows it). */
    stage: text("stage", { enum: STAGES }).notNull().default("new"),
    /** When the stage last moved; null while it is as submitted. */
    stageChangedAt: timestamp("stage_changed_at", { withTimezone: true }),
    /** While Lost: why (a reason's id: common/pipeline/stages.ts or lost_reasons) and the colleague's note. */
    lostReason: text("lost_reason"),
    lostNote: text("lost_note"),
    /** While Won: the work's value in pence (an accepted quote's total, or what staff entered). */
    wonPence: bigint("won_pence", { mode: "number" }),
    /**
     * What the inbox search looks in, lower case, fields apart (chr 31): names, company or
     * business type, e-mails, post code (as stored and without its space) and message.
     */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(
        sql.raw(`lower(${SEARCHED_FIELDS.map((f) => `coalesce(${f}, '')`).join(" || chr(31) || ")})`),
      ),
  },
  // Keyset paging walks (created_at, id) newest first, whole inbox or one kind or status.
  (t) => [
    index("enquiries_newest_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("enquiries_kind_newest_idx").on(t.kind, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("enquiries_status_newest_idx").on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The inbox's stage filter and the board's columns.
    index("enquiries_stage_newest_idx").on(
      t.stage,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The inbox's 'Mine' and 'Unassigned' (IS NULL uses it too).
    index("enquiries_assigned_newest_idx").on(
      t.assignedTo,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Trigram index: "contains" searches without reading every enquiry (pg_trgm: see the migration).
    index("enquiries_search_idx").using("gin", t.searchText.op("gin_trgm_ops")),
  ],
);

/** The price list the Owner keeps (issue 49): a quote's line may start from a service. */
export const quoteServices = pgTable("quote_services", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  unit: text("unit", { enum: QUOTE_UNITS }).notNull(),
  unitPricePence: bigint("unit_price_pence", { mode: "number" }).notNull(),
  vatRate: text("vat_rate", { enum: VAT_RATES }).notNull().default("standard"),
  archived: boolean("archived").notNull().default(false),
  createdAt: createdAt(),
});

/** The last quote number given in each calendar year (London): Q-2026-0001 and on. */
export const quoteNumbers = pgTable("quote_numbers", {
  year: integer("year").primaryKey(),
  last: integer("last").notNull(),
});

/**
 * A priced quote from an enquiry (common/pipeline/quotes.ts): one row per version, the number
 * shared by its versions. The totals are common/pipeline/money.ts's, stored once when the
 * content is saved. The customer's address and name, who accepted it, from where, and why it
 * was declined are theirs (erased with the enquiry); the numbers stay the company's record.
 */
export const quotes = pgTable(
  "quotes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    enquiryId: uuid("enquiry_id")
      .notNull()
      .references(() => enquiries.id, { onDelete: "cascade" }),
    year: integer("year").notNull(),
    sequence: integer("sequence").notNull(),
    number: text("number").notNull(),
    version: integer("version").notNull().default(1),
    supersedes: uuid("supersedes"),
    state: text("state", { enum: QUOTE_STATES }).notNull().default("draft"),
    validUntil: date("valid_until", { mode: "string" }).notNull(),
    terms: text("terms").notNull(),
    discount: jsonb("discount").$type<Record<string, unknown>>().notNull(),
    subtotalPence: bigint("subtotal_pence", { mode: "number" }).notNull(),
    discountPence: bigint("discount_pence", { mode: "number" }).notNull(),
    vatPence: bigint("vat_pence", { mode: "number" }).notNull(),
    totalPence: bigint("total_pence", { mode: "number" }).notNull(),
    /** Where the link was mailed (the enquiry's address when sent). */
    recipient: text("recipient"),
    /** The link's token, hashed (SHA-256): the link is for this version only. */
    tokenHash: text("token_hash"),
    createdBy: uuid("created_by").references(() => admins.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    acceptedName: text("accepted_name"),
    acceptedAddress: text("accepted_address"),
    acceptedVersion: integer("accepted_version"),
    declineReason: text("decline_reason"),
  },
  (t) => [
    uniqueIndex("quotes_number_version_idx").on(t.number, t.version),
    index("quotes_enquiry_idx").on(t.enquiryId, t.createdAt),
  ],
);

/** A quote's lines, in their order. */
export const quoteLines = pgTable(
  "quote_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    serviceId: uuid("service_id").references(() => quoteServices.id, { onDelete: "set null" }),
    description: text("description").notNull(),
    quantityThousandths: bigint("quantity_thousandths", { mode: "number" }).notNull(),
    unit: text("unit", { enum: QUOTE_UNITS }).notNull(),
    unitPricePence: bigint("unit_price_pence", { mode: "number" }).notNull(),
    vatRate: text("vat_rate", { enum: VAT_RATES }).notNull(),
    netPence: bigint("net_pence", { mode: "number" }).notNull(),
  },
  (t) => [index("quote_lines_quote_idx").on(t.quoteId, t.position)],
);

/**
 * One entry of an enquiry's timeline: who (the account, and its address as it was, so the entry
 * still names a colleague after their account is removed), when, and what. A note is an entry
 * whose text its author may edit (`edited_at`).
 */
export const enquiryEvents = pgTable(
  "enquiry_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    enquiryId: uuid("enquiry_id")
      .notNull()
      .references(() => enquiries.id, { onDelete: "cascade" }),
    adminId: uuid("admin_id").references(() => admins.id, { onDelete: "set null" }),
    adminEmail: text("admin_email"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    type: text("type", { enum: ENQUIRY_EVENT_TYPES }).notNull(),
    data: jsonb("data").$type<Record<string, string | null>>().notNull().default({}),
    editedAt: timestamp("edited_at", { withTimezone: true }),
  },
  (t) => [
    index("enquiry_events_enquiry_idx").on(t.enquiryId, t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The dashboard's time to 'Contacted': status changes of the last 30 days.
    index("enquiry_events_type_at_idx").on(t.type, t.at),
  ],
);

/**
 * What the outbox carries: rendered from the enquiry when sent (the office's notification, the
 * visitor's confirmation), or a `message` stored with the row (an invitation, a staff reply, a
 * new-browser mail, a security mail: server/services/staff/security-mail.ts).
 */
export const MAIL_KINDS = [
  "notification",
  "confirmation",
  "invite",
  "reply",
  "new-browser",
  "security",
  "booking",
  "quote",
] as const;

/** A message stored in its outbox row (cleared once delivered: no copy of a one-time link stays). */
export interface StoredMail {
  to: string;
  subject: string;
  text: string;
  /** A calendar invitation (a booking's .ics, text/calendar), sent as the message's iCalendar part. */
  ics?: { method: "REQUEST" | "CANCEL"; content: string };
}

/**
 * Durable mail outbox: one row per message, written in the same transaction as what it reports
 * (the office's notification in the enquiry's, an invitation in the invitation's).
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    enquiryId: uuid("enquiry_id").references(() => enquiries.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: MAIL_KINDS }).notNull().default("notification"),
    message: jsonb("message").$type<StoredMail>(),
    state: text("state", { enum: MAIL_STATES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("mail_outbox_due_idx").on(t.state, t.nextAttemptAt),
    index("mail_outbox_enquiry_idx").on(t.enquiryId),
  ],
);

/*
 * Insights: aggregates per UK day, nothing about any one visitor. Every instance adds
 * its counts with INSERT … ON CONFLICT DO UPDATE SET n = n + excluded.n (server/services/insights/store.ts).
 */
const day = () => date("day", { mode: "string" }).notNull();
const count = (name: string) => bigint(name, { mode: "number" }).notNull().default(0);

/** Page views per path, and visits (views that started a visit) that landed on it. */
export const insightsPages = pgTable(
  "insights_pages",
  { day: day(), path: text("path").notNull(), views: count("views"), visits: count("visits") },
  (t) => [primaryKey({ columns: [t.day, t.path] })],
);

/** Visits per referring domain ('' when none or unknown). */
export const insightsReferrers = pgTable(
  "insights_referrers",
  { day: day(), domain: text("domain").notNull(), visits: count("visits") },
  (t) => [primaryKey({ columns: [t.day, t.domain] })],
);

/**
 * The same per month (the 1st): a long range reads a row per domain and month instead of one per
 * domain and day. Written in the same transaction as the days.
 */
export const insightsReferrersMonthly = pgTable(
  "insights_referrers_monthly",
  {
    month: date("month", { mode: "string" }).notNull(),
    domain: text("domain").notNull(),
    visits: count("visits"),
  },
  (t) => [primaryKey({ columns: [t.month, t.domain] })],
);

/** Visits per utm_source and utm_campaign of the landing address. */
export const insightsCampaigns = pgTable(
  "insights_campaigns",
  {
    day: day(),
    source: text("source").notNull(),
    campaign: text("campaign").notNull(),
    visits: count("visits"),
  },
  (t) => [primaryKey({ columns: [t.day, t.source, t.campaign] })],
);

/** The forms' funnels: visits that reached each stage (common/insights/insights.ts FUNNEL_STAGES). */
export const insightsFunnel = pgTable(
  "insights_funnel",
  { day: day(), form: text("form").notNull(), stage: text("stage").notNull(), n: count("n") },
  (t) => [primaryKey({ columns: [t.day, t.form, t.stage] })],
);

/** Enquiries sent, per the page their visit landed on and the domain that visit came from. */
export const insightsEnquiries = pgTable(
  "insights_enquiries",
  {
    day: day(),
    form: text("form").notNull(),
    landing: text("landing").notNull(),
    referrer: text("referrer").notNull(),
    n: count("n"),
  },
  (t) => [primaryKey({ columns: [t.day, t.form, t.landing, t.referrer] })],
);

/**
 * The spam check's settings (one row, id 1): the disallowed words and domains staff keep on
 * 'Spam', and the secret that signs the forms' tokens (made at random on first use, shared by
 * every instance).
 */
export const spamSettings = pgTable(
  "spam_settings",
  {
    id: integer("id").primaryKey(),
    words: jsonb("words").$type<string[]>().notNull(),
    domains: jsonb("domains").$type<string[]>().notNull(),
    /**
     * No longer read (issue 45): the form tokens are signed with a key derived from the secrets
     * key. Kept (migrations only add) with random bytes nothing uses, so an instance of the
     * previous version during a rolling upgrade signs with a key nobody knows; db:export writes it
     * empty.
     */
    tokenSecret: text("token_secret")
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("spam_settings_one_row", sql`${t.id} = 1`)],
);

/**
 * Form tokens already used for an enquiry: a second use is suspect, on every instance. Kept
 * for a day past the token's life, then deleted (server/services/leads/spam.ts).
 */
export const spamTokens = pgTable(
  "spam_tokens",
  {
    id: uuid("id").primaryKey(),
    usedAt: timestamp("used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("spam_tokens_used_idx").on(t.usedAt)],
);

/**
 * Webhook endpoints ('Integrations', Owner): where enquiry events are sent, signed with the
 * endpoint's secret (Standard Webhooks, `whsec_<base64>`, shown to staff once).
 */
export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: uuid("id").primaryKey().defaultRandom(),
  url: text("url").notNull(),
  description: text("description").notNull().default(""),
  events: jsonb("events").$type<WebhookEvent[]>().notNull(),
  secret: text("secret").notNull(),
  enabled: boolean("enabled").notNull().default(true),
  disabledReason: text("disabled_reason"),
  createdAt: createdAt(),
  /**
   * When `npm run secrets:rotate -- --renew` gave it a secret nobody has seen: Integrations asks
   * the Owner to rotate it (which shows one) and give it to the receiver; cleared then.
   */
  secretRenewedAt: timestamp("secret_renewed_at", { withTimezone: true }),
});

/**
 * Webhook deliveries: the outbox of webhooks (stored in the transaction of the event, sent by
 * the outbox worker with the mail's claim and lease) and each endpoint's delivery log.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    enquiryId: uuid("enquiry_id").references(() => enquiries.id, { onDelete: "cascade" }),
    messageId: text("message_id").notNull(),
    event: text("event").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>(),
    state: text("state", { enum: WEBHOOK_DELIVERY_STATES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    lastStatus: integer("last_status"),
    lastDurationMs: integer("last_duration_ms"),
    lastError: text("last_error"),
    responseBody: text("response_body"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("webhook_deliveries_due_idx").on(t.state, t.nextAttemptAt),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
    index("webhook_deliveries_enquiry_idx").on(t.enquiryId),
  ],
);

/**
 * The audit log: who did what in the admin (common/audit.ts). The actor's e-mail is a copy as it
 * was, so the entry still reads after the account is removed (no foreign key: ids stay too).
 * The target is an id and a short label (a post's title, a colleague's e-mail, a count of
 * enquiries) — never a lead's details.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    action: text("action", { enum: AUDIT_ACTIONS }).notNull(),
    actorId: uuid("actor_id"),
    actorEmail: text("actor_email"),
    targetId: text("target_id"),
    targetLabel: text("target_label"),
    ip: text("ip"),
  },
  (t) => [
    index("audit_events_at_idx").on(t.at, t.id),
    index("audit_events_action_idx").on(t.action, t.at),
    index("audit_events_actor_idx").on(t.actorEmail, t.at),
  ],
);

/**
 * Redirects ('Redirects', Owner and Editor; issue 47): a path of the site answered 301 or 302 to
 * a path or an https address, or 410 (no target). Every instance holds them all in memory
 * (services/content/redirects.ts); a path is redirected once, and no redirect leads to another.
 */
export const redirects = pgTable(
  "redirects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    fromPath: text("from_path").notNull(),
    /** A site path or an https:// address; null for 410. */
    toTarget: text("to_target"),
    status: integer("status").notNull(),
    /** The colleague's address who added it; null when the site made it (a page's new address). */
    createdBy: text("created_by"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("redirects_from_idx").on(t.fromPath),
    index("redirects_to_idx").on(t.toTarget),
    check("redirects_status_check", sql`${t.status} IN (301, 302, 410)`),
    check("redirects_target_check", sql`(${t.status} = 410) = (${t.toTarget} IS NULL)`),
  ],
);

/**
 * The 404 log: each path visitors found missing, a row a UK day, with its count, when it was last
 * seen and the host of the latest referring site; never an address or a user agent. Bounded
 * (common/content/redirects.ts REDIRECT_LIMITS) by the not-found-log worker.
 */
export const notFoundPaths = pgTable(
  "not_found_paths",
  {
    day: day(),
    path: text("path").notNull(),
    count: count("count"),
    lastSeen: timestamp("last_seen", { withTimezone: true }).notNull(),
    referrer: text("referrer").notNull().default(""),
  },
  (t) => [primaryKey({ columns: [t.day, t.path] }), index("not_found_paths_path_idx").on(t.path)],
);

/**
 * Free waste reviews booked online (issue 48, services/bookings/): a time on the office's one
 * calendar, the visitor's details (erased with the enquiry the booking made, `enquiry_id`), who
 * takes it (`staff_id`; null: the office), its status, and the hash of its reschedule/cancel link.
 */
export const bookings = pgTable(
  "bookings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    staffId: uuid("staff_id").references(() => admins.id, { onDelete: "set null" }),
    status: text("status", { enum: BOOKING_STATUSES }).notNull().default("booked"),
    name: text("name"),
    email: text("email"),
    phone: text("phone"),
    company: text("company"),
    postcode: text("postcode"),
    note: text("note"),
    /** The visitor's reference: the enquiry's (FO-…), one for the desk and the mail. */
    reference: text("reference").notNull(),
    /** Where the visit started and came from, as the visitor's browser sent it (like an enquiry's). */
    source: jsonb("source").$type<LeadSource>(),
    enquiryId: uuid("enquiry_id").references(() => enquiries.id, { onDelete: "set null" }),
    /** The SHA-256 (hex) of the link's random token; null once erased. */
    tokenHash: text("token_hash"),
    /** Why staff cancelled it (or that the visitor did). */
    cancelReason: text("cancel_reason"),
    /** When its reminder was queued (24 hours before); null: not yet. */
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // No double booking: one review a start for each colleague who takes reviews, or for the
    // office when nobody is named (staff_id null), whatever the instances do.
    uniqueIndex("bookings_staff_slot_idx")
      .on(sql`coalesce(${t.staffId}, '00000000-0000-0000-0000-000000000000'::uuid)`, t.startsAt)
      .where(sql`${t.status} <> 'cancelled'`),
    index("bookings_starts_idx").on(t.startsAt),
    index("bookings_enquiry_idx").on(t.enquiryId),
    uniqueIndex("bookings_token_idx").on(t.tokenHash),
    check("bookings_ends_after_start", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * The colleagues who take free waste reviews, as the Owner marks them (issue 48): a booking is
 * given to one who is free at its time; none marked: the office's one calendar.
 */
export const bookingReviewers = pgTable("booking_reviewers", {
  staffId: uuid("staff_id")
    .primaryKey()
    .references(() => admins.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

/**
 * Each colleague's ICS feed of their bookings (issue 48): the SHA-256 (hex) of the secret in its
 * address; renewing replaces it, so the old address is refused.
 */
export const bookingFeeds = pgTable("booking_feeds", {
  staffId: uuid("staff_id")
    .primaryKey()
    .references(() => admins.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  createdAt: createdAt(),
});

/** Times staff block on the reviews' calendar (holidays, training): no review is offered in them. */
export const bookingBlocks = pgTable(
  "booking_blocks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    reason: text("reason").notNull(),
    /** The colleague's address who blocked it, as it was. */
    createdBy: text("created_by"),
    createdAt: createdAt(),
  },
  (t) => [
    index("booking_blocks_ends_idx").on(t.endsAt),
    check("booking_blocks_ends_after_start", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** The Owner's booking settings (one row): the review's length, buffer, notice and horizon. */
export const bookingSettings = pgTable(
  "booking_settings",
  {
    id: integer("id").primaryKey(),
    lengthMinutes: integer("length_minutes").notNull().default(DEFAULT_BOOKING_SETTINGS.lengthMinutes),
    bufferMinutes: integer("buffer_minutes").notNull().default(DEFAULT_BOOKING_SETTINGS.bufferMinutes),
    noticeDays: integer("notice_days").notNull().default(DEFAULT_BOOKING_SETTINGS.noticeDays),
    horizonWeeks: integer("horizon_weeks").notNull().default(DEFAULT_BOOKING_SETTINGS.horizonWeeks),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("booking_settings_one_row", sql`${t.id} = 1`)],
);
