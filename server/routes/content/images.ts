import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import { BLOG_MESSAGES } from "../../../common/content/blog-messages";
import { IMAGE_WIDTHS, type ImageWidth } from "../../../common/content/blog-rules";
import { UUID_SHAPE } from "../../../common/ids";
import { megabytes } from "../../../common/text";
import { HttpError, notFound } from "../../errors";
import { imageEtag } from "../../services/content/images";
import {
  adminOnly,
  adminSecurity,
  documentOnlyValidation,
  errorBody,
  idJson,
  idParams,
  okBody,
  withStatus,
} from "../schemas";

/** `{id}` or `{id}.png|jpg|jpeg|webp`: names are ids, never paths. */
const IMAGE_NAME = new RegExp(`^(${UUID_SHAPE.source.slice(1, -1)})(?:\\.(?:png|jpe?g|webp))?$`, "i");
const CACHE_FOREVER = "public, max-age=31536000, immutable";

const MESSAGES = BLOG_MESSAGES.images;

/** Image upload and delete (admin) and serving (public, with WebP renditions and long caching). */
export async function imageRoutes(app: FastifyInstance) {
  documentOnlyValidation(app);
  const maxBytes = app.config.imageMaxBytes;
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 11 } });

  app.post(
    "/admin/add-image",
    {
      ...adminOnly("blog"),
      schema: {
        summary: "Upload a png or jpeg image (multipart field `image`)",
        tags: ["admin images"],
        security: adminSecurity,
        consumes: ["multipart/form-data"],
        response: {
          201: withStatus("Created", "data", {
            type: "object",
            properties: { id: idJson },
            required: ["id"],
          }),
          400: errorBody,
          401: errorBody,
          413: errorBody,
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(400, MESSAGES.notMultipart);
      let bytes: Buffer;
      try {
        const file = await request.file();
        if (file?.fieldname !== "image") throw new HttpError(400, MESSAGES.wrongField);
        bytes = await file.toBuffer();
      } catch (error) {
        if (error instanceof HttpError) throw error;
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 413) throw new HttpError(413, MESSAGES.tooLarge(megabytes(maxBytes)));
        throw new HttpError(400, MESSAGES.unreadable);
      }
      const { id } = await app.services.images.add(bytes);
      return reply.status(201).send({ status: "Created", data: { id } });
    },
  );

  app.delete<{ Params: { id: string } }>(
    "/admin/delete-image/:id",
    {
      ...adminOnly("blog"),
      schema: {
        summary: "Delete an image",
        tags: ["admin images"],
        security: adminSecurity,
        params: idParams,
        response: { 200: okBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      await app.services.images.remove(request.params.id);
      return { status: "Ok" };
    },
  );

  app.get<{ Params: { imageName: string }; Querystring: { w?: string } }>(
    "/blog/blog-image/:imageName",
    {
      schema: {
        summary: "Image bytes; ?w=480|960|1600 gives a WebP rendition for srcset",
        tags: ["blog"],
        params: {
          type: "object",
          properties: { imageName: { type: "string" } },
          required: ["imageName"],
        },
        querystring: {
          type: "object",
          properties: { w: { type: "integer", enum: [...IMAGE_WIDTHS] } },
        },
        response: { 404: errorBody, 400: errorBody },
      },
    },
    async (request, reply) => {
      const id = IMAGE_NAME.exec(request.params.imageName)?.[1]?.toLowerCase();
      if (!id) throw notFound(MESSAGES.notFound);
      const { w } = request.query;
      const width = w === undefined ? undefined : (Number(w) as ImageWidth);
      if (width !== undefined && !IMAGE_WIDTHS.includes(width)) throw new HttpError(400, MESSAGES.width);
      // A revalidation costs one indexed lookup, never the bytes.
      const etag = imageEtag(id, width);
      if (request.headers["if-none-match"]?.split(/\s*,\s*/).includes(etag)) {
        if (!(await app.services.images.exists(id))) throw notFound(MESSAGES.notFound);
        return reply.status(304).header("etag", etag).header("cache-control", CACHE_FOREVER).send();
      }
      const image =
        width === undefined
          ? await app.services.images.get(id)
          : await app.services.images.variant(id, width);
      reply.header("etag", image.etag).header("cache-control", CACHE_FOREVER);
      return reply.type(image.contentType).send(image.data);
    },
  );
}
