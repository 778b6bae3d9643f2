import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { OPEN_NOW_ATTRIBUTE, OPEN_NOW_PLACEHOLDER } from "../../common/content/site-content/opening-hours";
import { sendCachedPage } from "./page-cache";

type CachedPage = Parameters<typeof sendCachedPage>[2];

/** A cached page saying "open now", as the page cache keeps it before it is filled. */
function openNowPage(): CachedPage {
  const html = Buffer.from(
    `<!DOCTYPE html><html><body><p><span ${OPEN_NOW_ATTRIBUTE}="">${OPEN_NOW_PLACEHOLDER}</span></p></body></html>`,
  );
  return {
    status: 200,
    html,
    br: Buffer.alloc(0),
    gzip: Buffer.alloc(0),
    etag: '"unfilled"',
    lastModified: new Date().toUTCString(),
    csp: "default-src 'self'",
    headers: [],
    bytes: html.length,
    version: 1,
    formToken: false,
    openNow: true,
    reads: new Set(),
  };
}

describe("an 'open now' page served from the page cache", () => {
  it("is filled and compressed once for a burst of requests arriving while it is being filled", async () => {
    const page = openNowPage();
    let sentence = "Open now until 18:00";
    const asked: string[] = [];
    const issue = (placeholder: string) => {
      asked.push(placeholder);
      return placeholder === OPEN_NOW_PLACEHOLDER ? sentence : "";
    };
    const app = Fastify();
    app.get("/", (request, reply) => sendCachedPage(request, reply, page, true, issue));
    const burst = () =>
      Promise.all(
        Array.from({ length: 10 }, () => app.inject({ url: "/", headers: { "accept-encoding": "br" } })),
      );

    const first = await burst();
    // Each request asks for the minute's sentence once; the page itself is filled once (one more ask).
    expect(asked.length).toBe(11);
    expect(new Set(first.map((response) => response.headers.etag)).size).toBe(1);
    expect(first.every((response) => response.statusCode === 200)).toBe(true);
    expect(first[0].headers["content-encoding"]).toBe("br");

    // The same sentence later: served from the filled page, nothing filled again.
    await burst();
    expect(asked.length).toBe(21);

    // At closing time the sentence changes: filled once more, with a new validator.
    sentence = "Closed now, open tomorrow at 08:00";
    const closed = await burst();
    expect(asked.length).toBe(32);
    expect(closed[0].headers.etag).not.toBe(first[0].headers.etag);
    await app.close();
  });
});
