import type { FastifyRequest } from "fastify";
import { encodeLeadSource } from "../../common/leads/lead-source-field";
import { servedLeadSource } from "../services/leads/lead-source";

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * The lead source field's value for the page this request is served (form-token.ts fills it into
 * the form, cached pages too): the request's own landing, referring domain and utm_ values when the
 * page is where the visit landed, else "" (server/services/leads/lead-source.ts `servedLeadSource`).
 * Not HTML-escaped: the caller does that.
 */
export function requestLeadSource(request: FastifyRequest, siteUrl: string): string {
  const queryAt = request.url.indexOf("?");
  const source = servedLeadSource({
    path: queryAt < 0 ? request.url : request.url.slice(0, queryAt),
    query: queryAt < 0 ? "" : request.url.slice(queryAt + 1),
    referer: one(request.headers.referer),
    ownHosts: [new URL(siteUrl).hostname, request.hostname],
    untracked: one(request.headers["sec-gpc"]) === "1" || one(request.headers.dnt) === "1",
  });
  return source ? encodeLeadSource(source) : "";
}
