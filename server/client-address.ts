import { BlockList, isIPv4, isIPv6 } from "node:net";

/**
 * Who a client is, for per-client limits and request ids. Limits key on `clientKey`: an IPv6
 * client holds a whole /64 and can rotate through it, so its /64 is one client.
 */

/** Named ranges as proxy-addr (Fastify's trustProxy) knows them. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ["127.0.0.1/8", "::1/128"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
  uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

/** TRUST_PROXY as Fastify takes it: false, true, a hop count, or addresses and CIDR ranges. */
export type TrustProxy = boolean | number | string[];

/** Parses TRUST_PROXY; undefined for a value that is none of the accepted forms. */
export function parseTrustProxy(value: string | undefined): TrustProxy | undefined {
  if (value === undefined || value === "" || value === "false" || value === "0") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) return Number(value);
  const ranges = value
    .split(",")
    .map((part) => part.trim())
    .flatMap((part) => NAMED_RANGES[part] ?? [part]);
  return ranges.every(validRange) ? ranges : undefined;
}

function validRange(range: string): boolean {
  const [address, bits, ...rest] = range.split("/");
  if (rest.length > 0 || !(isIPv4(address) || isIPv6(address))) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (isIPv4(address) ? 32 : 128);
}

/**
 * Where a reverse proxy can be: the private, link-local, loopback and shared (CGNAT) ranges. With a
 * hop count, X-Forwarded-For is believed only from a peer in these ranges, so a client that reaches
 * the server directly from the internet cannot name its own address by sending the header.
 */
const PROXY_NETWORKS = rangeList([
  ...NAMED_RANGES.loopback,
  ...NAMED_RANGES.linklocal,
  ...NAMED_RANGES.uniquelocal,
  "100.64.0.0/10",
]);

function rangeList(ranges: string[]): (address: string | undefined) => boolean {
  const list = new BlockList();
  for (const range of ranges) {
    const [address, bits] = range.split("/");
    const family = isIPv4(address) ? "ipv4" : "ipv6";
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return (address) => {
    if (!address) return false;
    const v4 = mappedIPv4(address);
    const plain = v4 ?? address.split("%")[0];
    if (!isIPv4(plain) && !isIPv6(plain)) return false;
    return list.check(plain, isIPv4(plain) ? "ipv4" : "ipv6");
  };
}

/**
 * TRUST_PROXY as a function of an address and its hop (0 = the peer of the connection, 1 = the
 * rightmost X-Forwarded-For entry, …): whether that address is one of our proxies, so the entry
 * before it may be believed. Fastify takes this as its `trustProxy`, so `request.ip` is the
 * client's address:
 * - `N` (a hop count): N proxies in front; the peer must be on a proxy network (above), the next
 *   N-1 entries are believed by position. The client is the Nth address from the right.
 * - addresses and ranges: any hop whose address is in them.
 * - `true`: every hop (any client can pick its own address; warned about at start).
 */
export function proxyTrust(trust: TrustProxy): (address: string | undefined, hop: number) => boolean {
  if (trust === false || trust === 0) return () => false;
  if (trust === true) return () => true;
  if (typeof trust === "number") {
    return (address, hop) => (hop === 0 ? PROXY_NETWORKS(address) : hop < trust);
  }
  const inRanges = rangeList(trust);
  return (address) => inRanges(address);
}

/**
 * Whether a cookie set in answer to a request is marked Secure: the site's address (SITE_URL) is
 * https, or this request came over TLS. `protocol` is the request's as Fastify resolved it
 * (`request.protocol`, or the page's URL built from it, server/pages/pages.ts): a proxy's
 * X-Forwarded-Proto counts only from a peer TRUST_PROXY trusts (decision 0021).
 */
export const servedOverTls = (siteUrl: string, protocol: string) =>
  siteUrl.startsWith("https:") || protocol.replace(/:$/, "") === "https";

/** Whether the peer of a connection is a trusted proxy (so its X-Request-Id may be believed). */
export function trustedPeer(trust: TrustProxy): (address: string | undefined) => boolean {
  const trusted = proxyTrust(trust);
  return (address) => trusted(address, 0);
}

/** `::ffff:192.0.2.1` → `192.0.2.1` (an IPv4 client on a dual-stack socket). */
function mappedIPv4(address: string): string | undefined {
  const match = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return match?.[1];
}

/** The eight 16-bit groups of an IPv6 address (with an embedded IPv4 tail converted). */
function ipv6Groups(address: string): number[] {
  let text = address.split("%")[0].toLowerCase();
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const parse = (part: string | undefined) =>
    part ? part.split(":").map((g) => Number.parseInt(g, 16)) : [];
  const left = parse(head);
  const right = parse(tail);
  const fill = tail === undefined ? [] : new Array(8 - left.length - right.length).fill(0);
  return [...left, ...fill, ...right];
}

/** The key a per-client limit counts under: the IPv4 address, or the IPv6 /64. */
export function clientKey(ip: string): string {
  const v4 = mappedIPv4(ip);
  if (v4) return v4;
  if (!isIPv6(ip.split("%")[0])) return ip;
  const prefix = ipv6Groups(ip)
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":");
  return `${prefix}::/64`;
}
