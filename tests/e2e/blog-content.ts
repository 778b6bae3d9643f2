import sharp from "sharp";
import { signIn } from "../../scripts/server-process.mjs";
import { baseURL } from "./browser";
import { E2E_ADMIN } from "./global-setup";

/** Blog content for browser tests, made through the API as the e2e administrator. */

/** A session token of the e2e administrator on the shared e2e server. */
export const adminToken = () => signIn(baseURL(), E2E_ADMIN);

/** Uploads a generated png of the given size; its id. */
export async function uploadImage(token: string, width = 1200, height = 750): Promise<string> {
  const png = await sharp({ create: { width, height, channels: 3, background: { r: 60, g: 140, b: 90 } } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "picture.png");
  const res = await fetch(`${baseURL()}/api/admin/add-image`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  return (await res.json()).data.id;
}

export interface NewPost {
  meta_data_title?: string;
  title: string;
  readTime?: number;
  template: number;
  /** Paragraph image ids (null: none), alt text "Picture {n}". */
  images?: Array<string | null>;
}

/** Creates a post; paragraphs read "{title}: paragraph {n} text.", headers "Header {n}" (2 and 3). */
export async function createPost(token: string, post: NewPost) {
  const content = [0, 1, 2].map((i) => ({
    header: i === 0 ? "" : `Header ${i + 1}`,
    content: `<p>${post.title.replace(/[<>&"]/g, "")}: paragraph ${i + 1} text.</p>`,
    img: post.images?.[i] ?? null,
    alt: post.images?.[i] ? `Picture ${i + 1}` : "",
  }));
  const res = await fetch(`${baseURL()}/api/admin`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({
      meta_data_title: post.meta_data_title ?? `Meta: ${post.title}`,
      readTime: post.readTime ?? 4,
      ...post,
      images: undefined,
      content,
    }),
  });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
  return (await res.json()).result as { _id: string; title: string; dateAdded: string; readTime: number };
}
