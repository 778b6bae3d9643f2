import { UUID_SHAPE } from "../ids";
import { z } from "../zod";
import { PAGE_REGISTRY, QUOTE_STEP_PAGES } from "./pages";

/**
 * Pages from blocks (issue 47): pages the office composes at an address it chooses, from blocks
 * the code defines. Each block type has its zod schema here; the admin's screens, the REST API and
 * the service all parse with these, so a page that is stored is a page that renders (valid,
 * accessible, HTML-first). Rich text is cleaned on the server with the blog's sanitiser before it
 * is stored (server/services/content/block-pages.ts); everything else is plain text.
 */

export const BLOCK_PAGE_LIMITS = {
  /** Blocks on one page. */
  blocks: 40,
  /** The page's address, with its leading slash. */
  address: 80,
  /** Its title (the browser tab, search results, og:title). */
  title: 70,
  description: 160,
  heading: 120,
  text: 600,
  /** A rich text block's HTML, before cleaning. */
  richText: 20_000,
  caption: 200,
  alt: 200,
  /** Items of a list block (cards, figures, FAQ, partner logos). */
  items: 12,
  itemTitle: 80,
  itemText: 400,
  figureValue: 12,
  figureLabel: 60,
  question: 200,
  answer: 2_000,
  quote: 600,
  name: 80,
  actionLabel: 40,
  phone: 20,
  areaName: 60,
  /** Postcode districts of one service area. */
  districts: 40,
  /** Revisions kept per page (older ones go at each save). */
  revisionsKept: 50,
} as const;

const L = BLOCK_PAGE_LIMITS;

export const BLOCK_PAGE_MESSAGES = {
  notFound: "No such page",
  revisionNotFound: "No such revision of this page",
  addressFormat:
    "An address is lowercase words joined by hyphens after a slash, like /bakery-waste, or one level deeper, like /areas/cambridge",
  addressTooLong: `An address has at most ${L.address} characters`,
  addressReserved: (address: string) =>
    `${address} is one of the site's own addresses: choose another (not /admin, /api, /blog, /quote, /contact, /legal, /book or an existing page)`,
  addressTaken: (address: string) => `Another page already uses ${address}: choose another address`,
  duplicateAddress: "A copy needs an address of its own",
  titleRequired: "Give the page a title",
  titleTooLong: `A title has at most ${L.title} characters`,
  descriptionTooLong: `A meta description has at most ${L.description} characters`,
  canonicalFormat: "A canonical address is an https:// address or a path of this site starting with /",
  tooManyBlocks: `A page has at most ${L.blocks} blocks`,
  unknownBlock: "Choose a kind of block from the list",
  headingRequired: "Give the block a heading",
  tooLong: (what: string, max: number) => `${what}: at most ${max} characters`,
  required: (what: string) => `${what} is required`,
  itemsRange: (what: string, min: number, max: number) => `${what}: between ${min} and ${max}`,
  pictureRequired: "Choose a picture",
  pictureFormat: "A picture is chosen from the stored images",
  altRequired: "Describe the picture (its alt text) for people who cannot see it",
  actionTarget: "Choose where the button goes: the quote, the contact page, a phone number or a page",
  phoneFormat: "A phone number is digits and spaces, optionally starting with +, like 01733 555 014",
  pathFormat: "A page of this site is a path starting with /, like /services",
  areaNameRequired: "Name the area the page serves",
  districtFormat: (value: string) =>
    `${value} is no postcode district: write them like PE1, PE2, CB1 (separated by commas)`,
  districtsRange: `A service area names between 1 and ${L.districts} postcode districts`,
  oneForm: "A page has at most one enquiry form",
  stale: (by: string | null, at: string | null) =>
    by && at
      ? `${by} saved this page at ${at} since you opened it: reload to see their changes before saving yours`
      : "This page was changed since you opened it: reload to see the changes before saving yours",
  publishAtPast: "Choose a time in the future to publish",
  publishAtInvalid: "The time to publish is not a date and time",
  notPublished: "This page is not published",
  nothingScheduled: "Nothing is scheduled for this page",
  redirectFormat: "Send visitors to a path of this site starting with /, or leave it empty for 'gone' (410)",
  redirectToItself: "A deleted page cannot send visitors to its own address",
  tooLarge: "This page is too large to save",
} as const;

/** The words the public pages and the admin's screens show around the blocks. */
export const BLOCK_PAGE_TEXTS = {
  formHeading: "Send us a message",
  empty: "This page has no blocks yet.",
  goneTitle: "This page has been removed",
  goneLead: "The page you asked for is no longer on the site.",
  goneHome: "Go to the home page",
  previewNotice: "Preview: this is the draft as it will look once published.",
} as const;

