import type { useAdminApi } from "./admin-api";
import { type BlogDraft, draftInput } from "./blog-draft";
import { dataUrlToBlob } from "./blog-draft-image";

type AdminApi = ReturnType<typeof useAdminApi>;

/** POST /api/admin/add-image (multipart field `image`): the new image's id. */
async function uploadImage(dataUrl: string): Promise<string> {
  const body = new FormData();
  const blob = dataUrlToBlob(dataUrl);
  body.append("image", blob, blob.type === "image/png" ? "image.png" : "image.jpg");
  const res = await fetch("/api/admin/add-image", { method: "POST", body, credentials: "same-origin" });
  if (!res.ok) throw new Error(`Image upload: HTTP ${res.status}`);
  return (await res.json()).data.id;
}

/**
 * Submits the draft: picked images are uploaded, then the post is created (or updated when
 * editing; the server deletes the images it replaced in the same transaction). If anything
 * fails, the images this attempt uploaded are deleted again, so a failed save leaves none
 * behind. Never throws.
 */
export async function publishDraft(api: AdminApi, draft: BlogDraft): Promise<boolean> {
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
    const body = draftInput(draft, imageIds);
    const saved = draft.editId
      ? await api("PUT", `/api/admin/${encodeURIComponent(draft.editId)}`, body)
      : await api("POST", "/api/admin", body);
    if (!saved.ok) throw new Error(`Saving the blog: HTTP ${saved.status} ${saved.body.message ?? ""}`);
    return true;
  } catch (error) {
    console.error(error);
    await Promise.all(uploaded.map((id) => api("DELETE", `/api/admin/delete-image/${id}`)));
    return false;
  }
}
