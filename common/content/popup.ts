import { POPUP_MESSAGES } from "../admin-messages";
import { withStorableText } from "../text";
import { z } from "../zod";

export const POPUP_TITLE_MAX = 40;
export const POPUP_CONTENT_MAX = 360;
export const POPUP_ROW_TITLE_MAX = 28;

export const POPUP_API_MESSAGES = {
  titleTooLong: `Title is limited to ${POPUP_TITLE_MAX} characters`,
  contentTooLong: `Content is limited to ${POPUP_CONTENT_MAX} characters`,
  navigation: "Navigation must be a path on this site, such as /contact",
  notFound: "Popup not found",
} as const;

/**
 * Where the popup's 'Book Your Free Review Now' leads: the online booking (issue 48; SPEC's /contact
 * came before visitors could book a review themselves). Kept in form state, never typed by staff.
 */
export const DEFAULT_POPUP_NAVIGATION = "/book";

/** A popup as the admin submits it: title 1-40 and content 1-360 characters. */
export const popupInputSchema = z.object({
  title: withStorableText(
    z
      .string({ message: POPUP_MESSAGES.empty })
      .trim()
      .min(1, { message: POPUP_MESSAGES.empty })
      .max(POPUP_TITLE_MAX, { message: POPUP_API_MESSAGES.titleTooLong }),
  ),
  content: withStorableText(
    z
      .string({ message: POPUP_MESSAGES.empty })
      .trim()
      .min(1, { message: POPUP_MESSAGES.empty })
      .max(POPUP_CONTENT_MAX, { message: POPUP_API_MESSAGES.contentTooLong }),
  ),
  // Form state carries it without an input; only same-site paths, never an off-site redirect.
  navigation: z
    .string({ message: POPUP_API_MESSAGES.navigation })
    .regex(/^\/(?![/\\])[\w\-/.#?=&%]{0,200}$/, { message: POPUP_API_MESSAGES.navigation })
    .default(DEFAULT_POPUP_NAVIGATION),
});

export type PopupInput = z.infer<typeof popupInputSchema>;

export interface Popup {
  _id: string;
  title: string;
  content: string;
  navigation: string;
  activated: boolean;
}

/** What the landing page needs of the active popup. */
export interface ActivePopup {
  title: string;
  content: string;
  navigation: string;
}
