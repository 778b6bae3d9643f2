import { Parser } from "htmlparser2";

/**
 * The structural rules of HTML a page's markup must keep, checked on the document as served: a
 * stand-in for the Nu checker (no HTML validator is installed; htmlparser2 is sanitize-html's
 * parser). Each problem is a sentence naming the element; none is an empty list.
 *
 * - every element closed where it was opened: an end tag the parser had to imply (a `<div>` in a
 *   `<p>`, an unclosed `<section>`) or one with no element open is mis-nesting;
 * - ids unique, and every id an attribute refers to (`for`, `aria-labelledby`,
 *   `aria-describedby`, `aria-controls`, `list`, `href="#…"`) present;
 * - no interactive content in a link or a button, no flow content in phrasing-only elements
 *   (`p`, headings, `span`, `label`, `button`, `summary`'s text aside), `li` in a list,
 *   `figcaption` in a `figure`, `summary` in `details`;
 * - an attribute once per element; every `img` with `alt`, `width` and `height`;
 * - one `h1`, and no heading more than one level below the one before it.
 */
export function structuralProblems(html: string): string[] {
  const problems: string[] = [];
  const open: string[] = [];
  const ids = new Map<string, number>();
  const references: Array<[string, string]> = [];
  const headings: number[] = [];
  const VOID = new Set([
    "area",
    "base",
    "br",
    "col",
    "embed",
    "hr",
    "img",
    "input",
    "link",
    "meta",
    "source",
    "track",
    "wbr",
  ]);
  const FLOW = new Set([
    "address",
    "article",
    "aside",
    "blockquote",
    "details",
    "div",
    "dl",
    "fieldset",
    "figure",
    "footer",
    "form",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "header",
    "hr",
    "main",
    "nav",
    "ol",
    "p",
    "pre",
    "section",
    "table",
    "ul",
  ]);
  const PHRASING_ONLY = new Set(["p", "h1", "h2", "h3", "h4", "h5", "h6", "span", "label", "button"]);
  const INTERACTIVE = new Set(["a", "button", "select", "textarea", "details", "label"]);
  let attributes: string[] = [];
  const parser = new Parser(
    {
      onattribute(name) {
        attributes.push(name);
      },
      onopentag(name, attrs) {
        const where = `<${name}${attrs.id ? ` id="${attrs.id}"` : ""}>`;
        const seen = new Set<string>();
        for (const attribute of attributes)
          if (seen.has(attribute)) problems.push(`${where} has the attribute ${attribute} twice`);
          else seen.add(attribute);
        attributes = [];
        if (attrs.id !== undefined) ids.set(attrs.id, (ids.get(attrs.id) ?? 0) + 1);
        for (const key of ["for", "aria-labelledby", "aria-describedby", "aria-controls", "list"])
          for (const id of (attrs[key] ?? "").split(/\s+/).filter(Boolean)) references.push([where, id]);
        if (attrs.href?.startsWith("#") && attrs.href.length > 1)
          references.push([where, attrs.href.slice(1)]);
        const interactive =
          INTERACTIVE.has(name) ||
          (name === "input" && attrs.type !== "hidden") ||
          (name === "img" && "usemap" in attrs);
        for (const outer of open) {
          if ((outer === "a" || outer === "button") && interactive)
            problems.push(`${where} is interactive content inside <${outer}>`);
          if (PHRASING_ONLY.has(outer) && FLOW.has(name))
            problems.push(`${where} is flow content inside <${outer}>`);
        }
        const parent = open.at(-1);
        if (name === "li" && !["ul", "ol", "menu"].includes(parent ?? ""))
          problems.push(`${where} is not in a list but in <${parent}>`);
        if (name === "figcaption" && parent !== "figure") problems.push(`${where} is not in a <figure>`);
        if (name === "summary" && parent !== "details") problems.push(`${where} is not in <details>`);
        if (name === "img")
          for (const required of ["alt", "width", "height"])
            if (!(required in attrs)) problems.push(`${where} (${attrs.src ?? ""}) has no ${required}`);
        const level = /^h([1-6])$/.exec(name)?.[1];
        if (level) {
          const previous = headings.at(-1);
          if (previous !== undefined && Number(level) > previous + 1)
            problems.push(`<${name}> follows an <h${previous}>: a heading level is skipped`);
          headings.push(Number(level));
        }
        if (!VOID.has(name)) open.push(name);
      },
      onclosetag(name, implied) {
        if (VOID.has(name)) return;
        if (implied)
          problems.push(
            `<${name}> was not closed where it should be (inside <${open.at(-2) ?? "document"}>)`,
          );
        const at = open.lastIndexOf(name);
        if (at === -1) problems.push(`</${name}> closes no open element`);
        else open.splice(at);
      },
    },
    { lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: false },
  );
  parser.write(html);
  parser.end();
  for (const [id, count] of ids) if (count > 1) problems.push(`the id "${id}" is given ${count} times`);
  for (const [where, id] of references)
    if (!ids.has(id)) problems.push(`${where} refers to the id "${id}", which no element has`);
  const h1 = headings.filter((level) => level === 1).length;
  if (h1 !== 1) problems.push(`the page has ${h1} <h1> headings, not one`);
  return problems;
}
