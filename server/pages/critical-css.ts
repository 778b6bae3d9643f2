import { LIGHT_THEME_CLASS } from "../../common/ui";

/**
 * The critical stylesheet of a cached page: the site's stylesheet without the rules no element of
 * that page can match. The whole stylesheet is inlined in every page (no render-blocking request),
 * but half of it styles other pages, the admin and states only scripts create; on a phone's first
 * round trip (about 14.6 KB, headers included) it decided whether a page arrived in one round trip
 * or two. The page loads the whole stylesheet after its first paint, before its scripts run
 * (app/lib/paint-first.server.ts), so everything rendered later is styled as before.
 * See docs/decisions/0018-critical-css.md.
 *
 * The stylesheet is the build's minified output; this is not a general CSS parser. A rule is kept
 * when every class its selector requires is on the page: classes inside `:not(…)` and inside a
 * selector list such as `:is(.a, .b)` are not required. So is every element its selector names
 * outside brackets (`abbr:where([title])` needs an `<abbr>`, `.prose table td` a table and a cell):
 * the base layer styles many elements a page does not have (decision 0035). Rules without classes
 * or elements (`:root`, `*`, `::placeholder`), keyframes, `@property` registrations and Tailwind's
 * `--tw-*` defaults for the variables the kept rules read are kept.
 */

/** Classes a script sets before the first paint (the theme bootstrap). */
const SCRIPT_CLASSES = [LIGHT_THEME_CLASS];

/** `<style data-stylesheet="/assets/app-….css">…</style>`: the inlined stylesheet and its file. */
const INLINED_STYLESHEET = /<style data-stylesheet="([^"]+)">([\s\S]*?)<\/style>/;
const CLASS_ATTRIBUTE = /\bclass="([^"]*)"/g;
const STYLE_ATTRIBUTE = /\bstyle="([^"]*)"/g;
const ELEMENT_TAG = /<([a-zA-Z][\w-]*)/g;
/** A type selector: a name at the start of a compound (the selector's start or after a combinator). */
const TYPE_SELECTOR = /(?:^|[\s>+~])([a-zA-Z][\w-]*)/g;
const CLASS_SELECTOR = /\.((?:\\[0-9a-fA-F]{1,6}\s?|\\.|[\w-])+)/g;
const CSS_ESCAPE = /\\([0-9a-fA-F]{1,6}\s?|.)/g;
const VARIABLE_READ = /var\((--[\w-]+)/g;
const DEFINITION = /@(property|keyframes)\s+([\w-]+)/;
const TAILWIND_VARIABLE = /(--tw-[\w-]+):[^;}]*;?/g;
const ANY_VARIABLE = /(--[\w-]+):[^;}]*;?/g;
const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&quot;": '"',
  "&#x27;": "'",
  "&lt;": "<",
  "&gt;": ">",
};

type Node =
  | { kind: "rule"; selectors: string[]; body: string }
  | { kind: "group"; prelude: string; children: Node[] }
  | { kind: "other"; prelude: string; text: string };

/** Index just past the string, escape or bracketed run starting at `i`, or i + 1. */
function skipToken(css: string, i: number): number {
  const c = css[i];
  if (c === "\\") return i + 2;
  if (c === '"' || c === "'") {
    let j = i + 1;
    while (j < css.length && css[j] !== c) j += css[j] === "\\" ? 2 : 1;
    return j + 1;
  }
  return i + 1;
}

/** Index of the first of `stops` at bracket depth 0 from `i` (strings and escapes skipped). */
function scanTo(css: string, i: number, stops: string): number {
  let depth = 0;
  while (i < css.length) {
    const c = css[i];
    if (depth === 0 && stops.includes(c)) return i;
    if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    i = skipToken(css, i);
  }
  return i;
}

/** Index just past the block whose `{` is at `open`. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; ) {
    if (css[i] === "{") depth++;
    else if (css[i] === "}" && --depth === 0) return i + 1;
    i = skipToken(css, i);
  }
  return css.length;
}

/** Splits at top-level commas. */
function splitList(text: string): string[] {
  const parts: string[] = [];
  for (let i = 0; i <= text.length; ) {
    const end = scanTo(text, i, ",");
    parts.push(text.slice(i, end));
    i = end + 1;
  }
  return parts;
}

