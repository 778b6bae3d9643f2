/**
 * The visitors' messages every page may show (the API's answers, the error screen, search and the
 * cookie banner), defined once. The message catalogue is this file with common/leads/enquiry-messages.ts
 * (the enquiry forms'), common/content/blog-messages.ts and common/admin-messages.ts (the admin area's);
 * a feature's own words sit with its rules (common/webhooks/webhooks.ts, common/staff/passkeys.ts).
 */

export const API_MESSAGES = {
  notFound: "Not Found",
  internal: "Something went wrong on our side. Please try again.",
  invalidHost: "The Host header is not a valid host name",
  malformedJson: "The request body is not valid JSON",
  nestedTooDeep: "The request body is nested too deeply",
  invalidRequest: "Invalid request",
  malformedUrl: "Bad Request: the address is not a valid URL",
  tooManyRequests: "Too many requests. Please wait a little and try again.",
  crossSite: "Cross-site request refused",
  invalidConsent: "The answer must be accepted or rejected",
  pagesBusy: "The site is very busy just now. Please try again in a few seconds.",
} as const;

export const ERROR_SCREEN_HEADING = "Unexpected Application Error!";
export const SEARCH_PLACEHOLDER = "Search In Page";
export const CONSENT_ACCEPT = "Accept all Cookies";
export const CONSENT_REJECT = "Reject Cookies";
