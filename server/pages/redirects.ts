import type { FastifyInstance } from "fastify";
import { COMPANY } from "../../common/company";
import { isReservedPath, REDIRECT_TEXTS } from "../../common/content/redirects";
import type { RedirectService } from "../services/content/redirects";

/** The small page a 410 answers with: HTML, no script, a way back to the site. */
export const GONE_PAGE = `<!DOCTYPE html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${REDIRECT_TEXTS.goneTitle} | ${COMPANY.name}</title></head>
<body><main><h1>${REDIRECT_TEXTS.goneTitle}</h1><p>${REDIRECT_TEXTS.goneText}</p><p><a href="/">${REDIRECT_TEXTS.goneLink}</a></p></main></body></html>
`;

/**
 * Redirects are answered before anything else (the page cache, a render, a static file): a GET or
 * HEAD of a redirected path gets its 301 or 302 with Location (a path keeps the request's query)
 * or the 410 page, from the service's table in memory. Never for the admin, the API or a file.
 * When the table cannot be read (the database down), the request goes on to the page as usual.
 */
export function registerRedirects(app: FastifyInstance, redirects: RedirectService) {
  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD") return;
    const url = request.url;
    const queryAt = url.indexOf("?");
    const path = queryAt < 0 ? url : url.slice(0, queryAt);
    if (isReservedPath(path.toLowerCase())) return;
    let answer: Awaited<ReturnType<RedirectService["match"]>>;
    try {
      answer = await redirects.match(path, queryAt < 0 ? "" : url.slice(queryAt + 1));
    } catch (error) {
      request.log.warn({ err: error }, "redirects could not be read; the page is answered instead");
      return;
    }
    if (!answer) return;
    if (answer.status === 410)
      return reply
        .status(410)
        .header("cache-control", "public, max-age=300")
        .type("text/html; charset=utf-8")
        .send(GONE_PAGE);
    // A permanent redirect is kept by browsers an hour only: the office may take it back.
    return reply
      .status(answer.status)
      .header("location", answer.location)
      .header("cache-control", answer.status === 301 ? "public, max-age=3600" : "no-store")
      .send();
  });
}
