/** Business constants and limits, defined once. Durations are milliseconds. */

export const SEARCH_SNIPPET_LENGTH = 72;
/** The longest landing path, referring domain and utm_ value a lead's source keeps (common/lead-source.ts). */
export const LEAD_SOURCE_LIMITS = { landing: 300, referrer: 253, utm: 100 } as const;
export const THEME_STORAGE_KEY = "dark-theme";
export const LIGHT_THEME_CLASS = "light-theme";
export const ADMIN_AUTH_COOKIE = "admin_auth";
export const ADMIN_SESSION_TTL_MS = 24 * 60 * 60 * 1000;
/** The shortest password an administrator may choose on 'Change password'. */
export const ADMIN_PASSWORD_MIN = 10;
/** Wrong current passwords one client may try on 'Change password' for one account per login window (15 min). */
export const PASSWORD_CHANGE_ATTEMPTS = 10;
export const COOKIE_CONSENT_NAME = "cookie_consent";
export const COOKIE_CONSENT_DAYS = 150;
export const VALIDATION_MESSAGE_MS = 800;
export const POPUP_EXIT_MS = 1800;
export const QUOTE_RESET_MS = 3000;
export const SUBMIT_DELAY_MS = 1200;
export const REDIRECT_DELAY_MS = 2000;
export const ALERT_MS = 2000;
export const PREVIEW_ALERT_MS = 4000;
export const TOAST_MS = 1200;
/** The visitor's reference after a contact or tankering message: long enough to write down. */
export const REFERENCE_MS = 10_000;
export const QUOTE_STEPS = 6;
export const PARAGRAPHS_PER_BLOG = 3;
export const TEMPLATE_COUNT = 5;
export const MIN_READ_TIME = 3;
export const POPUP_TITLE_MAX = 40;
export const POPUP_CONTENT_MAX = 360;
export const POPUP_ROW_TITLE_MAX = 28;
export const BLOG_CARD_TITLE_MAX = 60;
export const DEFAULT_READ_TIME = 3;
export const FALLBACK_DATE = "10 Jan 2025";
export const CHILDREN_PRIVACY_AGE = 13;
export const TANKER_CAPACITY_LITRES = 30_000;
export const HOSE_SIZES_INCH = [3, 4, 6] as const;
export const OPENING_HOURS = [
  { days: "Mon-Fri", opens: "06:00", closes: "18:00" },
  { days: "Sat", opens: "08:00", closes: "17:00" },
] as const;

/** Widths the image API serves as WebP (`?w=`), for `srcset`. */
export const IMAGE_WIDTHS = [480, 960, 1600] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** Blog posts on one page of /blog. */
export const BLOG_PAGE_SIZE = 12;

/** Length limits of a blog post: generous for real posts, bounded for safety. */
export const BLOG_LIMITS = {
  metaDataTitle: 200,
  title: 200,
  header: 200,
  /** Image alt text. */
  alt: 300,
  /** Sanitised HTML per paragraph. */
  content: 50_000,
  readTime: 600,
  /** The post's own meta description (search results and link previews show about 160). */
  metaDescription: 300,
} as const;

/** The most posts one `GET /api/blog` request may ask for. */
export const BLOG_LIST_MAX_LIMIT = 100;

/** A post's states: only published posts are public; a scheduled one goes live at its time. */
export const POST_STATES = ["draft", "scheduled", "published"] as const;
export type PostState = (typeof POST_STATES)[number];
/** The site's time zone: schedules are picked and shown in it. */
export const SITE_TIME_ZONE = "Europe/London";

/** Which paragraph (0-based) of each blog template may carry an image. */
export const IMAGE_PARAGRAPHS_BY_TEMPLATE: Record<number, readonly number[]> = {
  1: [1],
  2: [0, 1],
  3: [0, 1],
  4: [1],
  5: [0],
};

export const QUOTE_STEP_NAMES = [
  "Business Type",
  "Waste Type",
  "Volume/Frequency",
  "Location",
  "Contact Information",
  "Review & Confirm",
] as const;

export const BUSINESS_TYPES = [
  "Food and Beverage Manufacture",
  "Farming",
  "Transfer Station",
  "Council",
  "Others",
] as const;

export const FREQUENCIES = ["Daily", "Weekly", "Fortnightly", "One Off Collection"] as const;

export const ENQUIRY_KINDS = ["contact", "quote", "tankering"] as const;
export type EnquiryKind = (typeof ENQUIRY_KINDS)[number];

/** Where an enquiry stands in the inbox; `spam` only ever comes from the honeypot. */
export const ENQUIRY_STATUSES = ["new", "contacted", "closed", "spam"] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];
/** The statuses staff set by hand (a spam enquiry is rescued by setting one of these). */
export const STAFF_ENQUIRY_STATUSES = ["new", "contacted", "closed"] as const;
export type StaffEnquiryStatus = (typeof STAFF_ENQUIRY_STATUSES)[number];
/** Where an enquiry's notification to the office stands in the outbox. */
export const MAIL_STATES = ["pending", "sent", "failed"] as const;
