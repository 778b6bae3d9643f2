import type { APIRequestContext, Page } from "playwright-core";
import sharp from "sharp";
import { waitForHydration } from "./browser";

/** Helpers for the blog admin's browser tests (contexts and sign-in: ./admin). */

/** A small picture in the given format, made on the spot. */
export const pictureBytes = (format: "png" | "jpeg" | "gif", colour = { r: 60, g: 140, b: 80 }) =>
  sharp({ create: { width: 120, height: 80, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();

export const pictureFile = async (name: string, format: "png" | "jpeg" | "gif") => ({
  name,
  mimeType: format === "jpeg" ? "image/jpeg" : `image/${format}`,
  buffer: await pictureBytes(format),
});

export async function uploadImage(request: APIRequestContext, format: "png" | "jpeg" = "png") {
  const res = await request.post("/api/admin/add-image", {
    multipart: {
      image: { name: `x.${format}`, mimeType: `image/${format}`, buffer: await pictureBytes(format) },
    },
  });
  if (res.status() !== 201) throw new Error(`upload failed: ${await res.text()}`);
  return (await res.json()).data.id as string;
}

/** Creates a post through the API; its paragraphs carry `images` where given. */
export async function createPost(
  request: APIRequestContext,
  { title, template = 1, images = [] }: { title: string; template?: number; images?: Array<string | null> },
) {
  const res = await request.post("/api/admin", {
    data: {
      meta_data_title: `Meta ${title}`,
      title,
      readTime: 5,
      template,
      content: [0, 1, 2].map((i) => ({
        header: i ? `Header ${i + 1}` : "",
        content: `<p>Body ${i + 1} of ${title}</p>`,
        img: images[i] ?? null,
        alt: images[i] ? `Picture ${i + 1}` : "",
      })),
    },
  });
  if (res.status() !== 201) throw new Error(`create failed: ${await res.text()}`);
  return (await res.json()).result as {
    _id: string;
    img: string | null;
    content: Array<{ img: string | null }>;
  };
}

/** Opens a blog form and waits until it is filled and its editors are ready. */
export async function openForm(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
  await page.getByLabel("Meta data title").waitFor();
  await page.getByRole("textbox", { name: "Paragraph 3 content" }).waitFor();
}

/** Fills the three fields Preview requires. */
export async function fillRequired(page: Page, title: string, readTime = "4") {
  await page.getByLabel("Meta data title").fill(`Meta ${title}`);
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Read time").fill(readTime);
}

export const paragraph = (page: Page, n: number) => page.locator(`fieldset[data-paragraph="${n}"]`);
