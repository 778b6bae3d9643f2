#!/usr/bin/env node
// npm run docs:links: every relative link between the project's documents (README.md,
// CONTRIBUTING.md, docs/**/*.md) must reach a file or folder of the repository, and every
// `#anchor` a heading of the document it names (GitHub's slugs). Links to other sites are not
// fetched. It also checks every reference to a decision record (docs/decisions/NNNN-*.md), in the
// documents and in the code's comments, test names and budgets.json: "decision 0044",
// "[decision 0044](decisions/0044-fast-ci.md)", "decisions/0044-fast-ci.md", "decision 0043,
// 'Form islands'", 'decision "site content"' must name a record that exists, and the words a
// reference carries (a link's text, quoted words after the number, words in parentheses after it)
// must be the record's title or a run of words in it, its file name's words, one of its headings
// or one of its SHORT_NAMES. `node scripts/check-links.mjs [root]`. Exits 1 with the list of broken
// links and wrong references (file:line, the link, why). No dependency.
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

// ---------------------------------------------------------------------------------------------
// References to decision records.

const DECISIONS = "docs/decisions";
const RECORD_FILE = /^(\d{4})-([a-z0-9][a-z0-9-]*)\.md$/;

/**
 * Short names a reference may use for a record beyond its title, its file name's words and its
 * headings (lowercase words). Add one when a name people use is none of those.
 */
export const SHORT_NAMES = {
  "0029": ["screen actions"], // docs/architecture.md's name for the answer shape
};

/** The code the check reads besides the documents: comments, test names and budgets' notes. */
const CODE_DIRS = ["server", "app", "common", "scripts", "tests"];
const CODE_FILE = /\.(?:[cm]?[jt]sx?)$/;
const ROOT_FILES = ["budgets.json", ".ci/run"];
const SKIPPED_DIRS = new Set(["node_modules", "build", ".react-router", "migrations"]);
/** The checker's own test writes wrong references on purpose, into a scratch folder. */
const OWN_TEST = "server/check-links.test.ts";

/** The code files whose text may name a decision, relative to the repository's root. */
export function codeFiles(root) {
  const found = ROOT_FILES.filter((file) => existsSync(path.join(root, file)));
  for (const entry of readdirSync(root).sort()) {
    if (/^vitest\..*\.[cm]?[jt]s$/.test(entry)) found.push(entry);
  }
  const walk = (dir) => {
    const full = path.join(root, dir);
    if (!existsSync(full)) return;
    for (const entry of readdirSync(full, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const relative = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(relative);
      } else if (CODE_FILE.test(entry.name) && relative !== OWN_TEST) found.push(relative);
    }
  };
  for (const dir of CODE_DIRS) walk(dir);
  return found;
}

/** Words for comparing names: lowercase, letters and digits only, no articles, single spaces. */
export function words(text) {
  return headingText(text)
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/'s\b/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .replace(/\b(?:a|an|the)\b/g, " ")
    .replace(/ {2,}/g, " ")
    .trim();
}

/**
 * The records: number → `{file, title, names}`, the names being the title, the file name's words,
 * the headings and the short names; and the records' own faults (`{file, line, reference, reason}`):
 * a first line other than `# NNNN: Title` with the file's number, two records with one number.
 */
