import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { WEBHOOK_MESSAGES } from "../../../common/webhooks/webhooks";

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
// Inside global unicast (2000::/3), the ranges that are not: IETF protocol assignments (Teredo,
// 2001::/32, is checked by the IPv4 addresses it carries, below), documentation.
for (const [net, prefix] of [
  ["2001::", 23], // IETF protocol assignments: benchmarking, ORCHID, AMT, …
  ["2001:db8::", 32], // documentation
  ["3fff::", 20], // documentation (RFC 9637)
] as const)
  blocked.addSubnet(net, prefix, "ipv6");

/** The eight 16-bit groups of an IPv6 address (`isIP` said 6; any zone already refused). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const tail: number[] = [];
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    tail.push((a << 8) | b, (c << 8) | d);
    text = text.slice(0, dotted.index);
    if (!text.endsWith("::")) text = text.slice(0, -1); // the ':' before the dotted part
  }
  const words = (part: string) => (part ? part.split(":").map((word) => Number.parseInt(word, 16)) : []);
  const [head, rest] = text.includes("::") ? text.split("::") : [text, undefined];
  const before = words(head ?? "");
  const after = [...words(rest ?? ""), ...tail];
  const gap = rest === undefined ? [] : new Array(8 - before.length - after.length).fill(0);
  return [...before, ...gap, ...after];
}

/** The IPv4 address in two 16-bit groups. */
const ipv4Of = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
const privateIpv4 = (hi: number, lo: number) => blocked.check(ipv4Of(hi, lo), "ipv4");

/**
 * Only global unicast IPv6 is allowed, and where an IPv6 address carries an IPv4 address it is
 * that address's rules that count: IPv4-mapped (`::ffff:a.b.c.d`, the connection is IPv4) and
 * NAT64's well-known prefix (`64:ff9b::/96`, DNS64 on an IPv6-only network) reach the IPv4
 * address inside; 6to4 (`2002::/16`, bits 16-48) and Teredo (`2001::/32`: the server's IPv4 in
 * bits 32-64, the client's in the last 32 bits inverted) carry one or two. IPv4-compatible
 * (`::a.b.c.d`, deprecated), SIIT's translated (`::ffff:0:a.b.c.d`) and NAT64's local-use prefix
 * (`64:ff9b:1::/48`, whose IPv4 sits where each network puts it) are outside 2000::/3: refused.
 */
function isPrivateIpv6(address: string): boolean {
  if (address.includes("%")) return true; // a zone: link-local scope
  const g = ipv6Groups(address);
  const zero = (from: number, to: number) => g.slice(from, to).every((word) => word === 0);
  if (zero(0, 5) && g[5] === 0xffff) return privateIpv4(g[6], g[7]);
  if (g[0] === 0x64 && g[1] === 0xff9b && zero(2, 6)) return privateIpv4(g[6], g[7]);
  if ((g[0] & 0xe000) !== 0x2000) return true; // not global unicast
  if (g[0] === 0x2002) return privateIpv4(g[1], g[2]);
  if (g[0] === 0x2001 && g[1] === 0)
    return privateIpv4(g[2], g[3]) || privateIpv4(g[6] ^ 0xffff, g[7] ^ 0xffff);
  return blocked.check(address, "ipv6");
}

/**
 * Whether an IP address is private, loopback, link-local, unique-local, metadata or reserved: any
 * IPv6 address outside global unicast, or carrying such an IPv4 address (isPrivateIpv6).
 */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family !== 6) return true; // not an address: never connect to it
  return isPrivateIpv6(address);
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
