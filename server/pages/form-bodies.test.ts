import { connect } from "node:net";
import type { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { type ActionFunctionArgs, redirect } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  FORM_BODY_MESSAGES,
  PUBLIC_FORM_MAX_BYTES,
  STAFF_FORM_MAX_BYTES,
  staffFilesMaxBytes,
} from "../../common/form-bodies";
import { API_MESSAGES } from "../../common/messages";
import { ADMIN_AUTH_COOKIE, adminTokenFromCookies } from "../../common/staff/admin-cookie";
import { TEST_DATABASES } from "../test/harness";
import { lazyBody } from "../test/lazy-body";
import { buildPagesTestApp } from "../test/page-build";
import { signInAs } from "../test/signed-in";
import { UNREAD_DRAIN_MAX_BYTES, UNREAD_DRAIN_MS } from "./form-bodies";

const MB = 1024 * 1024;
const FILES_LIMIT = staffFilesMaxBytes(5 * MB); // IMAGE_MAX_BYTES's default: 16 MB
/** What the request's streams buffer ahead of a reader that stopped (measured: 144-192 KB). */
const READ_AHEAD = 256 * 1024;

/** What each action was given: which route, the body's type and its length once read. */
let seen: Array<{ route: string; type: string | null; bytes: number; fields: string[] }> = [];

async function record(route: string, request: Request) {
  const type = request.headers.get("content-type");
  const copy = request.clone();
  const bytes = (await request.arrayBuffer()).byteLength;
  const fields = bytes > 0 ? [...(await copy.formData()).keys()] : [];
  seen.push({ route, type, bytes, fields });
  return { bytes };
}

// A public page's action, and an admin screen's behind a session guard like requireAdmin's.
const ROUTES = {
  public: { path: "*", module: { action: ({ request }: ActionFunctionArgs) => record("public", request) } },
  admin: {
    path: "admin/dashboard/*",
    module: {
      action: async ({ request, context }: ActionFunctionArgs) => {
        const token = adminTokenFromCookies(request.headers.get("cookie"));
        if (!(await context.services.sessions.verify(token))) throw redirect("/admin");
        return record("admin", request);
      },
    },
  },
};

/**
 * A cross-site multipart post declaring `size` bytes over a real connection (written raw: Node's
 * own client stops writing once an early answer has ended), in pieces of `piece` bytes at full
 * speed, or one every `everyMs`; once it has sent everything and read the answer, the client sends
 * `followedBy` on the same connection (a raw request) if given, and ends it after that one's answer.
 * The answers' statuses, when the first came, how much had been written when the connection ended
 * and when (from the start), and whether it was reset.
 */
function postOverSocket(
  address: string,
  size: number,
  {
    piece = 64 * 1024,
    everyMs = 0,
    followedBy,
  }: { piece?: number; everyMs?: number; followedBy?: string } = {},
) {
  return new Promise<{
    statuses: number[];
    answeredAt: number;
    written: number;
    endedAt: number;
    reset: boolean;
  }>((resolve) => {
    const { hostname, port } = new URL(address);
    const started = performance.now();
    const bytes = Buffer.alloc(piece, 0x61);
    let written = 0;
    let received = "";
    let statuses: number[] = [];
    let answeredAt = 0;
    let reset = false;
    let sentNext = false;
    const socket = connect(Number(port), hostname);
    const next = () => {
      if (statuses.length === 0 || written < size) return;
      if (followedBy && !sentNext) {
        sentNext = true;
        socket.write(followedBy);
      } else if (!followedBy || statuses.length > 1) socket.end();
    };
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
      const before = statuses.length;
      statuses = [...received.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((match) => Number(match[1]));
      if (before === 0 && statuses.length > 0) answeredAt = performance.now() - started;
      if (statuses.length > before) next();
    });
    socket.on("error", () => {
      reset = true;
    });
    socket.on("close", () =>
      resolve({ statuses, answeredAt, written, endedAt: performance.now() - started, reset }),
    );
    socket.write(
      `POST /contact HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: https://evil.example\r\n` +
        `Content-Type: ${FILES}\r\nContent-Length: ${size}\r\n\r\n`,
    );
    const write = () => {
      while (written < size && !socket.destroyed) {
        const n = Math.min(piece, size - written);
        written += n;
        const more = socket.write(bytes.subarray(0, n));
        if (everyMs) return void setTimeout(write, everyMs);
        if (!more) return void socket.once("drain", write);
      }
      next();
    };
    write();
  });
}

/** A multipart body with one png-named file field `image` of `bytes`. */
function multipartOf(bytes: Buffer) {
  const form = new FormData();
  form.set("image", new Blob([new Uint8Array(bytes)], { type: "image/png" }), "photo.png");
  form.set("title", "Harvest");
  return new Request("http://x/", { method: "POST", body: form });
}

const FILES = "multipart/form-data; boundary=----bench";
const FORM = "application/x-www-form-urlencoded";

