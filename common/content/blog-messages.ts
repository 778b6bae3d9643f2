/**
 * The blog's one message catalogue: the editor's checks and outcomes, the admin screens' own words,
 * the API's refusals of posts, list queries and images, and the public blog pages' texts.
 */
import {
  BLOG_LIMITS,
  BLOG_LIST_MAX_LIMIT,
  IMAGE_WIDTHS,
  MIN_READ_TIME,
  PARAGRAPHS_PER_BLOG,
  TEMPLATE_COUNT,
} from "./blog-rules";

export const BLOG_MESSAGES = {
  // The editor's required fields, in the order Preview checks them.
  metaDataTitle: "Meta data title is missing!",
  title: "Title is missing!",
  readTime: "Read time is missing!",
  // Outcomes of Submit and Delete.
  createFailed: "Error creating blog; Try again",
  deleteFailed: "Error deleting blog; Try again",
  editFailed: "Error Editing blog; Try again",
  created: "Successfully created blog",
  edited: "Successfully Edited blog",
  deleted: "Successfully Deleted blog",
  /** A picked file that is not a png or jpeg image; nothing is kept. */
  imageType: "Images must be png or jpeg: that file was not used",

  /** The admin blog list's empty states. */
  list: {
    empty: "No blog available",
    noMatch: (term: string) => `No blog title contains "${term}"`,
  },

  /** The blog admin's confirmations. */
  dialogs: {
    leaveTitle: "Leave this blog?",
    leaveMessage: "Your changes have not been submitted. Leave and discard them?",
    leaveConfirm: "Leave",
    deleteTitle: "Delete this blog?",
    deleteMessage: (title: string) => `"${title}" and its images will be deleted. This cannot be undone.`,
    deleteConfirm: "Delete",
  },

  /** A post's other rules: lengths, read time, template (the API's 400s). */
  post: {
    metaDataTitleTooLong: `Meta data title must be at most ${BLOG_LIMITS.metaDataTitle} characters`,
    titleTooLong: `Title must be at most ${BLOG_LIMITS.title} characters`,
    readTime: `Read time must be a whole number of minutes, at least ${MIN_READ_TIME}`,
    template: `Template must be a whole number from 1 to ${TEMPLATE_COUNT}`,
    paragraphs: `A blog post has exactly ${PARAGRAPHS_PER_BLOG} paragraphs`,
    header: `Paragraph headers must be text of at most ${BLOG_LIMITS.header} characters`,
    alt: `Image descriptions (alt text) must be text of at most ${BLOG_LIMITS.alt} characters`,
    content: `Paragraph content must be HTML text of at most ${BLOG_LIMITS.content} characters`,
    /** A paragraph sent without its `content` (an empty paragraph object included). */
    contentMissing: "Each paragraph needs its content (HTML text, empty for none)",
    imageId: "A paragraph image must be the id of an uploaded image",
    imageNotAllowed: (template: number, index: number) =>
      `Template ${template} does not allow an image in paragraph ${index + 1}`,
    imageUnknown: (index: number) => `The image of paragraph ${index + 1} does not exist`,
    imageInUse: (index: number) => `The image of paragraph ${index + 1} belongs to another post`,
    /** A picture a site page shows (published, scheduled or draft): `where` names the pages. */
    imageOnPage: (index: number, where: string) =>
      `The image of paragraph ${index + 1} is a picture of ${where}; upload it again for the post`,
    notFound: "Blog post not found",
    /** The editor's submission was not a post (a hand-made or truncated form). */
    unreadable: "The blog could not be read; please try again",
    state: "State must be one of draft, scheduled, published",
    publishAt: "A scheduled post needs its publication time, as a date and time",
    publishAtPast: "The publication time must be in the future",
    version: "version must be a whole number, at least 1",
    revisionNotFound: "Revision not found",
    metaDescription: `Meta description must be text of at most ${BLOG_LIMITS.metaDescription} characters`,
    socialImage: `The social image must be a paragraph number from 0 to ${PARAGRAPHS_PER_BLOG - 1}, or null`,
    socialImageMissing: (index: number) => `Paragraph ${index + 1} has no picture to be the social image`,
    stale:
      "Someone else saved this post since you opened it (another tab or computer). Reload to see their version: your changes were not saved.",
  },

  /** Draft, Scheduled, Published: the admin's words for them and their changes. */
  states: {
    labels: { draft: "Draft", scheduled: "Scheduled", published: "Published" },
    filter: "State",
    all: "All states",
    saveDraft: "Save draft",
    draftSaved: "Draft saved",
    saving: "Saving…",
    saved: "Saved",
    notSaved: (reason: string) => `Not saved: ${reason}`,
    /** A save whose answer never came (network down, server error). */
    unreachable: "the server could not be reached; try again",
    unpublish: "Unpublish",
    unpublished: "Unpublished: the post is a draft again",
    unpublishFailed: "Error unpublishing blog; Try again",
    noneInState: (state: string) => `No ${state.toLowerCase()} blog`,
    scheduleLabel: "Publication time (UK time, Europe/London)",
    schedule: "Schedule",
    scheduleMissing: "Pick the date and time to publish it",
    scheduledFor: (when: string) => `Scheduled for ${when} (UK time)`,
    stateLine: (state: string) => `State: ${state}`,
    openPage: "Open its page (staff only)",
    revisions: "Revisions",
    seo: "Search and sharing",
    metaDescriptionLabel: "Meta description",
    metaDescriptionHint: "Shown by search engines and link previews. Empty: the first words of the post.",
    socialImageLabel: "Social image",
    socialImageDefault: "The first picture",
    socialImageOption: (index: number) => `The picture of paragraph ${index + 1}`,
    noRevisions: "No revisions yet: each publish and each manual save keeps one (the last 50).",
    revisionReasons: { published: "Published", saved: "Saved", restored: "Restored" },
    revisionLine: (reason: string, when: string, who: string) => `${reason} ${when} by ${who}`,
    restore: "Restore",
    restoreTitle: "Restore this revision?",
    restoreMessage: (when: string) =>
      `The post gets the text and images it had on ${when} (UK time) and becomes a draft: publish it again with Preview and Submit.`,
    restored: "Revision restored as a draft",
    restoreFailed: "Error restoring revision; Try again",
    publishedNoDraft: "This post is published: Preview and Submit save its changes, or Unpublish it first",
    /** The editor's form asked for nothing it knows (a hand-made request). */
    unknownAction: "That is not something the blog editor can do",
    /** On a post page a signed-in administrator opens before it is public. */
    previewNotice: (state: string) => `${state}: not public yet. Only signed-in staff see this page.`,
  },

  /** `GET /api/blog`'s query. */
  listQuery: {
    page: "page must be a whole number, at least 1",
    limit: `limit must be a whole number from 1 to ${BLOG_LIST_MAX_LIMIT}`,
    fields: "fields must be 'summary' when given",
  },

  /** Uploaded and served images. */
  images: {
    notAnImage: "Images must be png or jpeg",
    tooManyPixels: (megapixels: number) => `The image is too large: at most ${megapixels} megapixels`,
    tooLarge: (megabytes: string) => `Images must be at most ${megabytes}`,
    notFound: "Image not found",
    inUse: "This image belongs to a saved post; remove it from the post instead",
    /** A page picture a site document (published, scheduled or draft) shows: `where` names them. */
    inSiteContent: (where: string) =>
      `This picture is used by ${where} (published, scheduled or draft); remove it there first`,
    notMultipart: "Send the image as multipart/form-data in the field 'image'",
    wrongField: "The image must be sent in the field 'image'",
    unreadable: "The upload could not be read; please try again",
    width: `The width must be one of ${IMAGE_WIDTHS.join(", ")}`,
  },

  /** The public blog pages' texts: an empty list, a missing post. */
  page: {
    empty: "No blog posts yet. Our first articles on organic waste and anaerobic digestion are on their way.",
    notFoundTitle: "Blog post not found",
    notFoundText:
      "We could not find that page of our blog. The post may have been removed, or the link mistyped.",
  },
} as const;
