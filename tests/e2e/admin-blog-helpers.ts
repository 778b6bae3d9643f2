import { randomUUID } from "node:crypto";
import type { APIRequestContext, Browser, Page } from "playwright-core";
import sharp from "sharp";
import { baseURL, waitForHydration } from "./browser";
import { E2E_ADMIN } from "./global-setup";

/** Helpers for the blog admin's browser tests. */

/**
 * A page signed in as the e2e administrator (the context's request client shares its cookies).
 * Browser prompts (the leave-page question on reload) are accepted. `bypassCSP` lets axe in.
 */
export async function adminPage(
  browser: Browser,
  options: { width?: number; theme?: "dark" | "light"; bypassCSP?: boolean } = {},
) {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: { width: options.width ?? 1280, height: 900 },
    reducedMotion: "reduce",
    bypassCSP: options.bypassCSP ?? false,
  });
  if (options.theme)
    await context.addInitScript(
      (dark) => localStorage.setItem("dark-theme", dark),
      String(options.theme === "dark"),
    );
  const login = await context.request.post("/api/admin/login", { data: E2E_ADMIN });
  if (!login.ok()) throw new Error(`login failed: ${await login.text()}`);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("dialog", (dialog) => dialog.accept());
  return { page, context, errors };
}

export const uniqueTitle = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;

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
