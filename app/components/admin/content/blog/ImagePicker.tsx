import { BLOG_MESSAGES } from "@common/content/blog-messages";
import { BLOG_LIMITS } from "@common/content/blog-rules";
import { useId, useState } from "react";
import { inputClass } from "~/components/enquiry/styles";
import { imageUrl } from "~/lib/content/blog-display";
import type { DraftImage } from "~/lib/content/blog-draft";
import { IMAGE_ACCEPT, readImageFile } from "~/lib/content/blog-draft-image";

const draftImageSrc = (image: DraftImage) => image.dataUrl ?? `${imageUrl(image.id ?? "")}?w=480`;

/**
 * A paragraph's image: png or jpeg only (anything else is refused with a message and nothing is
 * kept), shown at once with 'Remove', and its alt text.
 */
export function ImagePicker({
  image,
  alt,
  onChange,
}: {
  image: DraftImage | null;
  alt: string;
  onChange(image: DraftImage | null, alt: string): void;
}) {
  const id = useId();
  const [refused, setRefused] = useState(false);

  async function pick(input: HTMLInputElement) {
    const file = input.files?.[0];
    setRefused(false);
    if (!file) return;
    let dataUrl: string | null = null;
    try {
      dataUrl = await readImageFile(file);
      setRefused(!dataUrl);
    } catch (error) {
      // A file that cannot be read is only logged: the picker stays as it was, with no message.
      console.error(error);
    }
    input.value = "";
    if (dataUrl) onChange({ id: null, dataUrl }, alt);
  }

  return (
    <div className="grid gap-3">
      <div>
        <label htmlFor={`${id}-file`} className="mb-1 block font-semibold">
          Image <span className="font-normal text-muted">(png or jpeg)</span>
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept={IMAGE_ACCEPT}
          aria-describedby={`${id}-message`}
          onChange={(event) => pick(event.currentTarget)}
          className="block w-full text-sm text-muted file:mr-3 file:min-h-11 file:rounded-full file:border-2 file:border-solid file:border-border file:bg-transparent file:px-4 file:font-bold file:text-text hover:file:border-brand"
        />
        <p
          id={`${id}-message`}
          aria-live="polite"
          className="mt-1 text-sm font-semibold text-red-300 [.light-theme_&]:text-red-700"
        >
          {refused ? BLOG_MESSAGES.imageType : ""}
        </p>
      </div>
      {image && (
        <div className="grid gap-3 rounded-md border border-border bg-surface-2 p-3 sm:grid-cols-[10rem_1fr] sm:items-start">
          <div className="grid gap-2">
            <img
              src={draftImageSrc(image)}
              alt={alt}
              className="aspect-[4/3] w-full rounded object-cover sm:w-40"
            />
            <button type="button" className="btn btn-ghost" onClick={() => onChange(null, "")}>
              Remove
            </button>
          </div>
          <div>
            <label htmlFor={`${id}-alt`} className="mb-1 block font-semibold">
              Image description (alt text)
            </label>
            <input
              id={`${id}-alt`}
              value={alt}
              maxLength={BLOG_LIMITS.alt}
              onChange={(event) => onChange(image, event.target.value)}
              className={inputClass}
            />
          </div>
        </div>
      )}
    </div>
  );
}
