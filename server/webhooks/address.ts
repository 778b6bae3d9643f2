import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { WEBHOOK_MESSAGES } from "../../common/webhooks";

/**
 * Where a webhook may be sent. A webhook URL must not become a way to reach the server's own
 * network: every address its host resolves to is checked (at add time and again at each send,
 * and the request connects to the address checked, so a DNS answer changed in between cannot
 * move it), unless the operator allows private addresses (WEBHOOK_ALLOW_PRIVATE).
 */
export interface WebhookNetworkPolicy {
  /** Private, loopback, link-local, unique-local and metadata addresses allowed. */
  allowPrivate: boolean;
  /** http:// allowed for any host (else only for a loopback one). */
  allowHttp: boolean;
}

const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], // "this" network
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata (169.254.169.254)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const)
  blocked.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["100::", 64], // discard
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique-local (fd00:ec2::254, a metadata address, too)
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const)
  blocked.addSubnet(net, prefix, "ipv6");

/** The IPv4 address inside an IPv4-mapped, -compatible or NAT64 IPv6 address, if any. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return undefined;
  const [hi, lo] = [Number.parseInt(hex[1], 16), Number.parseInt(hex[2], 16)];
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
}

/** Whether an IP address is private, loopback, link-local, unique-local, metadata or reserved. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family !== 6) return true; // not an address: never connect to it
  const v4 = embeddedIpv4(address);
  if (v4) return blocked.check(v4, "ipv4");
  return blocked.check(address, "ipv6");
}

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, "");

/** A loopback host as written in the URL (the name or a literal address). */
export function isLoopbackHost(hostname: string): boolean {
  const host = bare(hostname).toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (isIP(host) === 4) return host.startsWith("127.");
  return host === "::1";
}

export class AddressRefused extends Error {}

/**
 * The URL's form, as staff enter it: absolute, https:// (http:// only for a loopback host or when
 * allowed), no user name or password. Answers the parsed URL, or the catalogue's message.
 */
export function checkUrlForm(text: string, policy: WebhookNetworkPolicy): URL | string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return WEBHOOK_MESSAGES.invalidUrl;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return WEBHOOK_MESSAGES.invalidUrl;
  if (!url.hostname) return WEBHOOK_MESSAGES.invalidUrl;
  if (url.username || url.password) return WEBHOOK_MESSAGES.urlCredentials;
  if (url.protocol === "http:" && !policy.allowHttp && !isLoopbackHost(url.hostname))
    return WEBHOOK_MESSAGES.httpNotAllowed;
  return url;
}

export type Resolver = (host: string) => Promise<Array<{ address: string; family: number }>>;
const systemResolver: Resolver = (host) => lookup(host, { all: true, verbatim: true });

/**
 * Every address the host resolves to, each checked: throws AddressRefused when any is private
 * (and that is not allowed). Answers the address to connect to (the first).
 */
export async function resolveChecked(
  hostname: string,
  policy: WebhookNetworkPolicy,
  resolve: Resolver = systemResolver,
): Promise<{ address: string; family: number }> {
  const host = bare(hostname);
  const literal = isIP(host);
  const addresses = literal ? [{ address: host, family: literal }] : await resolve(host);
  if (addresses.length === 0) throw new AddressRefused("the host has no address");
  if (!policy.allowPrivate && addresses.some((a) => isPrivateAddress(a.address)))
    throw new AddressRefused(WEBHOOK_MESSAGES.privateAddress);
  return addresses[0];
}
