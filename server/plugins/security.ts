import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config";

declare module "fastify" {
  interface FastifyRequest {
    /** Per-request nonce for inline scripts, echoed in the Content-Security-Policy. */
    cspNonce: string;
  }
}

type NonceResponse = ServerResponse & { cspNonce?: string };

/** Browser features the site never uses, switched off for it and anything it embeds. */
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
  "publickey-credentials-get=()",
  "screen-wake-lock=()",
  "serial=()",
  "usb=()",
  "xr-spatial-tracking=()",
].join(", ");

/** The admin area's pages and API: answers that must never be stored by a browser or proxy. */
export const isAdminPath = (url: string) => /^\/(api\/)?admin(?:[/?#]|$)/.test(url);

/**
 * Security headers (helmet) with a strict script policy: only our own files and inline scripts
 * that carry this request's nonce. Third-party widget hosts are added by the widgets' owners.
 */
export async function registerSecurity(app: FastifyInstance, config: Config) {
  app.decorateRequest("cspNonce", "");
  app.addHook("onRequest", async (request, reply) => {
    request.cspNonce = randomBytes(16).toString("base64");
    (reply.raw as NonceResponse).cspNonce = request.cspNonce;
    reply.header("x-request-id", request.id);
    reply.header("permissions-policy", PERMISSIONS_POLICY);
  });
  // onSend: after any handler (React Router's headers included) and on every error answer.
  app.addHook("onSend", async (request, reply) => {
    if (isAdminPath(request.url)) reply.header("cache-control", "no-store");
  });

  const https = config.siteUrl.startsWith("https:");
  // Hosts of the two consent-gated widgets (review widget, waste-carrier public register); their
  // scripts are added by the app only after cookie acceptance, with this request's nonce.
  const reviewHosts = ["https://widget.trustpilot.com"];
  const registerHosts = ["https://environment.data.gov.uk"];
  const widgetHosts = [...reviewHosts, ...registerHosts];
  await app.register(helmet, {
    global: true,
    // Vite's development client injects inline scripts without a nonce.
    contentSecurityPolicy: config.dev
      ? false
      : {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            baseUri: ["'self'"],
            objectSrc: ["'none'"],
            frameAncestors: ["'self'"],
            formAction: ["'self'"],
            scriptSrc: [
              "'self'",
              (_req, res) => `'nonce-${(res as NonceResponse).cspNonce}'`,
              ...widgetHosts,
            ],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", "data:", "blob:", ...widgetHosts, "https://images-static.trustpilot.com"],
            fontSrc: ["'self'"],
            connectSrc: ["'self'", ...widgetHosts],
            frameSrc: ["'self'", ...widgetHosts],
            upgradeInsecureRequests: https ? [] : null,
          },
        },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
}
