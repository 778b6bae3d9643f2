#!/usr/bin/env node
// npm run docs:links: every relative link between the project's documents (README.md,
// CONTRIBUTING.md, docs/**/*.md) must reach a file or folder of the repository, and every
// `#anchor` a heading of the document it names (GitHub's slugs). Links to other sites are not
// fetched. `node scripts/check-links.mjs [root]`. Exits 1 with the list of broken links (file:line, the link, why). No dependency.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The documents checked, relative to the repository's root. */
export function documents(root) {
  const found = ["README.md", "CONTRIBUTING.md"].filter((file) => existsSync(path.join(root, file)));
  const walk = (dir) => {
    const full = path.join(root, dir);
    if (!existsSync(full)) return;
    for (const entry of readdirSync(full, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const relative = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (entry.name.endsWith(".md")) found.push(relative);
    }
  };
  walk("docs");
  return found;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** The markdown's lines with fenced code blocks blanked (their links and headings do not count). */
function proseLines(markdown) {
  const lines = markdown.split(/\r?\n/);
  let fence = null;
  return lines.map((line) => {
    const open = FENCE.exec(line);
    if (fence) {
      if (open && open[1][0] === fence[0] && open[1].length >= fence.length) fence = null;
      return "";
    }
    if (open) {
      fence = open[1];
      return "";
    }
    return line;
  });
}

/** Inline code spans removed (a link written as code is not a link). */
const withoutCode = (line) => line.replace(/(`+)(?:(?!\1).)+?\1/g, "");

/** A heading's text as GitHub renders it: links to their text, no emphasis marks, code or tags. */
function headingText(raw) {
  return raw
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, "")
    .replace(/`/g, "")
    .replace(/\*+/g, "")
    .trim();
}

/** GitHub's anchor for a heading's text (github-slugger): lowercase, punctuation out, spaces to hyphens. */
export function slug(text) {
  return headingText(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** Every anchor a document offers: its headings' slugs (repeats get -1, -2…) and HTML ids/names. */
export function anchors(markdown) {
  const lines = proseLines(markdown);
  const seen = new Map();
  const found = new Set();
  const add = (text) => {
    const base = slug(text);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    found.add(count === 0 ? base : `${base}-${count}`);
  };
  lines.forEach((line, i) => {
    const atx = /^ {0,3}#{1,6}(?:\s+(.*?))?(?:\s+#+)?\s*$/.exec(line);
    if (atx) add(atx[1] ?? "");
    else if (/^ {0,3}(=+|-+)\s*$/.test(line) && i > 0 && /^ {0,3}[^\s|>#*+-]/.test(lines[i - 1])) {
      add(lines[i - 1]); // a setext heading: its text is the line above
    }
    for (const match of line.matchAll(/<a\s[^>]*(?:id|name)="([^"]+)"/gi)) found.add(match[1]);
  });
  return found;
}

/** Every link of a document: inline links and images, and reference definitions, with their line. */
export function links(markdown) {
  const found = [];
  proseLines(markdown).forEach((raw, i) => {
    const line = withoutCode(raw);
    for (const match of line.matchAll(/!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)) {
      found.push({ line: i + 1, target: match[1] });
    }
    const definition = /^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$/.exec(line);
    if (definition) found.push({ line: i + 1, target: definition[1] });
  });
  return found;
}

const EXTERNAL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

/** Broken links of the given documents (paths relative to root): `{file, line, target, reason}`. */
export function checkLinks(root, files = documents(root)) {
  const broken = [];
  const anchorCache = new Map();
  const anchorsOf = (file) => {
    if (!anchorCache.has(file)) anchorCache.set(file, anchors(readFileSync(file, "utf8")));
    return anchorCache.get(file);
  };
  for (const file of files) {
    const source = path.join(root, file);
    for (const { line, target } of links(readFileSync(source, "utf8"))) {
      if (target === "" || EXTERNAL.test(target)) continue;
      const hash = target.indexOf("#");
      const pathPart = decodeURI(hash === -1 ? target : target.slice(0, hash)).replace(/\?.*$/, "");
      const anchor = hash === -1 ? undefined : decodeURIComponent(target.slice(hash + 1));
      const resolved = pathPart === "" ? source : path.resolve(path.dirname(source), pathPart);
      const report = (reason) => broken.push({ file, line, target, reason });
      if (pathPart.startsWith("/")) report("an absolute path: write it relative to this document");
      else if (path.relative(root, resolved).startsWith("..")) report("outside the repository");
      else if (!existsSync(resolved)) report("no such file");
      else if (anchor !== undefined && anchor !== "") {
        if (statSync(resolved).isDirectory() || !resolved.endsWith(".md"))
          report("an anchor into a file that is not markdown");
        else if (!anchorsOf(resolved).has(anchor)) report(`no heading #${anchor}`);
      }
    }
  }
  return broken;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // The repository's root, or the folder given (the checker's own test runs it on a scratch folder).
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), ".."));
  const files = documents(root);
  const broken = checkLinks(root, files);
  if (broken.length > 0) {
    console.error(`Broken links (${broken.length}) between the documents:`);
    for (const { file, line, target, reason } of broken)
      console.error(`  ${file}:${line}  ${target}  (${reason})`);
    process.exit(1);
  }
  console.log(`Links checked: ${files.length} documents, no broken link.`);
}
