import type { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  FORM_BODY_MESSAGES,
  PUBLIC_FORM_MAX_BYTES,
  STAFF_FORM_MAX_BYTES,
  staffFilesMaxBytes,
} from "../../common/form-bodies";
import { API_MESSAGES } from "../../common/messages";
import { adminTokenFromCookies } from "../../common/staff/admin-cookie";
import { HttpError } from "../errors";
import { isSameOrigin } from "../plugins/sign-in-guard";
import type { Services } from "../services";

const FORM = "application/x-www-form-urlencoded";
const FILES = "multipart/form-data";

/** The signed-in screens (`/admin/dashboard` and below, `.data` requests too), as React Router reads the path. */
const STAFF_SCREEN = /^\/admin\/dashboard(?:[/.]|$)/;

function isStaffScreen(request: FastifyRequest): boolean {
  try {
    return STAFF_SCREEN.test(new URL(request.url, "http://page.invalid").pathname);
  } catch {
    return false;
  }
}

/** Whether the request says it sends a body (Fastify parses none without a type, a length or chunks). */
function sendsBody(request: FastifyRequest): boolean {
  const length = request.headers["content-length"];
  return (
    request.headers["content-type"] !== undefined ||
    request.headers["transfer-encoding"] !== undefined ||
    (length !== undefined && length !== "0")
  );
}

/**
 * What becomes of the body of a post answered without reading it. Up to UNREAD_DRAIN_MAX_BYTES
 * declared (a form, a form a little over the 64 KB a page takes, a small mistaken post) it is
 * drained: Node takes it off the connection and throws it away, so a client still sending reads
 * the answer (closing a connection on unread bytes resets it, and the answer can be lost with it),
 * and one still arriving after UNREAD_DRAIN_MS has its connection cut. Anything larger, or of no
 * declared length, is not taken at all: the connection is closed once the answer is written (as
 * Fastify does for a body over its limit). Drained bytes are garbage until V8 collects them: 20
 * posts of 16 MB drained took the peak 42 MB over rest, of 1 MB 16 MB; closed, 0-3 MB.
 */
export const UNREAD_DRAIN_MAX_BYTES = 256 * 1024;
export const UNREAD_DRAIN_MS = 5000;

export function leaveUnread(request: FastifyRequest, reply: FastifyReply) {
  if (!sendsBody(request)) return;
  if (!(Number(request.headers["content-length"]) <= UNREAD_DRAIN_MAX_BYTES)) {
    reply.header("connection", "close");
    return;
  }
  const incoming = request.raw;
  reply.raw.once("finish", () => {
    if (incoming.complete) return;
    const cut = setTimeout(() => incoming.destroy(), UNREAD_DRAIN_MS); // and its socket
    cut.unref();
    const done = () => clearTimeout(cut);
    incoming.once("end", done);
    incoming.once("close", done);
  });
}

/** A post refused from its headers, its body never read (leaveUnread). */
function refuse(request: FastifyRequest, reply: FastifyReply, status: number, message: string) {
  leaveUnread(request, reply);
  return reply.status(status).header("cache-control", "no-store").send({ status: "Error", message });
}

/**
 * onRequest: a page's post from another site is refused (403) before any content-type parser
 * reads its body. Defence in depth beside the SameSite=Strict session cookie.
 */
export async function refuseCrossSite(request: FastifyRequest, reply: FastifyReply) {
  if (!isSameOrigin(request)) return refuse(request, reply, 403, API_MESSAGES.crossSite);
}

/**
 * The bodies a page's POST may carry, decided in onRequest from the headers alone, before anything
 * reads the stream:
 * - from another site: 403;
 * - `application/x-www-form-urlencoded`: at most PUBLIC_FORM_MAX_BYTES (64 KB), or
 *   STAFF_FORM_MAX_BYTES on an admin screen for a live session; beyond, 413;
 * - `multipart/form-data`: only on an admin screen (`/admin/dashboard…`) for a live session (the
 *   session cookie is checked first), within staffFilesMaxBytes (the image limits); elsewhere 415.
 *   Without a live session it is never read: the action sees an empty form, and its guard
 *   (requireAdmin) answers as for any signed-out write, by sending the browser to sign in;
 * - anything else: 415.
 * A body sent in chunks (no Content-Length) is held to the same limit as it arrives. A body
 * refused or left unread is drained or its connection closed (leaveUnread).
 */
export function registerFormBodies(forms: FastifyInstance, services: Services) {
  const limits = new WeakMap<FastifyRequest, number>();
  const filesLimit = staffFilesMaxBytes(services.config.imageMaxBytes);

  forms.addHook("onRequest", async (request, reply) => {
    if (!isSameOrigin(request)) return refuse(request, reply, 403, API_MESSAGES.crossSite);
    if (!sendsBody(request)) return;
    const type = request.mediaType;
    if (type !== FORM && type !== FILES) return refuse(request, reply, 415, FORM_BODY_MESSAGES.unsupported);
    const staffScreen = isStaffScreen(request);
    if (type === FILES && !staffScreen) return refuse(request, reply, 415, FORM_BODY_MESSAGES.unsupported);
    const staff =
      staffScreen &&
      (await services.sessions.verify(adminTokenFromCookies(request.headers.cookie))) !== undefined;
    if (type === FILES && !staff) return leaveUnread(request, reply); // no limit set: unread, an empty form
    const limit = type === FILES ? filesLimit : staff ? STAFF_FORM_MAX_BYTES : PUBLIC_FORM_MAX_BYTES;
    if (Number(request.headers["content-length"]) > limit)
      return refuse(request, reply, 413, FORM_BODY_MESSAGES.tooLarge(limit));
    limits.set(request, limit);
  });

  // Replaces the default parsers (JSON, text): pages take forms only. A body the hook set no limit
  // for is not read; a read that passes the limit stops there (Fastify answers the error and closes
  // the connection).
  forms.removeAllContentTypeParsers();
  const parse = async (request: FastifyRequest, payload: Readable) => {
    const limit = limits.get(request);
    return limit === undefined ? UNREAD : readWithin(payload, limit);
  };
  forms.addContentTypeParser(FORM, parse);
  forms.addContentTypeParser(FILES, parse);
}

/** The body of a post that was not read (a signed-out multipart post to an admin screen). */
export const UNREAD = Symbol("unread body");

/** The body, up to `limit` bytes; over it, 413 and nothing more is read. */
function readWithin(payload: Readable, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      payload.removeListener("data", onData);
      payload.removeListener("end", onEnd);
      payload.removeListener("error", onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        stop();
        payload.pause();
        reject(new HttpError(413, FORM_BODY_MESSAGES.tooLarge(limit)));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = () => {
      stop();
      reject(new HttpError(400, API_MESSAGES.invalidRequest));
    };
    payload.on("data", onData);
    payload.on("end", onEnd);
    payload.on("error", onError);
  });
}
