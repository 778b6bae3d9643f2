/**
 * The page documents' messages (the admin's half of the catalogue for page words): each field's
 * problem, said beside the field and in the summary, and the 'Pages' screens' words.
 */
export const PAGE_CONTENT_MESSAGES = {
  required: (label: string) => `Enter the ${label.toLowerCase()}`,
  tooLong: (label: string, max: number) => `The ${label.toLowerCase()} must be ${max} characters or fewer`,
  tooFew: (item: string, min: number) => `Keep at least ${min} ${min === 1 ? item : `${item}s`}`,
  tooMany: (item: string, max: number) => `At most ${max} ${max === 1 ? item : `${item}s`}`,
  altRequired: "Describe the picture for people who cannot see it (alt text)",
  altTooLong: (max: number) => `The alt text must be ${max} characters or fewer`,
  imageInvalid: "Choose the picture again: this one is not in the image library",
  year: "Enter a year as four digits, like 2019",
  ewcCode: "Enter the code as three pairs of digits, like 19 08 05",
  previewInvalid: "Some fields need attention before this can be previewed",
} as const;

/** The 'Pages' screens' words (DESIGN's accessible names). */
export const PAGE_CONTENT_TEXTS = {
  listHeading: "Pages",
  listIntro:
    "The words and pictures of each public page. Layout stays as designed; each field has its limits.",
  edit: (label: string) => `Edit ${label}`,
  shows: "Shown on",
  lastPublished: "Last published",
  neverPublished: "Today's words (never edited)",
  unpublished: "Unpublished changes",
  scheduledFor: (when: string) => `Scheduled for ${when}`,
  add: (item: string) => `Add ${item}`,
  remove: (item: string, n: number) => `Remove ${item} ${n}`,
  moveUp: (item: string, n: number) => `Move ${item} ${n} up`,
  item: (item: string, n: number) => `${item.charAt(0).toUpperCase()}${item.slice(1)} ${n}`,
  picture: "Picture",
  pictureNone: "No picture: the page shows its own artwork",
  pictureChoose: "Choose a picture",
  pictureRemove: "Remove the picture",
  alt: "Alt text",
  altHint: "What the picture shows, for people who cannot see it",
} as const;

/** The words of every site document's editor controls (the 'Pages' screens', the site details') (DESIGN's accessible names). */
export const SITE_DOCUMENT_TEXTS = {
  saveDraft: "Save draft",
  preview: "Preview",
  publish: "Publish",
  schedule: "Schedule",
  scheduleAt: "Publish at (UK time)",
  cancelSchedule: "Cancel schedule",
  revisions: "Revisions",
  restore: "Restore",
  noRevisions: "No revisions yet",
  published: (when: string) => `Published ${when}`,
  neverPublished: "Showing today's words: never published",
  unpublished: "The draft has changes that are not published",
  scheduled: (when: string) => `Scheduled for ${when}`,
  savedBy: (who: string, when: string) => `Last saved by ${who}, ${when}`,
  saving: "Saving…",
  saved: "Saved",
  restoredFromTab:
    "Your changes not yet saved were kept in this tab and are back: save or publish them to keep them",
  reasons: { saved: "Saved", published: "Published", scheduled: "Scheduled", restored: "Restored" },
} as const;
