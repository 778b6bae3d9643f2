import { z } from "../zod";
import { PUBLIC_PAGES, QUOTE_STEP_PAGES } from "./pages";

/**
 * Redirects and the 404 log (issue 47): the office sends an old or mistyped address on to a page
 * of the site or another https site (301 moved, 302 for a while) or says it is gone (410); a page
 * whose address changes keeps its old one as a 301 by itself. The log counts the paths visitors
 * (never bots) found missing, a row a path a day, so the office can redirect them.
 *
 * The rules, limits and words live here once: the screen's form, its action, the REST API and the
 * service all parse with these schemas.
 */

export const REDIRECT_STATUSES = [301, 302, 410] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

export const REDIRECT_LIMITS = {
  /** Redirects the site keeps (all of them held in every instance's memory). */
  maxRedirects: 2_000,
  /** The longest path, in characters, a redirect or the 404 log takes. */
  maxPathLength: 300,
  /** The longest https address a redirect goes to. */
  maxUrlLength: 2_000,
  /** Rows of the 404 log kept (a path a day each); beyond that the least-hit, oldest go first. */
  maxLogRows: 5_000,
  /** Days the 404 log keeps a row (UK days). */
  logRetentionDays: 90,
  /** Different paths a day one instance counts between two writes; more wait for the next. */
  maxPendingMisses: 1_000,
  /** How often an instance writes the misses it counted, and prunes the log (ms). */
  logFlushEveryMs: 60_000,
  /** Rows of the 404 log a page of the screen and the API shows. */
  logPageSize: 50,
} as const;

export const REDIRECT_MESSAGES = {
  fromRequired: "Enter the address to redirect from, such as /old-page",
  fromInvalid: "The address to redirect from must be a path on this site, such as /old-page, without ? or #",
  fromTooLong: `The address to redirect from is limited to ${REDIRECT_LIMITS.maxPathLength} characters`,
  fromReserved: "The admin, the API and the site's files cannot be redirected",
  fromOwnPage: "That address is one of the site's own pages: choose another",
  toRequired: "Enter where to redirect to: a path such as /contact or an https:// address",
  toInvalid: "Redirect to a path on this site, such as /contact, or an https:// address",
  toTooLong: `The address to redirect to is limited to ${REDIRECT_LIMITS.maxUrlLength} characters`,
  toReserved: "A redirect cannot go to the admin or the API",
  goneHasNoTarget: "A 410 (gone) redirect has no address to redirect to: leave 'To' empty",
  statusInvalid: "Choose the type: 301 (moved), 302 (for a while) or 410 (gone)",
  loop: "A redirect cannot go to the address it comes from",
  duplicate: (from: string) => `${from} is already redirected: remove that redirect first`,
  chainTo: (to: string) =>
    `${to} is itself redirected: redirect straight to where it goes (chains longer than one hop are refused)`,
  chainFrom: (from: string) =>
    `A redirect already goes to ${from}: change that one instead (chains longer than one hop are refused)`,
  targetGone: (to: string) =>
    `${to} is a deleted page's address (gone, or sent on): redirect to a page that exists`,
  tooMany: `The site keeps at most ${REDIRECT_LIMITS.maxRedirects.toLocaleString("en-GB")} redirects: remove some first`,
  notFound: "Redirect not found",
  missNotFound: "That path is no longer in the 404 log",
  added: (from: string) => `Redirect from ${from} added`,
  removed: (from: string) => `Redirect from ${from} removed`,
} as const;

/** The words of the 'Redirects' screen (DESIGN's accessible names) and the 410 page. */
export const REDIRECT_TEXTS = {
  heading: "Redirects",
  intro:
    "Send an old or mistyped address on to a page (301 moved, 302 for a while) or say it is gone (410). A page whose address changes keeps its old one as a 301 by itself.",
  tableCaption: "Redirects",
  from: "From",
  to: "To",
  type: "Type",
  added: "Added",
  addedBy: "Added by",
  empty: "No redirects yet",
  addHeading: "Add redirect",
  add: "Add redirect",
  remove: "Remove redirect",
  removeLabel: (from: string) => `Remove redirect from ${from}`,
  fromHint: "A path on this site, such as /old-page",
  toHint: "A path such as /contact, or an https:// address; empty for 410",
  statusLabels: { 301: "301 moved", 302: "302 for a while", 410: "410 gone" } as Record<
    RedirectStatus,
    string
  >,
  logHeading: "404 log",
  logIntro: `Paths visitors found missing, a row a path a day (bots are not counted, and no address or browser is kept), for ${REDIRECT_LIMITS.logRetentionDays} days.`,
  logCaption: "Missing paths",
  path: "Path",
  day: "Day",
  count: "Count",
  lastSeen: "Last seen",
  referrer: "Referring site",
  noReferrer: "None",
  logEmpty: "No missing paths counted",
  createRedirect: "Create redirect",
  createRedirectLabel: (path: string) => `Create redirect from ${path}`,
  logPages: "Pages of the 404 log",
  previousPage: "Previous page",
  nextPage: "Next page",
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  goneTitle: "This page has gone",
  goneText: "The page you asked for has been removed from the site.",
  goneLink: "Go to the home page",
} as const;

