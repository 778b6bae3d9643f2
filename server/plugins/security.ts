import { randomBytes } from "node:crypto";
import helmet from "@fastify/helmet";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Config } from "../config";

declare module "fastify" {
  interface FastifyRequest {
    /** Per-request nonce for inline scripts, echoed in the Content-Security-Policy. */
    cspNonce: string;
  }
}

/**
 * Browser features the site never uses, switched off for it and anything it embeds; passkeys
 * (WebAuthn, the admin's sign-in) for the site's own pages only, never an embedded frame.
 */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "camera=()",
  "display-capture=()",
  "encrypted-media=()",
  "fullscreen=(self)",
  "geolocation=()",
  "gyroscope=()",
  "hid=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "picture-in-picture=()",
  "publickey-credentials-create=(self)",
  "publickey-credentials-get=(self)",
  "screen-wake-lock=()",
  "serial=()",
  "usb=()",
  "xr-spatial-tracking=()",
].join(", ");

/** The admin area's pages and API: answers that must never be stored by a browser or proxy. */
export const isAdminPath = (url: string) => /^\/(api\/)?admin(?:[/?#]|$)/.test(url);

// Hosts of the two consent-gated widgets (review widget, waste-carrier public register); their
// scripts are added by the app only after cookie acceptance.
const REVIEW_HOSTS = ["https://widget.trustpilot.com"];
const REGISTER_HOSTS = ["https://environment.data.gov.uk"];
const WIDGET_HOSTS = [...REVIEW_HOSTS, ...REGISTER_HOSTS];

/**
 * The Content-Security-Policy: scripts only from our own files, the widget hosts, and the inline
 * scripts `inlineScripts` names (this request's nonce, or a cached page's `sha256-…` hashes).
 */
export function contentSecurityPolicy(config: Config, inlineScripts: string[]): string {
  const directives: Array<[string, string[]]> = [
    ["default-src", ["'self'"]],
    ["base-uri", ["'self'"]],
    ["object-src", ["'none'"]],
    ["frame-ancestors", ["'self'"]],
    ["form-action", ["'self'"]],
    ["script-src", ["'self'", ...inlineScripts, ...WIDGET_HOSTS]],
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["img-src", ["'self'", "data:", "blob:", ...WIDGET_HOSTS, "https://images-static.trustpilot.com"]],
    ["font-src", ["'self'"]],
    ["connect-src", ["'self'", ...WIDGET_HOSTS]],
    ["frame-src", ["'self'", ...WIDGET_HOSTS]],
  ];
  if (config.siteUrl.startsWith("https:")) directives.push(["upgrade-insecure-requests", []]);
  return directives.map(([name, values]) => [name, ...values].join(" ")).join(";");
}

/** A hashed file of the build (`/assets/…`), answered: immutable, never a document. */
const isBuiltAsset = (url: string, status: number) => url.startsWith("/assets/") && status < 400;

/**
 * Headers that only a document (or an API answer) uses: a script, stylesheet or font never carries
 * them. On `/` they were about 1.7 KB on each of its dozen files (a CSP with a fresh nonce among
 * them). An asset keeps its type, length, encoding, caching, `nosniff` and its
 * Cross-Origin-Resource-Policy (which guard how other sites may load it).
 */
const DOCUMENT_ONLY_HEADERS = [
  "content-security-policy",
  "permissions-policy",
  "x-request-id",
  "x-frame-options",
  "referrer-policy",
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
  "strict-transport-security",
  // Immutable files are never revalidated: their validators are bytes for nothing.
  "etag",
  "last-modified",
  "accept-ranges",
];

/**
 * Security headers (helmet) with a strict script policy: only our own files and inline scripts
 * that carry this request's nonce (cached pages swap it for their scripts' hashes).
 */
export async function registerSecurity(app: FastifyInstance, config: Config) {
  // Made on first use: a page served from the cache never needs one.
  const nonces = new WeakMap<FastifyRequest, string>();
  app.decorateRequest("cspNonce", {
    getter(this: FastifyRequest) {
      let nonce = nonces.get(this);
      if (!nonce) {
        nonce = randomBytes(16).toString("base64");
        nonces.set(this, nonce);
      }
      return nonce;
    },
  });
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
    reply.header("permissions-policy", PERMISSIONS_POLICY);
  });
  // onSend: after any handler (React Router's headers included) and on every error answer.
  app.addHook("onSend", async (request, reply) => {
    if (isAdminPath(request.url)) reply.header("cache-control", "no-store");
    if (isBuiltAsset(request.url, reply.statusCode)) {
      for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
      return;
    }
    // A cached page brings its own policy (its scripts' hashes); Vite's development client
    // injects inline scripts without a nonce.
    if (!config.dev && !reply.hasHeader("content-security-policy"))
      reply.header("content-security-policy", contentSecurityPolicy(config, [`'nonce-${request.cspNonce}'`]));
  });

  const https = config.siteUrl.startsWith("https:");
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: false, // set above, per request
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
}