/** The admin's 'Landing pages' screens: headings, labels, buttons (DESIGN's accessible names) and answers. */
export const LANDING_PAGE_TEXTS = {
  listHeading: "Landing pages",
  listIntro:
    "Pages you build from blocks at an address you choose: campaign pages, area pages, new services. The seven fixed pages' words are on 'Pages'.",
  fixedPagesLink: "The fixed pages' words",
  landingPagesLink: "Landing pages: build a page from blocks",
  tableCaption: "Landing pages",
  empty: "No landing pages yet: make one with 'New page'.",
  address: "Address",
  addressHint: "Lowercase words joined by hyphens, like /bakery-waste or /areas/cambridge",
  title: "Title",
  titleHint: "The browser tab and search results show it",
  state: "State",
  lastSaved: "Last saved",
  newPage: "New page",
  newHeading: "New page",
  edit: "Edit",
  editLabel: (address: string) => `Edit ${address}`,
  stateLabels: { draft: "Draft", published: "Published", scheduled: "Scheduled" },
  editorHeading: (address: string) => `Page ${address}`,
  pageFields: "The page",
  description: "Meta description",
  descriptionHint: "Search results show it under the title",
  socialImage: "Social picture",
  socialImageHint: "Shown when the page is shared; its id, or pick a file",
  imageId: "Picture (stored image id)",
  pickFile: "Or pick a file (PNG or JPEG)",
  noindex: "Keep out of search engines (noindex)",
  canonical: "Canonical address",
  canonicalHint: "Leave empty for the page's own address",
  hasArea: "This page serves an area",
  areaName: "Area's name",
  districts: "Postcode districts",
  districtsHint: "Like PE1, PE2, CB1",
  blocks: "Blocks",
  blockHeading: (n: number, label: string) => `Block ${n}: ${label}`,
  addBlock: "Add block",
  newBlockType: "Kind of block",
  moveUp: "Move up",
  moveDown: "Move down",
  duplicateBlock: "Duplicate block",
  removeBlock: "Remove block",
  addItem: "Add item",
  removeItem: "Remove item",
  itemHeading: (n: number) => `Item ${n}`,
  fieldLabels: {
    heading: "Heading",
    text: "Text",
    html: "Text (HTML: headings, paragraphs, lists, links)",
    alt: "Picture's description (alt text)",
    caption: "Caption",
    quote: "Quote",
    name: "Name",
    company: "Company",
    title: "Title",
    value: "Figure",
    label: "What it counts",
    question: "Question",
    answer: "Answer",
  } as Record<string, string>,
  actionLabel: "Button's words",
  actionTarget: "Button goes to",
  actionTargets: {
    quote: "The quote",
    contact: "The contact page",
    phone: "A phone number",
    page: "A page of this site",
  },
  actionPhone: "Phone number",
  actionPath: "Page (path)",
  saveDraft: "Save draft",
  preview: "Preview",
  publish: "Publish",
  schedule: "Schedule",
  publishAt: "Publish at (UK time)",
  unpublish: "Unpublish",
  cancelSchedule: "Cancel schedule",
  deletePage: "Delete page",
  deleteRedirect: "Send visitors to (a path of this site; empty: 'gone', 410)",
  duplicatePage: "Duplicate page",
  duplicateAddress: "New page's address",
  revisions: "Revisions",
  restore: "Restore",
  restoreLabel: (when: string) => `Restore the revision of ${when}`,
  noRevisions: "No revisions yet",
  live: (address: string) => `Live at ${address}`,
  issuesHeading: "To fix before publishing",
  saved: "Draft saved",
  changed: "Draft saved with the change",
  published: "Published",
  scheduledFor: (when: string) => `Scheduled for ${when}`,
  unpublished: "Unpublished: the page is a draft again",
  scheduleCancelled: "Schedule cancelled",
  deleted: (address: string) => `Deleted ${address}`,
  restored: "Revision restored as the draft",
  previewInvalid: "Fix the page's problems to preview it",
  versionMissing: "Reload the page before saving: the editor's version is missing",
  unknownIntent: "Choose one of the editor's buttons",
} as const;

const M = BLOCK_PAGE_MESSAGES;

/** The addresses (and everything under them) the site keeps for itself. */
export const RESERVED_PREFIXES = [
  "/admin",
  "/api",
  "/blog",
  "/quote",
  "/contact",
  "/legal",
  "/book",
  "/assets",
  "/images",
  "/sitemap.xml",
  "/robots.txt",
] as const;