/** Rules and at-rules of `css` from `i` to the closing brace of the enclosing block (or the end). */
function parse(css: string, i = 0): { nodes: Node[]; end: number } {
  const nodes: Node[] = [];
  while (i < css.length) {
    if (css[i] === "}") return { nodes, end: i + 1 };
    if (/\s/.test(css[i])) {
      i++;
      continue;
    }
    if (css.startsWith("/*", i)) {
      const close = css.indexOf("*/", i + 2);
      i = close < 0 ? css.length : close + 2;
      continue;
    }
    const stop = scanTo(css, i, "{;}");
    const prelude = css.slice(i, stop).trim();
    if (css[stop] !== "{") {
      nodes.push({ kind: "other", prelude, text: `${prelude};` });
      i = css[stop] === ";" ? stop + 1 : stop;
      continue;
    }
    if (/^@(media|supports|layer|container|starting-style)\b/.test(prelude)) {
      const inner = parse(css, stop + 1);
      nodes.push({ kind: "group", prelude, children: inner.nodes });
      i = inner.end;
    } else {
      const end = blockEnd(css, stop);
      if (prelude.startsWith("@")) nodes.push({ kind: "other", prelude, text: css.slice(i, end) });
      else nodes.push({ kind: "rule", selectors: splitList(prelude), body: css.slice(stop, end) });
      i = end;
    }
  }
  return { nodes, end: i };
}

/** `text` without `:not(…)` and without bracketed selector lists. */
function withoutOptionalParts(selector: string): string {
  let out = "";
  for (let i = 0; i < selector.length; ) {
    if (selector[i] === "(") {
      const close = scanTo(selector, i + 1, ")");
      const inner = selector.slice(i + 1, close);
      const optional = out.endsWith(":not") || splitList(inner).length > 1;
      out += optional ? "()" : `(${withoutOptionalParts(inner)})`;
      i = close + 1;
    } else {
      const next = skipToken(selector, i);
      out += selector.slice(i, next);
      i = next;
    }
  }
  return out;
}

/** A selector's class name as HTML writes it: CSS escapes (`\\:`, `\\32 `) resolved. */
const htmlClassName = (name: string) =>
  name.replace(CSS_ESCAPE, (_, escaped: string) =>
    /^[0-9a-fA-F]/.test(escaped) ? String.fromCodePoint(Number.parseInt(escaped, 16)) : escaped,
  );

/** The classes an element must have for `selector` to match it or one of its relatives. */
export function requiredClasses(selector: string): string[] {
  return [...withoutOptionalParts(selector).matchAll(CLASS_SELECTOR)].map((m) => htmlClassName(m[1]));
}

/**
 * The elements (lower case) `selector` names outside brackets, each of which must be on the page
 * for it to match: `.prose table td` needs a table and a cell; `:is(table, ul)` and
 * `:nth-child(odd)` name none.
 */
export function requiredElements(selector: string): string[] {
  const outside = selector
    .replace(CSS_ESCAPE, "_")
    .replace(/\[[^\]]*\]/g, "")
    .replace(/\((?:[^()]|\([^()]*\))*\)/g, "");
  return [...outside.matchAll(TYPE_SELECTOR)].map((m) => m[1].toLowerCase());
}

function keepRules(nodes: Node[], classes: Set<string>, elements?: Set<string>): Node[] {
  const kept: Node[] = [];
  for (const node of nodes) {
    if (node.kind === "rule") {
      const selectors = node.selectors.filter(
        (s) =>
          requiredClasses(s).every((c) => classes.has(c)) &&
          (!elements || requiredElements(s).every((e) => elements.has(e))),
      );
      if (selectors.length) kept.push({ ...node, selectors });
    } else if (node.kind === "group") {
      const children = keepRules(node.children, classes, elements);
      // An empty @layer block still fixes the layer's place in the cascade order.
      if (children.length || node.prelude.startsWith("@layer")) kept.push({ ...node, children });
    } else kept.push(node);
  }
  return kept;
}

const print = (nodes: Node[]): string =>
  nodes
    .map((node) =>
      node.kind === "rule"
        ? node.selectors.join(",") + node.body
        : node.kind === "group"
          ? `${node.prelude}{${print(node.children)}}`
          : node.text,
    )
    .join("");

/**
 * `nodes` without what nothing in `readers` uses: registrations (`@property`) and defaults of
 * Tailwind's `--tw-*` variables, the theme layer's variables, and keyframes.
 */