describe.each(TEST_DATABASES)("page posts bounded before their bodies are read, on %s", (kind) => {
  let app: FastifyInstance;
  let staff: string;
  beforeAll(async () => {
    app = await buildPagesTestApp(kind, ROUTES);
    staff = `${ADMIN_AUTH_COOKIE}=${await signInAs(app, "owner", "bodies-owner@example.co.uk")}`;
  });
  afterAll(() => app?.close());
  beforeEach(() => {
    seen = [];
  });

  const post = (url: string, payload: Readable | string | Buffer, headers: Record<string, string>) =>
    app.inject({ method: "POST", url, payload, headers });

  it("refuses a cross-site post with 403 before any parser reads it, whatever it carries and wherever it goes", async () => {
    const foreign: Array<Record<string, string>> = [
      { origin: "https://evil.example" },
      { "sec-fetch-site": "cross-site" },
      { referer: "https://evil.example/x" },
    ];
    for (const from of foreign)
      for (const [url, cookie] of [
        ["/contact", ""],
        ["/admin/dashboard/blog/create/1", staff],
      ] as const) {
        const body = lazyBody(16 * MB);
        const response = await post(url, body.stream, {
          ...from,
          cookie,
          "content-type": FILES,
          "content-length": String(16 * MB),
        });
        expect(body.pulled()).toBe(0);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ status: "Error", message: API_MESSAGES.crossSite });
        expect(response.headers.connection).toBe("close"); // 16 MB: not drained (leaveUnread)
      }
    // Chunked, with no length to judge by: still not one byte read.
    const chunked = lazyBody(16 * MB);
    const response = await post("/contact", chunked.stream, {
      origin: "https://evil.example",
      "content-type": FORM,
    });
    expect(response.statusCode).toBe(403);
    expect(chunked.pulled()).toBe(0);
    expect(seen).toEqual([]);
  });

  it("refuses files (multipart), JSON, text and an untyped body on a public page with 415, unread", async () => {
    for (const type of [FILES, "application/json", "text/plain", "application/octet-stream", undefined]) {
      const body = lazyBody(UNREAD_DRAIN_MAX_BYTES);
      const response = await post("/contact", body.stream, {
        ...(type ? { "content-type": type } : {}),
        "content-length": String(UNREAD_DRAIN_MAX_BYTES),
      });
      expect(response.statusCode, String(type)).toBe(415);
      expect(response.json()).toEqual({ status: "Error", message: FORM_BODY_MESSAGES.unsupported });
      expect(body.pulled()).toBe(0);
      expect(response.headers.connection).toBe("keep-alive"); // small: drained (leaveUnread)
    }
    // The sign-in screen and other signed-out admin pages are public pages.
    const login = lazyBody(MB);
    const response = await post("/admin/invite/abc", login.stream, { "content-type": FILES, cookie: staff });
    expect(response.statusCode).toBe(415);
    expect(login.pulled()).toBe(0);
    expect(seen).toEqual([]);
  });

  it("takes a public form of up to 64 KB to its action whole; beyond, 413 with the limit, reading no further", async () => {
    const fields = (bytes: number) => `name=${"a".repeat(bytes - "name=".length)}`;
    const within = await post("/quote", fields(PUBLIC_FORM_MAX_BYTES), { "content-type": FORM });
    expect(within.statusCode).toBe(200);
    expect(seen).toEqual([{ route: "public", type: FORM, bytes: PUBLIC_FORM_MAX_BYTES, fields: ["name"] }]);

    const over = await post("/quote", fields(PUBLIC_FORM_MAX_BYTES + 1), { "content-type": FORM });
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({
      status: "Error",
      message: "The form is too large to send: this page takes at most 64 KB.",
    });
    // Declared too large: refused from the header, unread.
    const declared = lazyBody(16 * MB);
    const early = await post("/quote", declared.stream, {
      "content-type": FORM,
      "content-length": String(16 * MB),
    });
    expect(early.statusCode).toBe(413);
    expect(declared.pulled()).toBe(0);
    // Sent in chunks: read up to the limit and not on (beyond the streams' read-ahead).
    const chunked = lazyBody(16 * MB, 16 * 1024);
    const late = await post("/quote", chunked.stream, { "content-type": FORM });
    expect(late.statusCode).toBe(413);
    expect(chunked.pulled()).toBeLessThan(PUBLIC_FORM_MAX_BYTES + READ_AHEAD);
    // A signed-out post to an admin screen is held to the public limit too.
    const signedOut = await post("/admin/dashboard/staff", fields(PUBLIC_FORM_MAX_BYTES + 1), {
      "content-type": FORM,
    });
    expect(signedOut.statusCode).toBe(413);
    expect(seen).toHaveLength(1);
  });

  it("never reads a signed-out (or forged-cookie) multipart post to an admin screen: its guard sends the browser to sign in", async () => {
    for (const cookie of ["", `${ADMIN_AUTH_COOKIE}=${"x".repeat(43)}`]) {
      const body = lazyBody(16 * MB);
      const response = await post("/admin/dashboard/blog/create/1", body.stream, {
        cookie,
        "content-type": FILES,
        "content-length": String(16 * MB),
      });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe("/admin");
      expect(body.pulled()).toBe(0);
    }
    expect(seen).toEqual([]);
  });

  it("takes a signed-in colleague's files to the admin screen's action whole, within the image limits", async () => {
    const upload = multipartOf(Buffer.alloc(4 * MB, 7));
    const type = upload.headers.get("content-type") as string;
    const payload = Buffer.from(await upload.arrayBuffer());
    const response = await post("/admin/dashboard/blog/create/1", payload, {
      cookie: staff,
      "content-type": type,
    });
    expect(response.statusCode).toBe(200);
    expect(seen).toEqual([{ route: "admin", type, bytes: payload.length, fields: ["image", "title"] }]);

    // Over the image limits: 413 from the declared length, unread; in chunks, read no further than them.
    const declared = lazyBody(FILES_LIMIT + 1);
    const early = await post("/admin/dashboard/blog/create/1", declared.stream, {
      cookie: staff,
      "content-type": FILES,
      "content-length": String(FILES_LIMIT + 1),
    });
    expect(early.statusCode).toBe(413);
    expect(early.json().message).toBe("The form is too large to send: this page takes at most 16 MB.");
    expect(declared.pulled()).toBe(0);
    const chunked = lazyBody(FILES_LIMIT + MB);
    const late = await post("/admin/dashboard/blog/create/1", chunked.stream, {
      cookie: staff,
      "content-type": FILES,
    });
    expect(late.statusCode).toBe(413);
    expect(chunked.pulled()).toBeLessThan(FILES_LIMIT + READ_AHEAD);
    expect(seen).toHaveLength(1);
  });

  it("gives a signed-in colleague's forms on admin screens the 1 MB limit (a long reply), and no more", async () => {
    const encoded = new URLSearchParams({ reply: "é".repeat(30_000) }).toString(); // 180 KB
    const within = await post("/admin/dashboard/enquiries/1", encoded, {
      cookie: staff,
      "content-type": FORM,
    });
    expect(within.statusCode).toBe(200);
    expect(seen).toEqual([
      { route: "admin", type: FORM, bytes: Buffer.byteLength(encoded), fields: ["reply"] },
    ]);
    expect(Buffer.byteLength(encoded)).toBeGreaterThan(PUBLIC_FORM_MAX_BYTES);
    const over = await post("/admin/dashboard/enquiries/1", "a".repeat(STAFF_FORM_MAX_BYTES + 1), {
      cookie: staff,
      "content-type": FORM,
    });
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toBe("The form is too large to send: this page takes at most 1 MB.");
  });

  it("drains a small refused body unkept, so its connection serves the next request; closes on a large one", async () => {
    const origin = await app.listen({ port: 0, host: "127.0.0.1" });
    const { host } = new URL(origin);
    const health = `GET /api/healthz HTTP/1.1\r\nHost: ${host}\r\n\r\n`;
    // Up to 256 KB: taken off the connection and thrown away; the client sends it all, reads its
    // 403, and the same connection answers its next request.
    const small = await postOverSocket(origin, UNREAD_DRAIN_MAX_BYTES, { followedBy: health });
    expect(small).toMatchObject({ statuses: [403, 200], written: UNREAD_DRAIN_MAX_BYTES, reset: false });
    expect(small.endedAt).toBeLessThan(UNREAD_DRAIN_MS);
    // Larger: not taken at all; the connection is closed once the answer is written, long before
    // the client has sent its 16 MB (the kernel's buffers take a few megabytes of them).
    const large = await postOverSocket(origin, 16 * MB, { followedBy: health });
    expect(large.statuses).not.toContain(200);
    expect(large.written).toBeLessThan(16 * MB);
    expect(large.endedAt).toBeLessThan(UNREAD_DRAIN_MS);
    // A small body that does not arrive in the drain time: answered at once, then cut.
    const slow = await postOverSocket(origin, UNREAD_DRAIN_MAX_BYTES, { piece: 256, everyMs: 20 });
    expect(slow.statuses).toEqual([403]);
    expect(slow.answeredAt).toBeLessThan(UNREAD_DRAIN_MS);
    expect(slow.written).toBeLessThan(UNREAD_DRAIN_MAX_BYTES);
    expect(slow.endedAt).toBeGreaterThanOrEqual(UNREAD_DRAIN_MS);
    expect(slow.endedAt).toBeLessThan(UNREAD_DRAIN_MS + 5000);
  });

  it("refuses a cross-site answer to the cookie banner before reading it", async () => {
    const body = lazyBody(MB);
    const response = await post("/consent", body.stream, {
      origin: "https://evil.example",
      "content-type": FORM,
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers["set-cookie"]).toBeUndefined();
    expect(body.pulled()).toBe(0);
  });
});
