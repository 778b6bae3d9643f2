import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { BLOG_PAGE_SIZE } from "../../common/content/blog-rules";
import { CATCH_ALL_ROUTE_ID, isKnownPagePath, isLivePage } from "../../common/content/pages";
import { REDIRECT_LIMITS } from "../../common/content/redirects";
import { OPEN_NOW_PLACEHOLDER, openNowText } from "../../common/content/site-content/opening-hours";
import { LEAD_SOURCE_PLACEHOLDER } from "../../common/leads/lead-source-field";
import { API_MESSAGES } from "../../common/messages";
import { adminTokenFromCookies } from "../../common/staff/admin-cookie";
import { COOKIE_CONSENT_NAME } from "../../common/ui";
import { HttpError } from "../errors";
import { contentSecurityPolicy } from "../plugins/security";
import type { Services } from "../services";
import { registerConsent } from "./consent";
import { withCriticalStylesheet } from "./critical-css";
import { enquiryAllowances } from "./enquiry-allowance";
import { registerFormBodies, UNREAD } from "./form-bodies";
import { formTokenStream, type TokenIssuer } from "./form-token";
import { requestLeadSource } from "./lead-source-fill";
import { loadContext } from "./load-context";
import {
  createPageCache,
  PAGE_CACHE_NONCE,
  type PageCache,
  RenderQueueFull,
  sendCachedPage,
  sendUncachedPage,
} from "./page-cache";
import { countPageView, isPageAnswer } from "./page-views";

declare module "fastify" {
  interface FastifyInstance {
    /** Production only: the anonymous page cache. */
    pageCache?: PageCache;
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
  /** The time "open now" is filled for (clock.ts: a browser test's frozen clock); now without it. */
  clock?: () => Date;
}

/** The page's URL; a Host header that is no host name (e.g. `a b`) is the client's error. */
function pageUrl(request: FastifyRequest): URL {
  try {
    return new URL(request.url, `${request.protocol}://${request.host}`);
  } catch {
    throw new HttpError(400, API_MESSAGES.invalidHost);
  }
}

/**
 * The page request as React Router gets it: its URL's scheme is Fastify's `request.protocol`, so
 * an X-Forwarded-Proto counts only from a trusted proxy (a Secure cookie's rule, client-address.ts).
 */
export function toFetchRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const url = pageUrl(request);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const controller = new AbortController();
  reply.raw.once("close", () => controller.abort());
  let body = request.method === "POST" ? (request.body as BodyInit | undefined) : undefined;
  if (request.body === UNREAD) {
    // Never read (form-bodies.ts): the action sees an empty form.
    headers.delete("content-length");
    headers.set("content-type", "application/x-www-form-urlencoded");
    body = "";
  }
  return new Request(url, { method: request.method, headers, body, signal: controller.signal });
}

/** Whether the request may come from a signed-in member of staff (the pages check the session). */
const maybeStaff = (request: FastifyRequest) =>
  adminTokenFromCookies(request.headers.cookie) !== undefined || request.headers.authorization !== undefined;

async function sendFetchResponse(
  reply: FastifyReply,
  response: Response,
  staff: boolean,
  tokens: () => Promise<TokenIssuer>,
  cutStylesheet: boolean,
) {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") reply.header(name, value);
  }
  // Rendered for a member of staff (a draft at its public address, the admin bar): no shared or
  // browser cache may keep it, and none may give it to a visitor without that cookie.
  if (staff) reply.header("cache-control", "private, no-store").header("vary", "Cookie");
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  if (!response.body) return reply.send();
  const html = response.headers.get("content-type")?.startsWith("text/html");
  // A live page (/book) is a visitor's own render, never cached: cut to its critical stylesheet
  // here, as the page cache cuts the others, so its first round trip carries the same few KB.
  const body =
    html && cutStylesheet
      ? Readable.from([withCriticalStylesheet(await response.text())])
      : Readable.fromWeb(response.body as NodeReadableStream);
  // An enquiry form's token, fresh in this response (form-token.ts).
  if (!html) return reply.send(body);
  return reply.send(body.pipe(formTokenStream(await tokens())));
}

