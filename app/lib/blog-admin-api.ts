import { type BlogDraft, draftInput } from "./blog-draft";
import { dataUrlToBlob } from "./blog-image-file";

/** The blog admin's calls to our API (CONTRACT); the session cookie authenticates them. */
async function call(url: string, init: RequestInit): Promise<Response> {
  const res = await fetch(url, { ...init, headers: { accept: "application/json", ...init.headers } });
  if (!res.ok) throw new Error(`${init.method} ${url}: HTTP ${res.status}`);
  return res;
}

async function uploadImage(dataUrl: string): Promise<string> {
  const body = new FormData();
  const blob = dataUrlToBlob(dataUrl);
  body.append("image", blob, blob.type === "image/png" ? "image.png" : "image.jpg");
  const res = await call("/api/admin/add-image", { method: "POST", body });
  return (await res.json()).data.id;
}

const deleteImage = (id: string) =>
  call(`/api/admin/delete-image/${encodeURIComponent(id)}`, { method: "DELETE" }).catch(() => undefined);

/**
 * Submits the draft: picked images are uploaded, then the post is created (or updated when
 * editing; the server deletes the images it replaced). If anything fails, the images this
 * attempt uploaded are deleted again, so a failed save leaves none behind. Never throws.
 */
export async function publishDraft(draft: BlogDraft): Promise<boolean> {
  const uploaded: string[] = [];
  try {
    const imageIds: Array<string | null> = [];
    for (const { image } of draft.content) {
      if (image?.dataUrl) {
        const id = await uploadImage(image.dataUrl);
        uploaded.push(id);
        imageIds.push(id);
      } else imageIds.push(image?.id ?? null);
    }
    await call(draft.editId ? `/api/admin/${encodeURIComponent(draft.editId)}` : "/api/admin", {
      method: draft.editId ? "PUT" : "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(draftInput(draft, imageIds)),
    });
    return true;
  } catch (error) {
    console.error(error);
    await Promise.all(uploaded.map(deleteImage));
    return false;
  }
}

/** Deletes a post; the server removes its images first, in the same transaction. */
export async function deletePost(id: string): Promise<boolean> {
  try {
    await call(`/api/admin/${encodeURIComponent(id)}`, { method: "DELETE" });
    return true;
  } catch (error) {
    console.error(error);
    return false;
  }
}
