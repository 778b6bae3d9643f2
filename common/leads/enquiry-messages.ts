/**
 * The enquiry forms' messages (the quote, contact and tankering forms' checks and outcomes, and
 * the checks the server makes too): the visitors' half of the catalogue that only the forms need.
 */

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

/** Enquiry checks beyond the required-field messages: formats and lengths, checked by the server too. */
export const ENQUIRY_MESSAGES = {
  invalidEmail: "Enter a valid email address, for example name@example.co.uk",
  invalidPostCode: "Enter a valid UK post code, for example PE1 5XG",
  invalidBody: "The enquiry must be a JSON object",
  /** `{field} must be text`, `{field} must be at most {max} characters` */
  notText: (field: string) => `${field} must be text`,
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
  invalidSource:
    "source must be an object of text parts (landing, referrer, utmSource, utmMedium, utmCampaign)",
  /** The database could not be reached: nothing was stored (503, with Retry-After). */
  notSent:
    "Your enquiry has not been sent: we could not save it just now. Nothing you typed is lost; please send it again in a minute, or call us.",
  /** Over the form's hourly allowance for this connection: nothing was stored (429, with Retry-After). */
  limited: (retryAfterSeconds: number) => {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    return `Your enquiry has not been sent: we have had too many from this connection in the last hour. Nothing you typed is lost; please send it again in ${minutes} minute${minutes === 1 ? "" : "s"}, or call us.`;
  },
} as const;

/** The forms without JavaScript (GOV.UK's error summary) and their success notice. */
export const FORM_TEXT = {
  errorSummary: "There is a problem",
  /** The link home in a form's success notice sent without JavaScript (with scripts SPEC goes to / itself). */
  backHome: "Back to the home page",
} as const;