/** Paths that are never redirected nor logged: the admin, the API, the metrics and the site's files. */
const RESERVED = /^\/(?:admin|api|metrics|assets)(?:\/|$)/;
/** A file of the site (an asset or public file): its address ends in one of these. */
const FILE = /\.(?:js|mjs|css|map|png|jpe?g|webp|avif|gif|svg|ico|woff2?|ttf|txt|xml|json|webmanifest)$/;
/** A path's characters: unreserved, sub-delimiters, ':' '@' and percent escapes; no '?', '#' or space. */
const PATH_CHARS = /^\/(?!\/)[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$/;

/**
 * A path as redirects and the 404 log key it: lower case, runs of '/' as one and no trailing '/'
 * ('/' stays). The request's path is written the same way before it is looked up.
 */
export function normalisePath(path: string): string {
  const lower = path.toLowerCase().replace(/\/{2,}/g, "/");
  return lower.length > 1 ? lower.replace(/\/+$/, "") || "/" : lower;
}

/** Whether a path is one that is never redirected nor counted (the admin, the API, files). */
export const isReservedPath = (path: string) => RESERVED.test(path) || FILE.test(path);

const OWN_PAGES = new Set<string>([...PUBLIC_PAGES, ...QUOTE_STEP_PAGES]);

/** A site path as a redirect's source takes it: normalised, no query or fragment, not reserved. */
export const redirectFromSchema = z
  .string({ message: REDIRECT_MESSAGES.fromRequired })
  .trim()
  .min(1, { message: REDIRECT_MESSAGES.fromRequired })
  .max(REDIRECT_LIMITS.maxPathLength, { message: REDIRECT_MESSAGES.fromTooLong })
  .regex(PATH_CHARS, { message: REDIRECT_MESSAGES.fromInvalid })
  .transform(normalisePath)
  .refine((path) => !isReservedPath(path), { message: REDIRECT_MESSAGES.fromReserved })
  .refine((path) => !OWN_PAGES.has(path), { message: REDIRECT_MESSAGES.fromOwnPage });

/** Whether a target is an off-site (https) address rather than a path of this site. */
export const isExternalTarget = (to: string) => to.startsWith("https://");

function validHttps(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname !== "" && url.username === "" && url.password === "";
  } catch {
    return false;
  }
}

/** Where a redirect goes: a path of this site (normalised) or an https:// address (as written). */
export const redirectToSchema = z
  .string({ message: REDIRECT_MESSAGES.toRequired })
  .trim()
  .min(1, { message: REDIRECT_MESSAGES.toRequired })
  .max(REDIRECT_LIMITS.maxUrlLength, { message: REDIRECT_MESSAGES.toTooLong })
  .refine((to) => (isExternalTarget(to) ? validHttps(to) : PATH_CHARS.test(to)), {
    message: REDIRECT_MESSAGES.toInvalid,
  })
  .transform((to) => (isExternalTarget(to) ? to : normalisePath(to)))
  .refine((to) => isExternalTarget(to) || !/^\/(?:admin|api)(?:\/|$)/.test(to), {
    message: REDIRECT_MESSAGES.toReserved,
  });

const statusSchema = z.coerce
  .number({ message: REDIRECT_MESSAGES.statusInvalid })
  .pipe(
    z.union([z.literal(301), z.literal(302), z.literal(410)], { message: REDIRECT_MESSAGES.statusInvalid }),
  );

/**
 * A redirect as the office adds it (the screen's form and the API): `to` is required for 301 and
 * 302 and must be empty (or absent) for 410.
 */
export const redirectInputSchema = z
  .object({
    from: redirectFromSchema,
    to: z.string({ message: REDIRECT_MESSAGES.toInvalid }).trim().nullish(),
    status: statusSchema.default(301),
  })
  .transform((input, context) => {
    const to = input.to ?? "";
    if (input.status === 410) {
      if (to !== "") context.addIssue({ code: "custom", message: REDIRECT_MESSAGES.goneHasNoTarget });
      return { from: input.from, to: null, status: input.status } as const;
    }
    const parsed = redirectToSchema.safeParse(to);
    if (!parsed.success) {
      context.addIssue({
        code: "custom",
        message: parsed.error.issues[0]?.message ?? REDIRECT_MESSAGES.toInvalid,
      });
      return z.NEVER;
    }
    if (parsed.data === input.from) {
      context.addIssue({ code: "custom", message: REDIRECT_MESSAGES.loop });
      return z.NEVER;
    }
    return { from: input.from, to: parsed.data, status: input.status };
  });

export type RedirectInput = z.output<typeof redirectInputSchema>;

/** A redirect as the screen and the API show it. */
export interface Redirect {
  id: string;
  from: string;
  /** A site path or an https address; null for 410. */
  to: string | null;
  status: RedirectStatus;
  /** The colleague's address who added it; null when made by the site (a page's new address) or a script. */
  createdBy: string | null;
  createdAt: string;
}

/** A row of the 404 log: a path on a UK day. */
export interface MissingPath {
  day: string;
  path: string;
  count: number;
  lastSeen: string;
  /** The host of the latest referring site; "" when none was sent. */
  referrer: string;
}

/** The 404 log's page (the screen's ?page= and the API's): from 1, anything else is the first. */
export const missingPathsPageSchema = z.coerce.number().int().min(1).max(10_000).catch(1);
