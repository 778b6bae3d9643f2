import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { imageVariants } from "../../db/schema";
import { bearer, makeJpeg, makePng, multipart, postBody, uploadImage, withHeaders } from "../../test/content";
import { TEST_DATABASES } from "../../test/harness";
import { signedInApp } from "../../test/signed-in";

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

/** A tiny PNG whose header claims 20000 x 20000 pixels: a decompression bomb's calling card. */
async function bombPng(): Promise<Buffer> {
  const png = Buffer.from(await makePng(1, 1));
  // IHDR data starts at byte 16 (8 signature + 4 length + 4 type); CRC covers type + data.
  png.writeUInt32BE(20_000, 16);
  png.writeUInt32BE(20_000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe.each(TEST_DATABASES)("image API on %s", (kind) => {
  const api = signedInApp(kind, { IMAGE_MAX_BYTES: String(200 * 1024) });

  const upload = (bytes: Buffer, field = "image", filename = "photo.png", type = "image/png") =>
    api.app.inject({
      method: "POST",
      url: "/api/admin/add-image",
      ...withHeaders(multipart(bytes, field, filename, type), bearer(api.token)),
    });

  it("accepts a png: 201 Created with its id, served with type, ETag and immutable caching", async () => {
    const res = await upload(await makePng());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ status: "Created", data: { id: expect.stringMatching(/^[0-9a-f-]{36}$/) } });
    const served = await api.app.inject({ method: "GET", url: `/api/blog/blog-image/${res.json().data.id}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(served.headers.etag).toBeTruthy();
    expect((await sharp(served.rawPayload).metadata()).width).toBe(64);
    const again = await api.app.inject({
      method: "GET",
      url: `/api/blog/blog-image/${res.json().data.id}`,
      headers: { "if-none-match": String(served.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(served.headers.etag);
    const other = await api.app.inject({
      method: "GET",
      url: `/api/blog/blog-image/${res.json().data.id}?w=480`,
      headers: { "if-none-match": String(served.headers.etag) },
    });
    expect(other.statusCode).toBe(200);
  });

  it("accepts a jpeg, whatever its name and declared type, and strips its metadata", async () => {
    const jpeg = await makeJpeg();
    expect(jpeg.includes("secret-exif-marker")).toBe(true);
    const res = await upload(jpeg, "image", "holiday.gif", "application/octet-stream");
    expect(res.statusCode).toBe(201);
    const served = await api.app.inject({ method: "GET", url: `/api/blog/blog-image/${res.json().data.id}` });
    expect(served.headers["content-type"]).toBe("image/jpeg");
    expect(served.rawPayload.includes("secret-exif-marker")).toBe(false);
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
  });

  it.each([
    ["text named .png", Buffer.from("definitely not an image"), "a.png", "image/png"],
    [
      "a gif",
      Buffer.from("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==", "base64"),
      "a.gif",
      "image/gif",
    ],
    [
      "an svg",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      "a.png",
      "image/png",
    ],
    ["empty bytes", Buffer.alloc(0), "a.png", "image/png"],
  ])("refuses %s with 400", async (_name, bytes, filename, type) => {
    const res = await upload(bytes, "image", filename, type);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: "Error", message: "Images must be png or jpeg" });
  });

  it("refuses a truncated png and a webp", async () => {
    const png = await makePng(300, 300);
    expect((await upload(png.subarray(0, png.length - 40))).statusCode).toBe(400);
    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
      .webp()
      .toBuffer();
    expect((await upload(webp)).statusCode).toBe(400);
  });

  it("refuses a decompression bomb by its pixel count", async () => {
    const res = await upload(await bombPng());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/too large: at most 40 megapixels/);
  });

  it("refuses an oversized upload with 413 and a clear message", async () => {
    const noise = await sharp(
      Buffer.from(Array.from({ length: 400 * 400 * 3 }, () => Math.floor(Math.random() * 256))),
      {
        raw: { width: 400, height: 400, channels: 3 },
      },
    )
      .png()
      .toBuffer();
    expect(noise.length).toBeGreaterThan(200 * 1024);
    const res = await upload(noise);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ status: "Error", message: "Images must be at most 0.2 MB" });
  });

  it("refuses a wrong field, a non-multipart body and an unauthenticated upload", async () => {
    expect((await upload(await makePng(), "file")).statusCode).toBe(400);
    const json = await api.app.inject({
      method: "POST",
      url: "/api/admin/add-image",
      headers: bearer(api.token),
      payload: { image: "x" },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().status).toBe("Error");
    const anonymous = await api.app.inject({
      method: "POST",
      url: "/api/admin/add-image",
      ...multipart(await makePng()),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("serves WebP widths for srcset, made once and kept", async () => {
    const id = await uploadImage(api.app, api.token, await makePng(2000, 1000));
    const res = await api.app.inject({ method: "GET", url: `/api/blog/blog-image/${id}?w=480` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await sharp(res.rawPayload).metadata()).width).toBe(480);
    const kept = await api.app.db.select().from(imageVariants).where(eq(imageVariants.imageId, id));
    expect(kept.map((v) => v.width)).toEqual([480]);
    const again = await api.app.inject({ method: "GET", url: `/api/blog/blog-image/${id}?w=480` });
    expect(Buffer.compare(again.rawPayload, res.rawPayload)).toBe(0);
    expect((await api.app.db.select().from(imageVariants).where(eq(imageVariants.imageId, id))).length).toBe(
      1,
    );
    expect(
      (await api.app.inject({ method: "GET", url: `/api/blog/blog-image/${id}?w=123` })).statusCode,
    ).toBe(400);
  });

  it("answers 404 for unknown and malformed names; no path reaches anything", async () => {
    for (const name of [
      "00000000-0000-4000-8000-000000000000",
      "..%2F..%2Fetc%2Fpasswd",
      "..",
      "image.png",
      "%00",
      "00000000-0000-4000-8000-000000000000.exe",
    ]) {
      const res = await api.app.inject({ method: "GET", url: `/api/blog/blog-image/${name}` });
      expect(res.statusCode, name).toBe(404);
      expect(res.json().status).toBe("Error");
    }
  });

  it("deletes an image: 200 Ok, then 404", async () => {
    const id = await uploadImage(api.app, api.token);
    const res = await api.app.inject({
      method: "DELETE",
      url: `/api/admin/delete-image/${id}`,
      headers: bearer(api.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "Ok" });
    expect((await api.app.inject({ method: "GET", url: `/api/blog/blog-image/${id}` })).statusCode).toBe(404);
    const again = await api.app.inject({
      method: "DELETE",
      url: `/api/admin/delete-image/${id}`,
      headers: bearer(api.token),
    });
    expect(again.statusCode).toBe(404);
    const bad = await api.app.inject({
      method: "DELETE",
      url: "/api/admin/delete-image/nope",
      headers: bearer(api.token),
    });
    expect(bad.statusCode).toBe(404);
  });

  it("refuses to delete an image a saved post uses: 409, the post keeps it", async () => {
    const id = await uploadImage(api.app, api.token);
    const created = await api.app.inject({
      method: "POST",
      url: "/api/admin",
      headers: bearer(api.token),
      payload: postBody(2, [id, null, null]),
    });
    expect(created.statusCode).toBe(201);
    const res = await api.app.inject({
      method: "DELETE",
      url: `/api/admin/delete-image/${id}`,
      headers: bearer(api.token),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      status: "Error",
      message: "This image belongs to a saved post; remove it from the post instead",
    });
    expect((await api.app.inject({ method: "GET", url: `/api/blog/blog-image/${id}` })).statusCode).toBe(200);
  });
});
