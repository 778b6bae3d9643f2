import { describe, expect, it } from "vitest";
import {
  CUT_LIMIT,
  criticalStylesheet,
  keptCuts,
  pageClasses,
  pageElements,
  requiredClasses,
  requiredElements,
  withCriticalStylesheet,
} from "./critical-css";

const critical = (css: string, classes: string[], page = "") =>
  criticalStylesheet(css, new Set(classes), page);

describe("critical stylesheet", () => {
  it("keeps the rules whose classes are on the page and drops the others", () => {
    expect(critical(".card{padding:1rem}.modal{display:grid}h1{margin:0}", ["card"])).toBe(
      ".card{padding:1rem}h1{margin:0}",
    );
  });

  it("requires every class of a compound or descendant selector, and keeps the matching part of a list", () => {
    const css = ".nav .link{color:red}.a.b{color:blue}.x,.card:hover,p{color:green}";
    expect(critical(css, ["nav", "link", "a", "card"])).toBe(
      ".nav .link{color:red}.card:hover,p{color:green}",
    );
  });

  it("reads escaped class names as HTML writes them", () => {
    const css =
      ".sm\\:flex{display:flex}.top-1\\/2{top:50%}.\\32 xl\\:grid{display:grid}.w-\\[calc\\(1px\\+2px\\)\\]{width:3px}";
    expect(critical(css, ["sm:flex", "top-1/2", "2xl:grid", "w-[calc(1px+2px)]"])).toBe(css);
    expect(critical(css, [])).toBe("");
    expect(requiredClasses(".group:hover .group-hover\\:underline")).toEqual([
      "group",
      "group-hover:underline",
    ]);
  });

  it("does not require classes inside :not() or inside a selector list", () => {
    expect(requiredClasses(".btn:not(.btn-ghost)")).toEqual(["btn"]);
    expect(requiredClasses(":is(.a,.b) .c")).toEqual(["c"]);
    expect(requiredClasses(":where(.space-y-4>:not(:last-child))")).toEqual(["space-y-4"]);
    expect(critical(".btn:not(.btn-ghost){color:red}", ["btn"])).toBe(".btn:not(.btn-ghost){color:red}");
  });

  it("drops the selectors naming an element the page does not have, outside brackets", () => {
    expect(requiredElements("abbr:where([title])")).toEqual(["abbr"]);
    expect(requiredElements(".prose table>td+th~TR")).toEqual(["table", "td", "th", "tr"]);
    expect(requiredElements(":is(table,ul) .a:nth-child(odd)")).toEqual([]);
    expect(requiredElements("input::placeholder")).toEqual(["input"]);
    expect(requiredElements("::file-selector-button")).toEqual([]);
    expect(requiredElements(".\\[\\&\\>svg\\]\\:size-4>svg")).toEqual(["svg"]);
    expect(requiredElements('[type="button"]:where(button) *')).toEqual([]);
    const css = "abbr:where([title]){text-decoration:underline}b,strong{font-weight:bolder}*{margin:0}";
    const elements = pageElements('<html><body><p><STRONG class="x">a</STRONG></p></body></html>');
    expect([...elements]).toEqual(["html", "body", "p", "strong"]);
    expect(criticalStylesheet(css, new Set(), "", elements)).toBe("strong{font-weight:bolder}*{margin:0}");
  });

  it("always keeps the light theme, which a script sets before the first paint", () => {
    expect(critical(":root.light-theme{--bg:#fff}.light-theme .logo{fill:#000}", ["logo"])).toBe(
      ":root.light-theme{--bg:#fff}.light-theme .logo{fill:#000}",
    );
  });

  it("drops at-rule blocks left empty but keeps layer blocks, which fix the cascade order", () => {
    const css = "@layer theme,utilities;@layer utilities{@media (min-width:40rem){.sm\\:flex{display:flex}}}";
    expect(critical(css, [])).toBe("@layer theme,utilities;@layer utilities{}");
    expect(critical(css, ["sm:flex"])).toBe(css);
  });

  it("keeps braces, semicolons and commas inside strings and brackets", () => {
    const css = '.quote:before{content:"{;}"}.x[data-a="}"]{color:red}.y{background:url("a,b.svg")}';
    expect(critical(css, ["quote", "x", "y"])).toBe(css);
    expect(critical(css, ["y"])).toBe('.y{background:url("a,b.svg")}');
  });

  it("drops Tailwind's registrations and defaults of variables no kept rule reads, and unused keyframes", () => {
    const css = [
      "@layer properties{*,:before{--tw-rotate:initial;--tw-shadow:0 0 #0000}}",
      "@layer theme{:root{--color-red:red;--spacing:.25rem;--animate-spin:spin 1s linear infinite}}",
      ".shadow{--tw-shadow:0 1px red;box-shadow:var(--tw-shadow)}.p-1{padding:calc(var(--spacing)*1)}",
      ".rotate{rotate:var(--tw-rotate)}.animate-spin{animation:var(--animate-spin)}",
      '@property --tw-rotate{syntax:"*";inherits:false}@property --tw-shadow{syntax:"*";inherits:false}',
      "@keyframes spin{to{rotate:1turn}}@keyframes pulse{50%{opacity:.5}}",
    ].join("");
    expect(critical(css, ["shadow", "p-1"])).toBe(
      "@layer properties{*,:before{--tw-shadow:0 0 #0000}}@layer theme{:root{--spacing:.25rem;}}" +
        ".shadow{--tw-shadow:0 1px red;box-shadow:var(--tw-shadow)}.p-1{padding:calc(var(--spacing)*1)}" +
        '@property --tw-shadow{syntax:"*";inherits:false}',
    );
    expect(critical(css, ["animate-spin"])).toContain("@keyframes spin{to{rotate:1turn}}");
    expect(critical(css, ["animate-spin"])).not.toContain("pulse");
  });

  it("keeps the site's own variables and anything the page's inline styles read", () => {
    const css = ":root{--color-bg:#000;--brand:green}@layer theme{:root{--text-xl:2rem}}";
    expect(critical(css, [])).toBe(":root{--color-bg:#000;--brand:green}@layer theme{}");
    expect(critical(css, [], '<p style="font-size:var(--text-xl)">')).toContain("--text-xl:2rem");
  });

  it("collects the classes of every element, entities decoded", () => {
    expect([
      ...pageClasses('<p class="a  b">x</p><svg class="c"></svg><div class="[&amp;&gt;p]:mt-2"></div>'),
    ]).toEqual(["a", "b", "c", "[&>p]:mt-2"]);
  });

  it("cuts a page's inlined stylesheet and marks it, leaving other pages alone", () => {
    const page =
      '<html><head><style data-stylesheet="/assets/app-1.css">.card{padding:1rem}.modal{display:grid}</style></head>' +
      '<body><p class="card">Hi</p></body></html>';
    expect(withCriticalStylesheet(page)).toBe(
      '<html><head><style data-stylesheet="/assets/app-1.css" data-critical="">.card{padding:1rem}</style></head>' +
        '<body><p class="card">Hi</p></body></html>',
    );
    const other = "<html><head><style>.modal{display:grid}</style></head><body></body></html>";
    expect(withCriticalStylesheet(other)).toBe(other);
  });

  it("cuts each shape of page once and keeps at most CUT_LIMIT cuts", () => {
    const sheet = ".a{color:red}.b{color:blue}.c{color:green}";
    const page = (classes: string, words: string) =>
      `<html><head><style data-stylesheet="/assets/app.css">${sheet}</style></head><body><p class="${classes}">${words}</p></body></html>`;
    const before = keptCuts();
    const first = withCriticalStylesheet(page("a", "One visitor's words"));
    expect(first).toContain(".a{color:red}");
    expect(first).not.toContain(".b{");
    // The same classes and elements, other words: the kept cut, the same rules.
    expect(withCriticalStylesheet(page("a", "Another visitor's words"))).toBe(
      first.replace("One", "Another"),
    );
    expect(keptCuts()).toBe(Math.min(before + 1, CUT_LIMIT));
    // Another class is another cut, with its own rules.
    expect(withCriticalStylesheet(page("b", "x"))).toContain(".b{color:blue}");
    for (let i = 0; i < CUT_LIMIT * 2; i++) withCriticalStylesheet(page(`a extra-${i}`, "x"));
    expect(keptCuts()).toBe(CUT_LIMIT);
    // An element's style reading a variable is part of the shape: the definition it reads is kept.
    const withVariable = (style: string) =>
      `<html><head><style data-stylesheet="/assets/app.css">@layer theme{:root{--tw-x:1px;--site:2px}}.a{color:red}</style></head><body><p class="a" style="${style}">x</p></body></html>`;
    expect(withCriticalStylesheet(withVariable("margin:var(--tw-x)"))).toContain("--tw-x:1px");
    expect(withCriticalStylesheet(withVariable("margin:0"))).not.toContain("--tw-x");
  });
});