/** Hashed static assets (immutable) and every page through React Router's request handler. */
export async function registerPages(app: FastifyInstance, services: Services, options: PagesOptions) {
  if (options.devMiddleware) {
    const { default: middie } = await import("@fastify/middie");
    await app.register(middie);
    app.use(options.devMiddleware as unknown as import("@fastify/middie").Handler);
  }
  if (options.clientDir) {
    // The hashed assets under one wildcard route, looked up as asked (a missing one is the API's
    // 404): a route per built file (143 scripts, 89 each in brotli and gzip) took 75-85 ms of a
    // cold start to insert into the router (docs/benchmarks.md, issue 46).
    await app.register(fastifyStatic, {
      root: path.join(options.clientDir, "assets"),
      prefix: "/assets/",
      preCompressed: true,
      index: false,
      setHeaders: (res) => res.header("cache-control", "public, max-age=31536000, immutable"),
    });
    // The few files at the top (the icon, the sharing picture): a route each, so every other path
    // falls through to the pages.
    await app.register(fastifyStatic, {
      root: options.clientDir,
      prefix: "/",
      wildcard: false,
      globIgnore: ["assets/**"],
      decorateReply: false,
      preCompressed: true,
      index: false,
      setHeaders: (res) => res.header("cache-control", "public, max-age=3600"),
    });
  }

  const handle = createRequestHandler(options.build, options.mode);
  const isCatchAll = typeof options.build === "function" ? undefined : catchAllMatcher(options.build);
  const cache =
    options.mode === "production" && typeof options.build !== "function"
      ? createPageCache({
          buildId: options.build.assets.version,
          content: services.contentVersion,
          policy: (hashes) => contentSecurityPolicy(app.config, hashes),
          isCatchAll,
          // The fixed pages, posts, and the pages from blocks (published, or a deleted one's 410):
          // each under its own key, not the catch-all's shared one.
          // (`/bakery-waste/` too: its render is the 301 to the page's one address, never kept.)
          // Not the booking's pages: their free times change with each booking (isLivePage).
          isKnownPath: async (path) =>
            !isLivePage(path) &&
            (isKnownPagePath(path) || (await services.blockPages.known(path.replace(/(.)\/+$/, "$1")))),
          pagedList: {
            path: "/blog",
            pages: async () => Math.max(1, Math.ceil((await services.blog.count()) / BLOG_PAGE_SIZE)),
          },
          // Made from the path and the consent answer alone, at the configured origin: nothing
          // else a visitor sends (Host, other cookies) can reach a page others will be served.
          render: async (path, consent) => {
            const headers = new Headers({ accept: "text/html", "user-agent": "page-cache" });
            if (consent) headers.set("cookie", `${COOKIE_CONSENT_NAME}=${consent}`);
            const url = new URL(`${new URL(app.config.siteUrl).origin}${path}`);
            const response = await handle(
              new Request(url, { headers }),
              // No visitor's values: a page everyone is served.
              loadContext(services, { nonce: PAGE_CACHE_NONCE, wholeDocument: true }),
            );
            return {
              status: response.status,
              headers: response.headers,
              body: Buffer.from(await response.arrayBuffer()),
            };
          },
        })
      : undefined;
  if (cache) app.decorate("pageCache", cache);
  // Each response's own values (form-token.ts): a fresh form token, the lead source this request
  // gives a form on the page where the visit landed, and "open now" at this minute from the
  // published opening hours (a cached page is dropped when they change).
  const clock = options.clock ?? (() => new Date());
  const tokens = async (request: FastifyRequest): Promise<TokenIssuer> => {
    const [issue, details] = await Promise.all([
      services.spam.tokenIssuer(),
      services.siteContent.published("site-details"),
    ]);
    return (placeholder) =>
      placeholder === OPEN_NOW_PLACEHOLDER
        ? escapeHtmlText(openNowText(details, clock()))
        : placeholder === LEAD_SOURCE_PLACEHOLDER
          ? escapeHtmlText(requestLeadSource(request, app.config.siteUrl))
          : issue();
  };

  const allowance = enquiryAllowances(app, services.config.enquiryRateLimit);
  // The 404 log (services/content/redirects.ts): a page answered 404, or a path the catch-all
  // answers with home (not a page from blocks, which it also draws), is a missing page; a
  // visitor's counts (not staff's, not a bot's).
  const countMiss = (request: FastifyRequest, status: number) => {
    if (maybeStaff(request)) return;
    if (status === 404) {
      services.redirects.recordMiss(request);
      return;
    }
    const queryAt = request.url.indexOf("?");
    const path = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
    if (status !== 200 || !isCatchAll?.(path)) return;
    const address = path.length > 1 ? path.replace(/\/+$/, "") : path;
    services.blockPages.known(address).then(
      (known) => known || services.redirects.recordMiss(request),
      () => {},
    );
  };
  const renderPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const response = await handle(
      toFetchRequest(request, reply),
      loadContext(services, {
        nonce: request.cspNonce,
        ip: request.ip,
        header: (name) => request.headers[name],
        protocol: request.protocol,
        log: request.log,
        enquiryAllowance: allowance(request),
      }),
    );
    if (isPageAnswer(response)) countPageView(services.insights, request);
    if ((response.headers.get("content-type") ?? "").startsWith("text/html"))
      countMiss(request, response.status);
    return sendFetchResponse(
      reply,
      response,
      maybeStaff(request),
      () => tokens(request),
      options.mode === "production" && request.method === "GET" && isLivePage(request.url.split("?", 1)[0]),
    );
  };
  app.route({
    method: ["GET", "HEAD"],
    url: "/*",
    handler: async (request, reply) => {
      pageUrl(request); // a malformed Host is refused before any page, cached or not, is served
      let cached: Awaited<ReturnType<PageCache["lookup"]>>;
      try {
        cached = await cache?.lookup(request);
      } catch (error) {
        if (!(error instanceof RenderQueueFull)) throw error;
        // More first visits than the renderers can take: refused at once, not queued for ever.
        return reply
          .status(503)
          .header("retry-after", String(error.retryAfterSeconds))
          .header("cache-control", "no-store")
          .type("text/plain; charset=utf-8")
          .send(API_MESSAGES.pagesBusy);
      }
      if (cached && "uncached" in cached) {
        countMiss(request, cached.uncached.status);
        return sendUncachedPage(reply, cached.uncached, await tokens(request));
      }
      if (cached) {
        countMiss(request, cached.page.status);
        // Beside the cache: counted in memory, flushed later (a kept 404 is no page view).
        if (cached.page.status === 200) countPageView(services.insights, request);
        return sendCachedPage(request, reply, cached.page, cached.hit, await tokens(request));
      }
      return renderPage(request, reply);
    },
  });

  await registerConsent(app); // the cookie banner's answer without JavaScript
  // Route actions (the public forms and the admin's, which also work without JavaScript): form
  // posts reach React Router with their raw body, bounded before it is read (form-bodies.ts).
  // Scoped here so the API keeps accepting JSON only.
  await app.register(async (forms) => {
    registerFormBodies(forms, services);
    // The enquiry forms' actions count their sends themselves (context.enquiryAllowance).
    forms.route({ method: "POST", url: "/*", handler: renderPage });
  });
}

