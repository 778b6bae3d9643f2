import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { WEBHOOK_LIMITS } from "../../../common/webhooks/webhooks";
import { type Resolver, resolveChecked, type WebhookNetworkPolicy } from "./address";

export interface WebhookAnswer {
  status: number;
  /** The first WEBHOOK_LIMITS.keptBody bytes of the body (at most readBody bytes are read). */
  body: string;
}

/**
 * POSTs one signed webhook: the host's addresses are resolved and checked first and the socket
 * connects to the checked address (no second lookup a DNS answer could change); TLS still checks
 * the certificate against the URL's host. Redirects are never followed (a 3xx is an answer like
 * any other); the whole request, lookup included, has `timeoutMs`; the body is read up to
 * `readBody` bytes, then the connection is dropped. An abort of `signal` ends it at once (the
 * outbox cuts off a request whose lease is about to lapse).
 */
export async function postWebhook(
  url: URL,
  body: string,
  headers: Record<string, string>,
  options: {
    policy: WebhookNetworkPolicy;
    timeoutMs?: number;
    resolve?: Resolver;
    signal?: AbortSignal;
  },
): Promise<WebhookAnswer> {
  const timeoutMs = options.timeoutMs ?? WEBHOOK_LIMITS.timeoutMs;
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new Error(`no answer within ${timeoutMs / 1000} s`)),
    timeoutMs,
  );
  const abort = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) abort();
  options.signal?.addEventListener("abort", abort, { once: true });
  try {
    const lookedUp = resolveChecked(url.hostname, options.policy, options.resolve);
    const target = await Promise.race([
      lookedUp,
      new Promise<never>((_, reject) =>
        controller.signal.addEventListener("abort", () => reject(controller.signal.reason), { once: true }),
      ),
    ]);
    const pinned: LookupFunction = (_host, opts, callback) => {
      if ((opts as { all?: boolean }).all)
        (callback as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [
          target,
        ]);
      else callback(null, target.address, target.family);
    };
    const client = url.protocol === "https:" ? https : http;
    return await new Promise<WebhookAnswer>((resolve, reject) => {
      const request = client.request(
        url,
        {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "content-length": String(Buffer.byteLength(body)),
            "user-agent": "FenlandOrganics-Webhooks/1",
            ...headers,
          },
          lookup: pinned,
          signal: controller.signal,
          agent: false,
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          const done = () => {
            const read = Buffer.concat(chunks);
            resolve({
              status: response.statusCode ?? 0,
              body: read.subarray(0, WEBHOOK_LIMITS.keptBody).toString("utf8"),
            });
          };
          response.on("data", (chunk: Buffer) => {
            if (size >= WEBHOOK_LIMITS.readBody) return;
            chunks.push(chunk.subarray(0, WEBHOOK_LIMITS.readBody - size));
            size += chunk.length;
            if (size >= WEBHOOK_LIMITS.readBody) {
              done();
              response.destroy();
            }
          });
          response.on("end", done);
          response.on("error", (error) => (size >= WEBHOOK_LIMITS.readBody ? done() : reject(error)));
        },
      );
      request.on("error", reject);
      request.end(body);
    });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", abort);
  }
}
