/**
 * Blog images picked in the admin form: png or jpeg only. A file is judged by its
 * first bytes, as the server judges it, so a renamed file is refused at once, not at Submit.
 */
const SIGNATURES: Array<{ type: string; bytes: number[] }> = [
  { type: "image/png", bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: "image/jpeg", bytes: [0xff, 0xd8, 0xff] },
];

/** The accept list for the file input (a hint for the picker; the bytes decide). */
export const IMAGE_ACCEPT = "image/png,image/jpeg";

async function imageType(file: Blob): Promise<string | undefined> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  return SIGNATURES.find(({ bytes }) => bytes.every((byte, i) => head[i] === byte))?.type;
}

/** The picked file as a data: URL, or null when it is not a png or jpeg image. */
export async function readImageFile(file: File): Promise<string | null> {
  const type = await imageType(file);
  if (!type) return null;
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(new Blob([file], { type }));
  });
}

/** A data: URL back to bytes for the upload (fetch() of a data: URL is outside our CSP). */
export function dataUrlToBlob(dataUrl: string): Blob {
  const [head, base64] = dataUrl.split(",", 2);
  const type = /^data:([^;]+);base64$/.exec(head)?.[1] ?? "application/octet-stream";
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}