/** Lowercase words and hyphens, one level or two (`/bakery-waste`, `/areas/cambridge`). */
const ADDRESS_SHAPE = /^\/[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)?$/;

const RESERVED = [
  ...RESERVED_PREFIXES,
  ...PAGE_REGISTRY.map((page) => page.path).filter((path) => path !== "/"),
  ...QUOTE_STEP_PAGES,
];

/** Whether `address` is the site's own (a reserved prefix, a registry page, or under one). */
export function isReservedAddress(address: string): boolean {
  return address === "/" || RESERVED.some((path) => address === path || address.startsWith(`${path}/`));
}

/**
 * Whether a path could be a page from blocks (its shape, and not the site's own): Insights counts
 * such a path under its own name, then folds it into 'other' unless a page is published there.
 */
export const mayBeBlockPage = (path: string) => ADDRESS_SHAPE.test(path) && !isReservedAddress(path);

/** A page's address: its shape, then the site's own addresses refused. */
export const addressSchema = z
  .string({ error: M.addressFormat })
  .trim()
  .max(L.address, { error: M.addressTooLong })
  .regex(ADDRESS_SHAPE, { error: M.addressFormat })
  .refine((address) => !isReservedAddress(address), {
    error: (issue) => M.addressReserved(String(issue.input)),
    abort: true,
  });

const trimmed = (what: string, max: number) =>
  z
    .string({ error: M.required(what) })
    .trim()
    .max(max, { error: M.tooLong(what, max) });
const required = (what: string, max: number) => trimmed(what, max).min(1, { error: M.required(what) });

const pictureId = z.string({ error: M.pictureRequired }).regex(UUID_SHAPE, { error: M.pictureFormat });
/** An optional picture: "" for none. */
const optionalPicture = z.union([z.literal(""), pictureId], { error: M.pictureFormat }).default("");

const PHONE_SHAPE = /^\+?[0-9][0-9 ]{5,18}[0-9]$/;
/** A path of this site (another page): no host, no scheme, no query tricks. */
const SITE_PATH = /^\/(?:[a-z0-9-]+(?:\/[a-z0-9-]+)*)?$/;

export const ACTION_TARGETS = ["quote", "contact", "phone", "page"] as const;
export type ActionTarget = (typeof ACTION_TARGETS)[number];

/** A call to action's button: its words and where it goes. */
export const actionSchema = z
  .object({
    label: required("The button's words", L.actionLabel),
    target: z.enum(ACTION_TARGETS, { error: M.actionTarget }),
    phone: trimmed("The phone number", L.phone).default(""),
    path: trimmed("The page", L.address).default(""),
  })
  .superRefine((action, ctx) => {
    if (action.target === "phone" && !PHONE_SHAPE.test(action.phone))
      ctx.addIssue({ code: "custom", path: ["phone"], message: M.phoneFormat });
    if (action.target === "page" && !SITE_PATH.test(action.path))
      ctx.addIssue({ code: "custom", path: ["path"], message: M.pathFormat });
  });
export type BlockAction = z.output<typeof actionSchema>;

/** Where a call to action's button goes, as an href. */
export function actionHref(action: BlockAction): string {
  if (action.target === "quote") return "/quote";
  if (action.target === "contact") return "/contact";
  if (action.target === "phone") return `tel:${action.phone.replace(/ /g, "")}`;
  return action.path;
}

const items = <T extends z.ZodType>(what: string, item: T, min: number, max: number = L.items) =>
  z
    .array(item, { error: M.itemsRange(what, min, max) })
    .min(min, { error: M.itemsRange(what, min, max) })
    .max(max, {
      error: M.itemsRange(what, min, max),
    });

export const heroBlockSchema = z.object({
  type: z.literal("hero"),
  heading: required("The heading", L.heading),
  text: trimmed("The text", L.text).default(""),
  imageId: optionalPicture,
  alt: trimmed("The picture's description", L.alt).default(""),
  action: actionSchema.optional(),
});

export const richTextBlockSchema = z.object({
  type: z.literal("rich-text"),
  html: required("The text", L.richText),
});

export const pictureBlockSchema = z.object({
  type: z.literal("picture"),
  imageId: pictureId,
  alt: z
    .string({ error: M.altRequired })
    .trim()
    .min(1, { error: M.altRequired })
    .max(L.alt, { error: M.tooLong("The picture's description", L.alt) }),
  caption: trimmed("The caption", L.caption).default(""),
});

export const cardsBlockSchema = z.object({
  type: z.literal("cards"),
  heading: trimmed("The heading", L.heading).default(""),
  items: items(
    "Cards",
    z.object({
      title: required("A card's title", L.itemTitle),
      text: trimmed("A card's text", L.itemText).default(""),
    }),
    1,
  ),
});

