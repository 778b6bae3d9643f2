/** SPEC sections 5 and 8: every message a visitor or administrator reads, defined once. */

export const QUOTE_MESSAGES = {
  businessType: "Select business type (or specify if it's not included above)",
  wasteType: "Input Waste type",
  frequency: "Select Frequency (or specify for other manner of frequency)",
  location: "Input postal code",
  name: "Name is Required",
  email: "Input Email",
  phone: "Input phone number",
  submitFailed: "Error occurred while sending quote, try again",
} as const;

export const CONTACT_MESSAGES = {
  name: "Name is empty",
  email: "Email field is empty",
  company: "Company field is empty",
  phone: "Phone field is empty",
  message: "Message field is empty",
  success: "Message sent successfully",
  failure: "Error Contacting us, try again",
} as const;

export const TANKERING_MESSAGES = {
  name: "Name is empty",
  email: "Email field is empty",
  frequency: "Frequency field is empty",
  phone: "Phone field is empty",
  message: "Message field is empty",
  success: "Request Successful",
  failurePrefix: "Request Failed: ",
} as const;

export const BLOG_MESSAGES = {
  metaDataTitle: "Meta data title is missing!",
  title: "Title is missing!",
  readTime: "Read time is missing!",
  createFailed: "Error creating blog; Try again",
  deleteFailed: "Error deleting blog; Try again",
  editFailed: "Error Editing blog; Try again",
  created: "Successfully created blog",
  edited: "Successfully Edited blog",
  deleted: "Successfully Deleted blog",
} as const;

export const POPUP_MESSAGES = {
  empty: "Cant submit empty details",
  actionFailed: "Error, Try Again",
  editFailed: "Error Try again",
  activated: "Successfully Activated",
  deactivated: "Successfully Deactivated",
  deleted: "Successfully Deleted",
  edited: "Successfully Edited",
  // DESIGN.md difference 2: SPEC's 'Successfully Activated' here was a copy slip.
  created: "Successfully Created",
} as const;

export const ADMIN_MESSAGES = {
  invalidLogin: "Invalid Login",
  callFailed: "Error, Try again",
  unauthorised: "Unauthorised",
  ordersUnavailable: "Orders are unavailable for now.",
} as const;

export const API_MESSAGES = {
  notFound: "Not Found",
  internal: "Something went wrong on our side. Please try again.",
  invalidHost: "The Host header is not a valid host name",
  malformedJson: "The request body is not valid JSON",
  tooManyRequests: "Too many requests. Please wait a little and try again.",
} as const;

export const ERROR_SCREEN_HEADING = "Unexpected Application Error!";
export const SEARCH_PLACEHOLDER = "Search In Page";
export const CONSENT_ACCEPT = "Accept all Cookies";
export const CONSENT_REJECT = "Reject Cookies";

/** Enquiry checks beyond SPEC's required-field messages (DESIGN: server-side format checks). */
export const ENQUIRY_MESSAGES = {
  invalidEmail: "Enter a valid email address, for example name@example.co.uk",
  invalidPostCode: "Enter a valid UK post code, for example PE1 5XG",
  invalidBody: "The enquiry must be a JSON object",
  /** `{field} must be text`, `{field} must be at most {max} characters` */
  notText: (field: string) => `${field} must be text`,
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
} as const;

/** Sign-in refusals beyond 'Invalid Login' (server/services/logins.ts). */
export const LOGIN_MESSAGES = {
  limited: (retryAfterMs: number) => {
    const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
    return `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
  },
  busy: "Too many sign-in attempts at once. Please try again in a moment.",
  unavailable: "Sign-in is unavailable for a moment. Please try again shortly.",
};
