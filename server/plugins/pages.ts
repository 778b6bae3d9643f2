import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, type ServerBuild } from "react-router";
import { API_MESSAGES } from "../../common/messages";
import { HttpError } from "../errors";
import type { Services } from "../services";

declare module "react-router" {
  interface AppLoadContext {
    services: Services;
    /** The request's CSP nonce, for inline scripts rendered by the app. */
    nonce: string;
  }
}

export interface PagesOptions {
  /** The React Router server build, or a getter (development: Vite's module graph). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** build/client: hashed assets and public files; omitted in development (Vite serves them). */
  clientDir?: string;
  mode: "production" | "development";
  /** Development only: Vite's connect middleware (modules, HMR, CSS). */
  devMiddleware?: import("vite").Connect.Server;
}

/** The page's URL; a Host header that is no host name (e.g. `a b`) is the client's error. */
function pageUrl(request: FastifyRequest): URL {
  try {
    return new URL(request.url, `${request.protocol}://${request.host}`);
  } catch {
    throw new HttpError(400, API_MESSAGES.invalidHost);
  }
}

function toFetchRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const url = pageUrl(request);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const controller = new AbortController();
  reply.raw.once("close", () => controller.abort());
  return new Request(url, { method: request.method, headers, signal: controller.signal });
}

async function sendFetchResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
}

/** Hashed static assets (immutable) and every page through React Router's request handler. */
export async function registerPages(app: FastifyInstance, services: Services, options: PagesOptions) {
  if (options.devMiddleware) {
    const { default: middie } = await import("@fastify/middie");
    await app.register(middie);
    app.use(options.devMiddleware as unknown as import("@fastify/middie").Handler);
  }
  if (options.clientDir) {
    await app.register(fastifyStatic, {
      root: options.clientDir,
      prefix: "/",
      wildcard: false, // one route per built file; everything else falls through to the pages
      preCompressed: true,
      index: false,
      setHeaders(res, filePath) {
        res.header(
          "cache-control",
          filePath.includes("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=3600",
        );
      },
    });
  }

  const handle = createRequestHandler(options.build, options.mode);
  app.route({
    method: ["GET", "HEAD"],
    url: "/*",
    handler: async (request, reply) => {
      const response = await handle(toFetchRequest(request, reply), {
        services,
        nonce: request.cspNonce,
      });
      return sendFetchResponse(reply, response);
    },
  });
}
