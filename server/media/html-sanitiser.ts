import type sanitizeHtml from "sanitize-html";

/**
 * The allow-list matches what the blog editor (TipTap StarterKit + TextAlign + Highlight) writes:
 * headings 1-3, paragraphs, bold, italic, strikethrough, lists, highlight, line breaks, links and
 * left/center/right alignment. Everything else, scripts and event handlers included, is dropped.
 */
const options = (sanitize: typeof sanitizeHtml): sanitizeHtml.IOptions => ({
  allowedTags: [
    "h1",
    "h2",
    "h3",
    "p",
    "strong",
    "b",
    "em",
    "i",
    "s",
    "strike",
    "ul",
    "ol",
    "li",
    "mark",
    "br",
    "a",
  ],
  allowedAttributes: {
    // `rel` is added by the transform, so it has to survive the attribute filter that runs after it.
    a: ["href", "rel"],
    h1: ["style"],
    h2: ["style"],
    h3: ["style"],
    p: ["style"],
  },
  allowedStyles: {
    "*": { "text-align": [/^(left|center|right)$/] },
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Links open third-party pages: no referrer, no opener, no endorsement.
  transformTags: {
    a: sanitize.simpleTransform("a", { rel: "noopener noreferrer nofollow" }),
  },
});

/** sanitize-html rewrites the one allowed style as `text-align:center`; keep the editor's spelling. */
const COMPACT_ALIGNMENT = / style="text-align:(left|center|right)"/g;

// Loaded with the first post written, not at every start (about 50 ms of start-up).
let sanitizer: Promise<(html: string) => string> | undefined;

export async function sanitizeParagraphHtml(html: string): Promise<string> {
  sanitizer ??= import("sanitize-html").then(({ default: sanitize }) => {
    const settings = options(sanitize);
    return (dirty: string) => sanitize(dirty, settings);
  });
  return (await sanitizer)(html).replace(COMPACT_ALIGNMENT, ' style="text-align: $1"');
}
