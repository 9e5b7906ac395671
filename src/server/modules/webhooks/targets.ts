import dns from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import * as copy from '#shared/copy';

/** How long a save may wait for the host name to resolve. */
const LOOKUP_TIMEOUT_MS = 5000;
/** NAT64's well-known prefix (RFC 6052): an IPv6-only host reaches IPv4 addresses through it. */
const NAT64 = ipaddr.parseCIDR('64:ff9b::/96');
/** The deprecated IPv4-compatible form (::a.b.c.d), which ipaddr.js counts as unicast. */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/**
 * Whether `address`, a literal IPv4 or IPv6 address, is public unicast: not loopback, private,
 * link-local, unique local, CGNAT, unspecified, multicast, broadcast or reserved, nor any of those
 * wrapped in IPv6. Anything that is not an address is not public.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (!ipaddr.isValid(bare)) return false;
  const parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const ipv6 = parsed as ipaddr.IPv6;
  if (ipv6.isIPv4MappedAddress()) return ipv6.toIPv4Address().range() === 'unicast';
  if (ipv6.match(NAT64)) {
    const bytes = ipv6.toByteArray().slice(12);
    return new ipaddr.IPv4(bytes).range() === 'unicast';
  }
  if (ipv6.match(IPV4_COMPATIBLE)) return false;
  return ipv6.range() === 'unicast';
}

/** The host of a URL's `hostname`, without an IPv6 literal's brackets or a trailing dot. */
export function bareHost(hostname: string): string {
  const host = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

function isLocalhostName(host: string): boolean {
  const name = host.toLowerCase();
  return name === 'localhost' || name.endsWith('.localhost');
}

async function resolveAll(host: string): Promise<string[] | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), LOOKUP_TIMEOUT_MS);
  });
  try {
    const lookup = dns.promises
      .lookup(host, { all: true, verbatim: true })
      .then((answers) => answers.map((answer) => answer.address))
      .catch(() => null);
    const addresses = await Promise.race([lookup, timeout]);
    return addresses && addresses.length > 0 ? addresses : null;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Why a webhook may not be sent to `url`, in the words of copy.webhooks, or null when it may. Without
 * `allowPrivate` (production) the address must be https and every address its host resolves to public;
 * the transport checks the address it connects to again at each delivery, against DNS rebinding.
 */
export async function refusedTarget(url: string, { allowPrivate }: { allowPrivate: boolean }): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return copy.webhooks.urlInvalid;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return copy.webhooks.urlInvalid;
  const host = bareHost(parsed.hostname);
  if (host === '') return copy.webhooks.urlInvalid;
  // Outside production anything goes, including names only a developer's machine knows.
  if (allowPrivate) return null;
  if (parsed.protocol !== 'https:') return copy.webhooks.urlNotHttps;
  if (isLocalhostName(host)) return copy.webhooks.urlPrivate;
  // A literal address is connected to as it is, without a lookup.
  if (isIP(host) !== 0) return isPublicAddress(host) ? null : copy.webhooks.urlPrivate;

  const addresses = await resolveAll(host);
  if (addresses === null) return copy.webhooks.urlUnresolvable;
  return addresses.every(isPublicAddress) ? null : copy.webhooks.urlPrivate;
}
