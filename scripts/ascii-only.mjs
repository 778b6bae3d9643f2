// The server's built JavaScript written in ASCII alone. V8 keeps every module's source for the
// life of the process, and a source with one character outside Latin-1 is kept as UTF-16, two
// bytes a character; Node reads a module of more than about 1 MB into an external string that
// is one byte a character only when the whole file is ASCII (a single 'ä' in a licence comment
// made the server's 1.97 MB chunk a 3.9 MB string). esbuild escapes strings and templates
// itself, not regular expressions or comments; the React Router build escapes nothing.
//
// Every character past ASCII becomes its \u escape, which means the same character in a string,
// an untagged template, a regular expression (with or without the u flag: an astral character
// becomes its surrogate pair, which both read as the one character), an identifier and a
// comment. A tagged template is left as written: its tag can read the raw text, which an escape
// would change. A `.map` beside the file is moved to the new columns.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import ts from "typescript";

const NON_ASCII = /[^ -~\t\n\r\f\v]/;
const unicodeEscape = (char) =>
  [...char]
    .flatMap((c) => {
      const code = c.codePointAt(0);
      if (code <= 0xffff) return [code];
      const offset = code - 0x10000;
      return [0xd800 + (offset >> 10), 0xdc00 + (offset & 0x3ff)];
    })
    .map((unit) => `\\u${unit.toString(16).padStart(4, "0")}`)
    .join("");

/** Where the tagged templates of `code` are: [start, end) offsets of their template text. */
function taggedTemplates(code) {
  const source = ts.createSourceFile("bundle.js", code, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const ranges = [];
  const visit = (node) => {
    if (ts.isTaggedTemplateExpression(node)) ranges.push([node.template.getStart(source), node.template.end]);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return ranges;
}

/**
 * `code` with every character past ASCII escaped, but in tagged templates: the new code, how many
 * characters were escaped and left, and, for each line, the columns where text grew and by how
 * much (for the source map).
 */
export function asciiOnly(code) {
  if (!NON_ASCII.test(code)) return { code, escaped: 0, kept: 0, growth: new Map() };
  const tagged = taggedTemplates(code);
  const inTagged = (at) => tagged.some(([start, end]) => at >= start && at < end);
  let out = "";
  let escaped = 0;
  let kept = 0;
  let line = 0;
  let column = 0; // in the original line, UTF-16 units (a source map's unit)
  const growth = new Map();
  for (let i = 0; i < code.length; ) {
    const codePoint = code.codePointAt(i);
    const char = String.fromCodePoint(codePoint);
    if (char === "\n") {
      out += char;
      line += 1;
      column = 0;
      i += 1;
      continue;
    }
    if (codePoint > 0x7f && !inTagged(i)) {
      // A backslash before it (an identity escape, "\é") goes: the escape stands for the character.
      let slashes = 0;
      while (out.length > slashes && out[out.length - 1 - slashes] === "\\") slashes += 1;
      const replaced = slashes % 2 === 1 ? 1 : 0;
      if (replaced) out = out.slice(0, -1);
      const text = unicodeEscape(char);
      out += text;
      const grew = text.length - char.length - replaced;
      if (!growth.has(line)) growth.set(line, []);
      growth.get(line).push([column + char.length, grew]);
      escaped += 1;
    } else {
      if (codePoint > 0x7f) kept += 1;
      out += char;
    }
    column += char.length;
    i += char.length;
  }
  return { code: out, escaped, kept, growth };
}

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

function decodeSegment(segment) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

function encodeValue(number) {
  let value = number < 0 ? (-number << 1) | 1 : number << 1;
  let text = "";
  do {
    let digit = value & 31;
    value >>>= 5;
    if (value > 0) digit |= 32;
    text += BASE64[digit];
  } while (value > 0);
  return text;
}

/** A source map's `mappings` with each line's generated columns moved by `growth` (asciiOnly's). */
export function shiftMappings(mappings, growth) {
  return mappings
    .split(";")
    .map((lineText, line) => {
      const grown = growth.get(line);
      if (!grown || !lineText) return lineText;
      let previous = 0;
      let previousShifted = 0;
      return lineText
        .split(",")
        .map((segment) => {
          const [delta, ...rest] = decodeSegment(segment);
          const column = previous + delta;
          previous = column;
          const shifted = column + grown.reduce((sum, [at, by]) => (at <= column ? sum + by : sum), 0);
          const text = encodeValue(shifted - previousShifted) + rest.map(encodeValue).join("");
          previousShifted = shifted;
          return text;
        })
        .join(",");
    })
    .join(";");
}

/** Rewrites `file` in ASCII (asciiOnly) and moves its `.map`; what it did, for the build's log. */
export function asciiOnlyFile(file) {
  const code = readFileSync(file, "utf8");
  const result = asciiOnly(code);
  if (result.escaped === 0) return result;
  writeFileSync(file, result.code);
  const mapFile = `${file}.map`;
  if (existsSync(mapFile)) {
    const map = JSON.parse(readFileSync(mapFile, "utf8"));
    map.mappings = shiftMappings(map.mappings, result.growth);
    writeFileSync(mapFile, JSON.stringify(map));
  }
  return result;
}
