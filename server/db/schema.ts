import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
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
import {
  ENQUIRY_KINDS,
  ENQUIRY_STATUSES,
  MAIL_STATES,
  POPUP_CONTENT_MAX,
  POPUP_TITLE_MAX,
} from "../../common/constants";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const admins = pgTable("admins", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  createdAt: createdAt(),
});

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
  },
  (t) => [index("admin_sessions_expires_idx").on(t.expiresAt)],
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
  },
  (t) => [index("blog_posts_date_added_idx").on(t.dateAdded)],
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
    navigation: text("navigation").notNull().default("/contact"),
    activated: boolean("activated").notNull().default(false),
    createdAt: createdAt(),
  },
  // At most one active popup, guaranteed by the schema itself.
  (t) => [uniqueIndex("popups_one_active_idx").on(t.activated).where(sql`${t.activated}`)],
);

const SEARCHED_FIELDS = [
  "fields->>'name'",
  "fields->'contact'->>'name'",
  "fields->>'company'",
  "fields->>'businessType'",
  "fields->>'email'",
  "fields->'contact'->>'email'",
  "fields->>'location'",
  "replace(fields->>'location', ' ', '')",
  "fields->>'message'",
];

export const enquiries = pgTable(
  "enquiries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: ENQUIRY_KINDS }).notNull(),
    fields: jsonb("fields").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    /** Where staff are with the lead; `spam` is set only by the honeypot (never mailed). */
    status: text("status", { enum: ENQUIRY_STATUSES }).notNull().default("new"),
    /** When staff last changed the status; null while it is as submitted. */
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }),
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
    // Trigram index: "contains" searches without reading every enquiry (pg_trgm: see the migration).
    index("enquiries_search_idx").using("gin", t.searchText.op("gin_trgm_ops")),
  ],
);

/** Durable mail outbox: one row per notification, written in the enquiry's transaction. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    enquiryId: uuid("enquiry_id")
      .notNull()
      .references(() => enquiries.id, { onDelete: "cascade" }),
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
