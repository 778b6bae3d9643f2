import type { FastifyInstance } from "fastify";
import sharp from "sharp";

/** Helpers for the content API tests: an administrator session, images and multipart bodies. */
export const ADMIN = { email: "editor@example.co.uk", password: "correct-horse-battery" };

export async function signIn(app: FastifyInstance): Promise<string> {
  if (!(await app.services.accounts.findByEmail(ADMIN.email)))
    await app.services.accounts.create(ADMIN.email, ADMIN.password);
  const res = await app.inject({ method: "POST", url: "/api/admin/login", payload: ADMIN });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return res.json().auth;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function multipart(bytes: Buffer, field = "image", filename = "photo.png", type = "image/png") {
  const boundary = "----test-boundary-7MA4YWxkTrZu0gW";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

export const makePng = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 60 } } })
    .png()
    .toBuffer();

export const makeJpeg = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 60 } } })
    .jpeg()
    .withExifMerge({ IFD0: { Copyright: "secret-exif-marker" } })
    .toBuffer();

export async function uploadImage(app: FastifyInstance, token: string, bytes?: Buffer): Promise<string> {
  const res = await app.inject({
    method: "POST",
    url: "/api/admin/add-image",
    ...withHeaders(multipart(bytes ?? (await makePng())), bearer(token)),
  });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.body}`);
  return res.json().data.id;
}

export function withHeaders<T extends { headers: Record<string, string> }>(
  req: T,
  headers: Record<string, string>,
) {
  return { ...req, headers: { ...req.headers, ...headers } };
}

/** A valid post for `template`, images placed where the template allows. */
export function postBody(template = 1, images: Array<string | null> = [null, null, null]) {
  return {
    meta_data_title: "Food waste rules",
    title: "What the new food waste rules mean",
    readTime: 4,
    template,
    content: [0, 1, 2].map((i) => ({
      header: i === 0 ? "" : `Part ${i + 1}`,
      content: `<p>Paragraph ${i + 1}</p>`,
      img: images[i] ?? null,
    })),
  };
}