export function decisionRecords(root) {
  const records = new Map();
  const faults = [];
  const dir = path.join(root, DECISIONS);
  if (!existsSync(dir)) return { records, faults };
  for (const name of readdirSync(dir).sort()) {
    const file = path.posix.join(DECISIONS, name);
    const match = RECORD_FILE.exec(name);
    if (!match) continue;
    const [, number, slugWords] = match;
    const lines = proseLines(readFileSync(path.join(dir, name), "utf8"));
    const heading = /^# (\d{4}): (.+)$/.exec(lines[0] ?? "");
    if (!heading || heading[1] !== number) {
      faults.push({
        file,
        line: 1,
        reference: lines[0] ?? "",
        reason: `a record starts "# ${number}: Title", its file's number`,
      });
    }
    if (records.has(number)) {
      faults.push({
        file,
        line: 1,
        reference: number,
        reason: `${records.get(number).file} has this number too`,
      });
      continue;
    }
    const title = heading ? heading[2].trim() : name;
    const headings = lines
      .map((line) => /^ {0,3}#{2,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line)?.[1])
      .filter(Boolean);
    const names = [title, slugWords, ...headings, ...(SHORT_NAMES[number] ?? [])].map(words).filter(Boolean);
    records.set(number, { file, title, names });
  }
  return { records, faults };
}

/** Whether the words are a record's name or a run of whole words inside one. */
function isNameOf(record, text) {
  const said = words(text);
  if (said === "") return true;
  return record.names.some((name) => ` ${name} `.includes(` ${said} `));
}

/** A text with the characters from `start` to `end` turned to spaces (newlines kept). */
const blank = (text, start, end) =>
  text.slice(0, start) + text.slice(start, end).replace(/[^\n]/g, " ") + text.slice(end);

/** A decision's number or file, maybe after a newline and a comment's `*`, `//` or `#`. */
const GAP = String.raw`(?:[ \t]|\r?\n[ \t]*(?:\*|\/\/|#)?)+`;
const QUOTED = String.raw`"([^"\n]+)"|“([^”\n]+)”|'([^'\n]+)'|‘([^’\n]+)’`;
const LINK = /\[((?:[^\]\\]|\\.)*)\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g;
/** More numbers after one: "0016 and 0001", "0025, 0031" (not a date's 2026-11-28). */
const MORE = String.raw`((?:\s*(?:,|and|or|&)\s*\d{4}\b(?![-\d]))*)`;
const PATH = new RegExp(
  String.raw`(?:\b(?:docs\/)?decisions\/(\d{4})(?:-([a-z0-9][a-z0-9-]*?))?(?:\.md)?|\b(\d{4})-([a-z][a-z0-9-]*)\.md)(?![\w-])${MORE}`,
  "g",
);
const NUMBERED = new RegExp(String.raw`\bdecisions?(?:${GAP}records?)?${GAP}(\d{4})\b(?![-\d])${MORE}`, "gi");
const AFTER_NUMBER = new RegExp(String.raw`^(?:,[ \t]*|:[ \t]*|[ \t]+)(?:${QUOTED}|\(([^()\d\n]+)\))`);
const NAMED = new RegExp(String.raw`\bdecision[ \t]+(?:${QUOTED})`, "gi");
/** In a record, a number alone is another record ("Superseded by 0023", "since 0018"), not a migration's. */
const BARE = /(?<![\w.,-])(?<!migrations? )(00\d\d)(?![\w-]|[.,]\d)/gi;

/**
 * Every reference to a decision in a text: `{line, reference, number?, file?, fileName?, words?}`.
 * A link into docs/decisions/ gives its `file` (the record's number; `from` is the text's path,
 * for resolving the link); a file named in the text gives `fileName`.
 */
export function decisionReferences(text, from) {
  const found = [];
  let rest = from.endsWith(".md") ? proseLines(text).join("\n") : text;
  const lineOf = (index) => rest.slice(0, index).split("\n").length;
  const oneLine = (s) => s.replace(/\s+/g, " ").trim();
  const numbersIn = (more) => more.match(/\d{4}/g) ?? [];

  // Links whose target is a record: the numbers in their text must be its number, other words its name.
  for (const match of [...rest.matchAll(LINK)]) {
    const [whole, label, target] = match;
    const pathPart = target.replace(/[#?].*$/, "");
    const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(from), pathPart));
    const file = RECORD_FILE.exec(path.posix.basename(resolved));
    if (!file || path.posix.dirname(resolved) !== DECISIONS) continue;
    const numbers = label.match(/\b\d{4}\b/g) ?? [];
    const labelWords = label.replace(/\bdecisions?\b|\brecords?\b|\b\d{4}\b|docs\/|\.md\b/gi, " ");
    const reference = { line: lineOf(match.index), reference: oneLine(whole), file: file[1] };
    for (const number of numbers) found.push({ ...reference, number });
    if (words(labelWords) !== "" && !/decisions\/\d{4}/.test(label))
      found.push({ ...reference, words: oneLine(labelWords) });
    if (numbers.length === 0 && words(labelWords) === "") found.push(reference);
    rest = blank(rest, match.index, match.index + whole.length);
  }
  // A record's file named in prose or code: docs/decisions/0044-fast-ci.md, `0015-page-cache.md`.
  for (const match of [...rest.matchAll(PATH)]) {
    const [whole, pathNumber, pathSlug, fileNumber, fileSlug, more] = match;
    const number = pathNumber ?? fileNumber;
    const slugWords = pathSlug ?? fileSlug;
    const line = lineOf(match.index);
    found.push({
      line,
      reference: oneLine(whole),
      number,
      ...(slugWords ? { fileName: `${number}-${slugWords}.md` } : {}),
    });
    for (const other of numbersIn(more)) found.push({ line, reference: oneLine(whole), number: other });
    rest = blank(rest, match.index, match.index + whole.length);
  }
  // "decision 0044", "decisions 0016 and 0001", then maybe its name in quotes or parentheses.
  for (const match of [...rest.matchAll(NUMBERED)]) {
    const [whole, first, more] = match;
    const numbers = [first, ...numbersIn(more)];
    const after = AFTER_NUMBER.exec(rest.slice(match.index + whole.length));
    const said = after ? after.slice(1).find((group) => group !== undefined) : undefined;
    const reference = oneLine(whole + (after ? after[0] : ""));
    const line = lineOf(match.index);
    for (const [i, number] of numbers.entries()) {
      // Words after a list name its last record: "decisions 0017 and 0018 ('Critical CSS')".
      const named = said !== undefined && i === numbers.length - 1;
      found.push({ line, reference, number, ...(named ? { words: said } : {}) });
    }
    rest = blank(rest, match.index, match.index + whole.length);
  }
  // 'decision "site content"': the words alone.
  for (const match of [...rest.matchAll(NAMED)]) {
    const said = match.slice(1).find((group) => group !== undefined);
    found.push({ line: lineOf(match.index), reference: oneLine(match[0]), words: said });
    rest = blank(rest, match.index, match.index + match[0].length);
  }
  // A record's own references to others: "Superseded by 0023", "Amends 0018", "(0003)".
  if (path.posix.dirname(from) === DECISIONS && RECORD_FILE.test(path.posix.basename(from))) {
    const lines = rest.split("\n");
    lines.forEach((line, i) => {
      if (i === 0) return; // its own heading
      for (const match of line.matchAll(BARE))
        found.push({ line: i + 1, reference: match[1], number: match[1] });
    });
  }
  return found.sort((a, b) => a.line - b.line);
}

/**
 * References to decisions that name no record, or whose words are not the record's name:
 * `{file, line, reference, reason}`, the records' own faults first.
 */
export function checkDecisionReferences(root, files = [...documents(root), ...codeFiles(root)]) {
  const { records, faults } = decisionRecords(root);
  const wrong = [...faults];
  const whose = (said) =>
    [...records.entries()].filter(([, record]) => isNameOf(record, said)).map(([number]) => number);
  for (const file of files) {
    const text = readFileSync(path.join(root, file), "utf8");
    for (const found of decisionReferences(text, file)) {
      const report = (reason) => wrong.push({ file, line: found.line, reference: found.reference, reason });
      const number = found.file ?? found.number;
      if (found.file && found.number && found.number !== found.file) {
        report(`the link says ${found.number} but leads to ${found.file}`);
        continue;
      }
      if (found.fileName && !existsSync(path.join(root, DECISIONS, found.fileName))) {
        const record = records.get(found.number);
        report(record ? `no such file: ${found.number} is ${record.file}` : `no decision ${found.number}`);
        continue;
      }
      if (number === undefined) {
        const matches = whose(found.words);
        if (matches.length === 0) report(`no decision is called "${found.words}"`);
        continue;
      }
      const record = records.get(number);
      if (!record) {
        report(`no decision ${number}`);
        continue;
      }
      if (found.words !== undefined && !isNameOf(record, found.words)) {
        const others = whose(found.words);
        report(
          `${number} is "${record.title}"` +
            (others.length > 0 ? `; "${words(found.words)}" is ${others.join(", ")}` : ""),
        );
      }
    }
  }
  return wrong;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // The repository's root, or the folder given (the checker's own test runs it on a scratch folder).
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), ".."));
  const files = documents(root);
  const broken = checkLinks(root, files);
  const sources = [...files, ...codeFiles(root)];
  const wrong = checkDecisionReferences(root, sources);
  if (broken.length > 0) {
    console.error(`Broken links (${broken.length}) between the documents:`);
    for (const { file, line, target, reason } of broken)
      console.error(`  ${file}:${line}  ${target}  (${reason})`);
  }
  if (wrong.length > 0) {
    console.error(`References to decisions (${wrong.length}) that name no record, or not what it says:`);
    for (const { file, line, reference, reason } of wrong)
      console.error(`  ${file}:${line}  ${reference}  (${reason})`);
  }
  if (broken.length > 0 || wrong.length > 0) process.exit(1);
  console.log(
    `Links checked: ${files.length} documents, no broken link; decision references checked in ${sources.length} files, each names its record.`,
  );
}
