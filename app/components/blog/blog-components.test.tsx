import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { BlogCard } from "./BlogCard";
import { BlogTemplate } from "./BlogTemplate";
import { TemplateThumbnail } from "./TemplateThumbnail";
import type { BlogCardData, TemplateImage, TemplatePost } from "./types";

const image = (name: string): TemplateImage => ({
  src: `/img/${name}`,
  srcSet: `/img/${name}?w=480 480w`,
  width: 800,
  height: 500,
  alt: `Picture ${name}`,
});

const post = (template: number, images: Array<TemplateImage | null>): TemplatePost => ({
  title: "Digestate & <fields>",
  readTime: 6,
  dateAdded: "2025-03-10T09:30:00.000Z",
  template,
  paragraphs: ["Opening", "Middle", "Closing"].map((text, i) => ({
    header: `Header ${i + 1}`,
    html: `<p>${text} text</p>`,
    image: images[i] ?? null,
  })),
});

const imgTags = (html: string) => html.match(/<img [^>]*>/g) ?? [];

describe("BlogTemplate", () => {
  it.each([1, 2, 3, 4, 5])("template %i: one h1, meta, three paragraphs, headers 2 and 3 only", (n) => {
    const html = renderToStaticMarkup(<BlogTemplate post={post(n, [])} />);
    expect(html).toContain(`post-t${n}`);
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toContain(">Digestate &amp; &lt;fields&gt;</h1>");
    expect(html).toContain('<time dateTime="2025-03-10T09:30:00.000Z">Monday, 10 March 2025</time>');
    expect(html).toContain("6 mins");
    for (const text of ["Opening", "Middle", "Closing"]) expect(html).toContain(`<p>${text} text</p>`);
    expect(html).not.toContain("Header 1");
    expect(html).toMatch(/<h2[^>]*>Header 2<\/h2>/);
    expect(html).toMatch(/<h2[^>]*>Header 3<\/h2>/);
  });

  it("an unknown template is drawn as template 1", () => {
    expect(renderToStaticMarkup(<BlogTemplate post={post(42, [])} />)).toContain("post-t1");
  });

  it("leaves out the date when there is none", () => {
    const html = renderToStaticMarkup(<BlogTemplate post={{ ...post(1, []), dateAdded: null }} />);
    expect(html).not.toContain("<time");
    expect(html).toContain("6 mins");
  });

  it.each([
    [1, [null, image("b")], ""],
    [2, [image("a"), image("b")], "high"],
    [3, [image("a"), image("b")], "high"],
    [4, [null, image("b")], ""],
    [5, [image("a")], "high"],
  ] as const)("template %i: images sized, described, lazy after the first", (n, images, priority) => {
    const tags = imgTags(renderToStaticMarkup(<BlogTemplate post={post(n, [...images])} />));
    expect(tags).toHaveLength(images.filter(Boolean).length);
    for (const tag of tags) {
      expect(tag).toMatch(/width="800"/);
      expect(tag).toMatch(/height="500"/);
      expect(tag).toMatch(/srcSet="[^"]+480w"/);
      expect(tag).toMatch(/sizes="[^"]+"/);
      expect(tag).toMatch(/alt="Picture [ab]"/);
    }
    const [first = ""] = tags;
    expect(first).not.toContain('loading="lazy"');
    expect(first.includes('fetchPriority="high"')).toBe(priority === "high");
    for (const tag of tags.slice(1)) expect(tag).toContain('loading="lazy"');
  });
});

const card = (overrides: Partial<BlogCardData> = {}): BlogCardData => ({
  id: "post-1",
  title: "A".repeat(70),
  readTime: null,
  dateAdded: null,
  image: null,
  ...overrides,
});

const renderCard = (data: BlogCardData, path = "/blog") =>
  renderToStaticMarkup(
    <MemoryRouter initialEntries={[path]}>
      <BlogCard card={data} />
    </MemoryRouter>,
  );

describe("BlogCard", () => {
  it("applies the display rules: cut title, '----' date, placeholder letter, 3 mins", () => {
    const html = renderCard(card());
    expect(html).toContain(`<h2 class="blog-card-title">${"A".repeat(60)}...</h2>`);
    expect(html).toContain('<span class="blog-card-placeholder" aria-hidden="true">A</span>');
    expect(html).toMatch(/----.*3 mins/);
    expect(html).not.toContain("<img");
  });

  it("shows the image, the date and the read time when there are some", () => {
    const html = renderCard(
      card({ title: "", readTime: 8, dateAdded: "2025-01-10T10:00:00Z", image: image("c") }),
    );
    expect(html).toContain(">----</h2>");
    expect(html).toContain("Friday, 10 January 2025");
    expect(html).toContain("8 mins");
    expect(imgTags(html)[0]).toContain('loading="lazy"');
    const first = renderToStaticMarkup(
      <MemoryRouter initialEntries={["/blog"]}>
        <BlogCard card={card({ image: image("c") })} priority />
      </MemoryRouter>,
    );
    expect(imgTags(first)[0]).not.toContain("loading=");
    expect(imgTags(first)[0]).toContain('fetchPriority="high"');
  });

  it("links to the post on the public site and to the edit screen in the admin", () => {
    expect(renderCard(card())).toContain('href="/blog/post-1"');
    expect(renderCard(card(), "/admin/dashboard/blog")).toContain('href="/admin/dashboard/blog/post-1"');
  });
});

describe("TemplateThumbnail", () => {
  it.each([1, 2, 3, 4, 5])("template %i is a named image of its own layout", (n) => {
    const html = renderToStaticMarkup(<TemplateThumbnail template={n} />);
    expect(html).toContain(`role="img" aria-label="Template ${n} layout"`);
  });

  it("draws five different layouts", () => {
    const drawings = [1, 2, 3, 4, 5].map((n) => renderToStaticMarkup(<TemplateThumbnail template={n} />));
    expect(new Set(drawings).size).toBe(5);
  });
});