export const figuresBlockSchema = z.object({
  type: z.literal("figures"),
  heading: trimmed("The heading", L.heading).default(""),
  items: items(
    "Figures",
    z.object({
      value: required("A figure", L.figureValue),
      label: required("What it counts", L.figureLabel),
    }),
    1,
    6,
  ),
});

export const faqBlockSchema = z.object({
  type: z.literal("faq"),
  heading: trimmed("The heading", L.heading).default(""),
  items: items(
    "Questions",
    z.object({ question: required("A question", L.question), answer: required("Its answer", L.answer) }),
    1,
    20,
  ),
});

export const testimonialBlockSchema = z.object({
  type: z.literal("testimonial"),
  quote: required("The quote", L.quote),
  name: required("The person's name", L.name),
  company: trimmed("Their company", L.name).default(""),
});

export const partnersBlockSchema = z.object({
  type: z.literal("partners"),
  heading: trimmed("The heading", L.heading).default(""),
  items: items(
    "Partner logos",
    z.object({ imageId: pictureId, name: required("The partner's name", L.name) }),
    1,
    24,
  ),
});

export const callToActionBlockSchema = z.object({
  type: z.literal("call-to-action"),
  heading: required("The heading", L.heading),
  text: trimmed("The text", L.text).default(""),
  action: actionSchema,
});

export const formBlockSchema = z.object({
  type: z.literal("form"),
  heading: trimmed("The heading", L.heading).default(""),
  text: trimmed("The text", L.text).default(""),
});

export const BLOCK_SCHEMAS = {
  hero: heroBlockSchema,
  "rich-text": richTextBlockSchema,
  picture: pictureBlockSchema,
  cards: cardsBlockSchema,
  figures: figuresBlockSchema,
  faq: faqBlockSchema,
  testimonial: testimonialBlockSchema,
  partners: partnersBlockSchema,
  "call-to-action": callToActionBlockSchema,
  form: formBlockSchema,
} as const;

export type BlockType = keyof typeof BLOCK_SCHEMAS;
export const BLOCK_TYPES = Object.keys(BLOCK_SCHEMAS) as BlockType[];

/** Each block type's name, as 'Add block' offers it. */
export const BLOCK_LABELS: Record<BlockType, string> = {
  hero: "Hero",
  "rich-text": "Rich text",
  picture: "Picture",
  cards: "Cards",
  figures: "Figures",
  faq: "FAQ",
  testimonial: "Testimonial",
  partners: "Partner logos",
  "call-to-action": "Call to action",
  form: "Enquiry form",
};

export const blockSchema = z.discriminatedUnion(
  "type",
  [
    heroBlockSchema,
    richTextBlockSchema,
    pictureBlockSchema,
    cardsBlockSchema,
    figuresBlockSchema,
    faqBlockSchema,
    testimonialBlockSchema,
    partnersBlockSchema,
    callToActionBlockSchema,
    formBlockSchema,
  ],
  { error: M.unknownBlock },
);
export type Block = z.output<typeof blockSchema>;
export type BlockOf<T extends BlockType> = Extract<Block, { type: T }>;

const DISTRICT_SHAPE = /^[A-Z]{1,2}[0-9][0-9A-Z]?$/;

/** "PE1, pe2 CB1" as districts: upper case, split at commas and spaces, each checked, none twice. */
export const districtsSchema = z
  .union([z.string(), z.array(z.string())], { error: M.districtsRange })
  .transform((value, ctx) => {
    const list = (Array.isArray(value) ? value : value.split(/[\s,]+/))
      .map((district) => district.trim().toUpperCase())
      .filter(Boolean);
    for (const district of list)
      if (!DISTRICT_SHAPE.test(district)) {
        ctx.addIssue({ code: "custom", message: M.districtFormat(district) });
        return z.NEVER;
      }
    const unique = [...new Set(list)];
    if (unique.length < 1 || unique.length > L.districts) {
      ctx.addIssue({ code: "custom", message: M.districtsRange });
      return z.NEVER;
    }
    return unique;
  });

export const serviceAreaSchema = z.object({
  name: z
    .string({ error: M.areaNameRequired })
    .trim()
    .min(1, { error: M.areaNameRequired })
    .max(L.areaName, { error: M.tooLong("The area's name", L.areaName) }),
  districts: districtsSchema,
});
export type ServiceArea = z.output<typeof serviceAreaSchema>;

