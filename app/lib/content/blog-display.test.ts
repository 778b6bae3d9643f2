import type { BlogPost } from "@common/content/blog";
import { describe, expect, it } from "vitest";
import {
  blogDate,
  cardFromPost,
  cardTitle,
  imageSrcSet,
  placeholderInitial,
  postImageIds,
  readTimeText,
  templateNumber,
  templatePostFromPost,
} from "./blog-display";
import { blogPageHref, blogPageNumber, pageWindow } from "./blog-pages";
import { excerpt, plainText } from "./blog-text";
import { emptyPost, getCurrentPost, resetCurrentPost, setCurrentPost } from "./current-post";

const ID = "0b9f7c1e-3d2a-4b5c-8d6e-7f8091a2b3c4";

const post = (overrides: Partial<BlogPost> = {}): BlogPost => ({
  _id: "a1b2c3d4-0000-4000-8000-000000000001",
  meta_data_title: "Meta",
  title: "Food waste rules",
  readTime: 4,
  template: 2,
  dateAdded: "2025-03-10T09:30:00.000Z",
  state: "published",
  publishAt: null,
  version: 1,
  meta_description: "",
  social_image_paragraph: null,
  img: ID,
  content: [
    { header: "", content: "<p>One</p>", img: ID, alt: "A caddy" },
    { header: "Two", content: "<p>Two</p>", img: null, alt: "" },
    { header: "Three", content: "<p>Three</p>", img: null, alt: "" },
  ],
  ...overrides,
});

describe("blog card display rules", () => {
  it("cuts titles longer than 60 characters to 60 plus '...'", () => {
    const sixty = "x".repeat(60);
    expect(cardTitle(sixty)).toBe(sixty);
    expect(cardTitle(`${sixty}y`)).toBe(`${sixty}...`);
    expect(cardTitle("Short title")).toBe("Short title");
  });

  it("counts characters, not UTF-16 units, when cutting", () => {
    expect(cardTitle("🌱".repeat(61))).toBe(`${"🌱".repeat(60)}...`);
  });

  it("shows four dashes for no title", () => {
    for (const title of ["", "   ", null, undefined]) expect(cardTitle(title)).toBe("----");
  });

  it("the placeholder shows the title's first character", () => {
    expect(placeholderInitial("Anaerobic digestion")).toBe("A");
    expect(placeholderInitial("  digestate")).toBe("d");
    expect(placeholderInitial("🌱 Growing")).toBe("🌱");
    expect(placeholderInitial("")).toBe("-");
  });

  it("read time is '{n} mins', 3 mins when none", () => {
    expect(readTimeText(7)).toBe("7 mins");
    for (const none of [null, undefined, 0, Number.NaN]) expect(readTimeText(none)).toBe("3 mins");
  });

  it("dates read weekday, day, month name, four-digit year in UK time ", () => {
    expect(blogDate("2025-03-09T12:00:00.000Z")).toBe("Sunday, 9 March 2025");
    expect(blogDate("2025-03-10T09:30:00.000Z")).toBe("Monday, 10 March 2025");
    // 23:30 UTC on 30 June is already 1 July in London (BST).
    expect(blogDate("2025-06-30T23:30:00.000Z")).toBe("Tuesday, 1 July 2025");
    for (const none of [null, undefined, "", "not a date"]) expect(blogDate(none)).toBeNull();
  });
});

describe("templates and cards from a post", () => {
  it("accepts templates 1 to 5; anything else is 1", () => {
    expect([1, 2, 3, 4, 5].map(templateNumber)).toEqual([1, 2, 3, 4, 5]);
    for (const other of [0, 6, 2.5, "3", "x", null])
      expect(templateNumber(other)).toBe(other === "3" ? 3 : 1);
  });

  it("srcset lists the WebP widths, stopping at the original's width", () => {
    const url = `/api/blog/blog-image/${ID}`;
    expect(imageSrcSet(ID)).toBe(`${url}?w=480 480w, ${url}?w=960 960w, ${url}?w=1600 1600w`);
    expect(imageSrcSet(ID, 800)).toBe(`${url}?w=480 480w, ${url}?w=960 800w`);
    expect(imageSrcSet(ID, 300)).toBe(`${url}?w=480 300w`);
  });

  it("builds the template post with image URLs, dimensions and alt text", () => {
    const result = templatePostFromPost(post(), { [ID]: { width: 1000, height: 600 } });
    expect(result).toMatchObject({ title: "Food waste rules", readTime: 4, template: 2 });
    expect(result.paragraphs[0]).toEqual({
      header: "",
      html: "<p>One</p>",
      image: {
        src: `/api/blog/blog-image/${ID}`,
        srcSet: imageSrcSet(ID, 1000),
        width: 1000,
        height: 600,
        alt: "A caddy",
      },
    });
    expect(result.paragraphs[1].image).toBeNull();
    expect(templatePostFromPost(post({ template: 9 }), {}).template).toBe(1);
  });

  it("builds a card; its image is decorative (the title names the link)", () => {
    expect(cardFromPost(post(), {})).toEqual({
      id: post()._id,
      title: "Food waste rules",
      readTime: 4,
      dateAdded: "2025-03-10T09:30:00.000Z",
      image: { src: `/api/blog/blog-image/${ID}`, srcSet: imageSrcSet(ID), alt: "" },
    });
    expect(cardFromPost(post({ img: null }), {}).image).toBeNull();
    expect(postImageIds([post(), post({ img: null, content: [] })])).toEqual([ID]);
  });
});

describe("descriptions from paragraph HTML", () => {
  it("keeps the text, decodes entities and collapses whitespace", () => {
    expect(
      plainText("<h2>Rules</h2><p>Food &amp; drink&nbsp;firms &lt;10&gt; &#8211; &#x41;<br/>now</p>"),
    ).toBe("Rules Food & drink firms <10> – A now");
  });

  it("cuts at a word boundary with an ellipsis", () => {
    const text = "word ".repeat(60).trim();
    const cut = excerpt(text, 160);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut).toMatch(/word…$/);
    expect(excerpt("short", 160)).toBe("short");
  });
});

describe("/blog paging", () => {
  it("reads ?page=: 1 when absent, null for anything but a page number", () => {
    expect(blogPageNumber(null)).toBe(1);
    expect(blogPageNumber("7")).toBe(7);
    for (const bad of ["", "0", "-1", "01", "1.5", "abc", "9999999"]) expect(blogPageNumber(bad)).toBeNull();
    expect(blogPageHref(1)).toBe("/blog");
    expect(blogPageHref(3)).toBe("/blog?page=3");
  });

  it("offers the first, last, current and neighbouring pages, with gaps", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 84)).toEqual([1, 2, null, 84]);
    expect(pageWindow(40, 84)).toEqual([1, null, 39, 40, 41, null, 84]);
    expect(pageWindow(4, 84)).toEqual([1, 2, 3, 4, 5, null, 84]);
    expect(pageWindow(84, 84)).toEqual([1, null, 83, 84]);
  });
});

describe("current post (shared state)", () => {
  it("a reset leaves the empty post", () => {
    setCurrentPost({ _id: "x", template: 3, readTime: 5, title: "T", content: [1] });
    resetCurrentPost();
    expect(getCurrentPost()).toEqual({ _id: "", template: 1, readTime: 0, title: "", content: [] });
    expect(emptyPost()).toEqual(getCurrentPost());
  });
});