/**
 * Paths whose answer catchAllMatcher keeps (forgotten all at once past it), each of up to 300
 * characters (a redirect's longest address): at most 0.3 MB, however long the paths a flood sends.
 */
export const CATCH_ALL_REMEMBERED_PATHS = 1000;
const CATCH_ALL_REMEMBERED_LENGTH = REDIRECT_LIMITS.maxPathLength;

/**
 * Whether the app's catch-all route is the one that answers a path (matched as React Router does),
 * asked for every page served (the 404 log) and every unknown path (the page cache). React Router's
 * matchRoutes flattens and ranks the whole route tree on each call: a third of the CPU of serving a
 * cached home page, and its garbage most of the memory a load added (GET / alone: 1,600 requests a
 * second and a 210 MB peak, against 4,600-5,800 and 185 MB with the answers kept, 2026-12-02). So
 * each path's answer is kept, up to CATCH_ALL_REMEMBERED_PATHS of them.
 */
export function catchAllMatcher(build: ServerBuild): (pathname: string) => boolean {
  const routes = Object.values(build.routes).filter((route) => route !== undefined);
  const tree = (parentId?: string): RouteObject[] =>
    routes
      .filter((route) => route.parentId === parentId)
      .map((route) => {
        const children = tree(route.id);
        return route.index
          ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
          : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children };
      });
  const top = tree(undefined);
  const answers = new Map<string, boolean>();
  return (pathname) => {
    let answer = answers.get(pathname);
    if (answer === undefined) {
      answer = matchRoutes(top, pathname)?.at(-1)?.route.id === CATCH_ALL_ROUTE_ID;
      if (pathname.length > CATCH_ALL_REMEMBERED_LENGTH) return answer;
      if (answers.size >= CATCH_ALL_REMEMBERED_PATHS) answers.clear();
      answers.set(pathname, answer);
    }
    return answer;
  };
}

const HTML_ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
/** Text from content (a special day's note) as it goes into a served page. */
const escapeHtmlText = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c] ?? c);