const CANONICAL_SHAPE = /^(?:https:\/\/[^\s/?#]+(?:\/[^\s]*)?|\/[^\s/][^\s]*|\/)$/;

/** A page as the office writes it: its address, its own fields and its blocks. */
export const blockPageSchema = z.object({
  address: addressSchema,
  title: z
    .string({ error: M.titleRequired })
    .trim()
    .min(1, { error: M.titleRequired })
    .max(L.title, { error: M.titleTooLong }),
  description: z.string().trim().max(L.description, { error: M.descriptionTooLong }).default(""),
  socialImageId: optionalPicture,
  noindex: z.boolean().default(false),
  canonical: z
    .string()
    .trim()
    .max(2000, { error: M.canonicalFormat })
    .refine((value) => value === "" || CANONICAL_SHAPE.test(value), { error: M.canonicalFormat })
    .default(""),
  area: serviceAreaSchema.nullable().default(null),
  blocks: z
    .array(blockSchema, { error: M.tooManyBlocks })
    .max(L.blocks, { error: M.tooManyBlocks })
    .refine((blocks) => blocks.filter((block) => block.type === "form").length <= 1, { error: M.oneForm })
    .default([]),
});
export type BlockPageInput = z.input<typeof blockPageSchema>;
export type BlockPage = z.output<typeof blockPageSchema>;

/** A new block of `type` as 'Add block' puts it on the page, for the editor to fill in. */
export function emptyBlock(type: BlockType): Record<string, unknown> {
  switch (type) {
    case "hero":
      return { type, heading: "", text: "", imageId: "", alt: "" };
    case "rich-text":
      return { type, html: "" };
    case "picture":
      return { type, imageId: "", alt: "", caption: "" };
    case "cards":
      return { type, heading: "", items: [{ title: "", text: "" }] };
    case "figures":
      return { type, heading: "", items: [{ value: "", label: "" }] };
    case "faq":
      return { type, heading: "", items: [{ question: "", answer: "" }] };
    case "testimonial":
      return { type, quote: "", name: "", company: "" };
    case "partners":
      return { type, heading: "", items: [{ imageId: "", name: "" }] };
    case "call-to-action":
      return { type, heading: "", text: "", action: { label: "", target: "quote", phone: "", path: "" } };
    case "form":
      return { type, heading: "", text: "" };
  }
}

export const BLOCK_PAGE_STATES = ["draft", "published", "scheduled"] as const;
export type BlockPageState = (typeof BLOCK_PAGE_STATES)[number];
export const BLOCK_PAGE_REVISION_REASONS = ["saved", "published", "scheduled", "restored"] as const;
export type BlockPageRevisionReason = (typeof BLOCK_PAGE_REVISION_REASONS)[number];

/** The largest draft kept (its JSON): 40 full blocks fit well within it. */
export const BLOCK_PAGE_DRAFT_MAX_BYTES = 512 * 1024;

/** A page as the editor and the API see it. */
export interface BlockPageRecord {
  id: string;
  /** Where it answers when published (the draft's address once it is). */
  address: string;
  state: BlockPageState;
  /** The draft as saved (it may not be valid yet: autosave keeps every word). */
  draft: Record<string, unknown>;
  /** Each field's problem in the draft (dotted path); empty when it can be published. */
  issues: Record<string, string>;
  published: BlockPage | null;
  publishedAt: string | null;
  publishAt: string | null;
  version: number;
  updatedAt: string;
  updatedBy: string | null;
}

/** A line of the pages' list. */
export interface BlockPageSummary {
  id: string;
  address: string;
  title: string;
  state: BlockPageState;
  publishedAt: string | null;
  publishAt: string | null;
  updatedAt: string;
  updatedBy: string | null;
}

export interface BlockPageRevision {
  id: string;
  savedAt: string;
  savedBy: string;
  reason: BlockPageRevisionReason;
  title: string;
}

/** The API's inputs. */
export const blockPageCreateSchema = z.object({ page: z.record(z.string(), z.unknown()) });
export const blockPageDraftSchema = z.object({
  page: z.record(z.string(), z.unknown()),
  baseVersion: z.number().int().min(0),
  autosave: z.boolean().default(false),
});
export const blockPagePublishSchema = z.object({
  page: z.record(z.string(), z.unknown()).optional(),
  baseVersion: z.number().int().min(0).optional(),
  at: z.iso.datetime({ offset: true, error: M.publishAtInvalid }).optional(),
});
export const blockPageDuplicateSchema = z.object({ address: z.string({ error: M.duplicateAddress }) });
export const blockPageDeleteSchema = z.object({
  redirectTo: z
    .string()
    .trim()
    .refine((value) => value === "" || SITE_PATH.test(value), { error: M.redirectFormat })
    .default(""),
});
