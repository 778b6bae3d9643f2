import { BLOG_LIMITS, IMAGE_PARAGRAPHS_BY_TEMPLATE } from "@common/content/blog-rules";
import { lazy, Suspense, useId } from "react";
import { inputClass } from "~/components/enquiry/styles";
import type { DraftParagraph } from "~/lib/content/blog-draft";
import { ImagePicker } from "./ImagePicker";

// TipTap loads with the form, never with a public page.
const RichTextEditor = lazy(() => import("./RichTextEditor"));

/** One of a post's three paragraphs: 'Header' after the first, the editor, an image where allowed. */
export function ParagraphFields({
  index,
  template,
  paragraph,
  onChange,
}: {
  index: number;
  template: number;
  paragraph: DraftParagraph;
  onChange(patch: Partial<DraftParagraph>): void;
}) {
  const id = useId();
  const n = index + 1;
  const imageAllowed = IMAGE_PARAGRAPHS_BY_TEMPLATE[template]?.includes(index) ?? false;
  return (
    <fieldset className="card grid min-w-0 gap-4" data-paragraph={n}>
      <legend className="float-left mb-1 w-full text-lg font-bold">Paragraph {n}</legend>
      {index > 0 && (
        <div>
          <label htmlFor={`${id}-header`} className="mb-1 block font-semibold">
            Header
          </label>
          <input
            id={`${id}-header`}
            value={paragraph.header}
            maxLength={BLOG_LIMITS.header}
            onChange={(event) => onChange({ header: event.target.value })}
            className={inputClass}
          />
        </div>
      )}
      <Suspense fallback={<div className="h-56 rounded-md border border-border bg-bg" />}>
        <RichTextEditor
          label={`Paragraph ${n} content`}
          content={paragraph.content}
          onHtml={(html) => {
            if (html !== paragraph.content) onChange({ content: html });
          }}
        />
      </Suspense>
      {imageAllowed && (
        <ImagePicker
          image={paragraph.image}
          alt={paragraph.alt}
          onChange={(image, alt) => onChange({ image, alt })}
        />
      )}
    </fieldset>
  );
}
