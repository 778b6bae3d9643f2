import type { FastifyBaseLogger } from "fastify";
import type { AppLoadContext } from "react-router";
import { clientKey, servedOverTls } from "../client-address";
import type { Services } from "../services";
import { admitWhileEnrolling, authorize } from "../services/access";
import { sentByBrowser } from "../services/leads/spam";
import type { EnquiryAllowance } from "./enquiry-allowance";

declare module "react-router" {
  /**
   * Everything a route's loader or action has of the server: the app reaches the server only
   * through this (it imports no value from server/: server/import-boundaries.test.ts).
   */
  interface AppLoadContext {
    services: Services;
    /** The request's CSP nonce, for inline scripts rendered by the app (a marker for cached pages). */
    nonce: string;
    /** Render the whole document before sending anything (pages made for the page cache). */
    wholeDocument?: boolean;
    /** The client's address as Fastify resolved it (trustProxy): a security mail names it. */
    ip?: string;
    /** The client as the per-client limits know it (client-address.ts: an IPv6 client's /64). */
    clientKey: string;
    /** The request carried a browser's Origin or Sec-Fetch headers (the spam check's signal). */
    sentByBrowser: boolean;
    /** The site is served over TLS (SITE_URL, or this request through a trusted proxy): cookies are Secure. */
    servedOverTls: boolean;
    /** The one permission check (server/services/access.ts); throws the server's Forbidden. */
    authorize: typeof authorize;
    /** The Owner's two-factor requirement for a door that names its enrolment step. */
    admitWhileEnrolling: typeof admitWhileEnrolling;
    /** The request's logger, for what an action must tell the operator. */
    log?: FastifyBaseLogger;
    /** An enquiry form's send counted against the client's hourly allowance (enquiry-allowance.ts). */
    enquiryAllowance?: EnquiryAllowance;
  }
}

/** The request's own values a load context is made from (none for a page the cache keeps). */
export interface RequestValues {
  nonce: string;
  ip?: string;
  /** A request header by its lower-case name. */
  header?: (name: string) => unknown;
  /** "https" or "http", as Fastify read it (X-Forwarded-Proto only from a trusted proxy). */
  protocol?: string;
  log?: FastifyBaseLogger;
  enquiryAllowance?: EnquiryAllowance;
  wholeDocument?: boolean;
}

/** The one way a load context is made: the pages' handler, and the tests that call a route. */
export function loadContext(
  services: Services,
  { header, protocol, ...values }: RequestValues,
): AppLoadContext {
  return {
    services,
    authorize,
    admitWhileEnrolling,
    clientKey: values.ip ? clientKey(values.ip) : "",
    sentByBrowser: header ? sentByBrowser(header) : false,
    servedOverTls: servedOverTls(services.config.siteUrl, protocol ?? ""),
    ...values,
  };
}