function keepUsedDefinitions(nodes: Node[], readers: string): Node[] {
  const read = new Set([...readers.matchAll(VARIABLE_READ)].map((m) => m[1]));
  const keep = (nodes: Node[], variables: RegExp): Node[] =>
    nodes.flatMap((node): Node[] => {
      if (node.kind === "group")
        return [
          {
            ...node,
            children: keep(node.children, node.prelude === "@layer theme" ? ANY_VARIABLE : variables),
          },
        ];
      if (node.kind === "other") {
        const [, kind, name] = DEFINITION.exec(node.prelude) ?? [];
        if (kind === "property") return !name.startsWith("--tw-") || read.has(name) ? [node] : [];
        if (kind === "keyframes")
          return new RegExp(`(^|[\\s:,])${name}(?![\\w-])`).test(readers) ? [node] : [];
        return [node];
      }
      const body = node.body.replace(variables, (declaration, name: string) =>
        read.has(name) ? declaration : "",
      );
      return body === "{}" ? [] : [{ ...node, body }];
    });
  return keep(nodes, TAILWIND_VARIABLE);
}

/**
 * The critical stylesheet for a page whose elements carry `classes`; `page`: its other text;
 * `elements`: the page's element names (lower case), when rules naming others are to be dropped.
 */
export function criticalStylesheet(
  css: string,
  classes: Set<string>,
  page = "",
  elements?: Set<string>,
): string {
  let kept = keepRules(parse(css).nodes, new Set([...classes, ...SCRIPT_CLASSES]), elements);
  // What reads variables and names animations: everything but the definitions' own names. A
  // second pass drops what only the first pass's dropped variables used.
  for (let pass = 0; pass < 2; pass++)
    kept = keepUsedDefinitions(kept, print(kept).replace(new RegExp(DEFINITION.source, "g"), "") + page);
  return print(kept);
}

/** Every class on the page's elements. */
export function pageClasses(html: string): Set<string> {
  const classes = new Set<string>();
  for (const [, value] of html.matchAll(CLASS_ATTRIBUTE))
    for (const name of value.replace(/&(?:amp|quot|#x27|lt|gt);/g, (e) => ENTITIES[e]).split(/\s+/))
      if (name) classes.add(name);
  return classes;
}

/** Every element name (lower case) in the page's markup. */
export function pageElements(html: string): Set<string> {
  return new Set([...html.matchAll(ELEMENT_TAG)].map((m) => m[1].toLowerCase()));
}

/**
 * The page with its inlined stylesheet cut to the critical rules and marked `data-critical` (the
 * page then loads the whole file after its first paint). Unchanged without an inlined stylesheet.
 */
export function withCriticalStylesheet(html: string): string {
  const match = INLINED_STYLESHEET.exec(html);
  if (!match) return html;
  const [whole, href, css] = match;
  const page = html.slice(0, match.index) + html.slice(match.index + whole.length);
  const classes = pageClasses(page);
  const elements = pageElements(page);
  // What decides the cut: the stylesheet, the page's classes and elements, and what its markup
  // reads of the stylesheet's definitions (variables anywhere, animations in style attributes: a
  // keyframes rule runs only from a declaration, in a kept rule or an element's style). A
  // live page (/book) has few shapes: each is cut once (tens of milliseconds), not per request.
  const key = [
    href,
    [...classes].sort().join(" "),
    [...elements].sort().join(" "),
    [...new Set([...page.matchAll(VARIABLE_READ)].map((m) => m[1]))].sort().join(" "),
    [...page.matchAll(STYLE_ATTRIBUTE)].map((m) => m[1]).join("\n"),
  ].join("\u0000");
  let critical = cut.get(key);
  if (critical === undefined) {
    critical = criticalStylesheet(css, classes, page, elements);
    if (cut.size >= CUT_LIMIT) cut.delete(cut.keys().next().value as string);
    cut.set(key, critical);
  }
  return html.replace(whole, () => `<style data-stylesheet="${href}" data-critical="">${critical}</style>`);
}

/** Critical stylesheets already cut, by what decided them (oldest first; at most CUT_LIMIT). */
const cut = new Map<string, string>();
/** Shapes of page kept cut: the fixed pages, the booking's steps and more, a few KB each. */
export const CUT_LIMIT = 64;
/** How many cuts are kept (a test's view of the bound). */
export const keptCuts = () => cut.size;
