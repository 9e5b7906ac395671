import { normalizeIP } from '@fastify/rate-limit';
import type { TrustProxy } from '../config';

/** Whether the address `hop` steps from the socket (0 is the socket's peer) is a proxy the shop trusts. */
type TrustFn = (address: string, hop: number) => boolean;

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes a function: Fastify refuses a bare number (it
 * cannot check that the nearest hop is a proxy), but a node reachable only through its proxies can
 * trust that many hops, counted from the socket: the client is the entry the last of them appended.
 */
export function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | TrustFn {
  if (typeof trust === 'boolean') return trust;
  if ('hops' in trust) return (_address, hop) => hop < trust.hops;
  return [...trust];
}

/**
 * The client a request is counted as, by every per-client limit (the rate limits and the budget of
 * server renders): its address (after TRUST_PROXY); an IPv4 address in IPv6 clothing
 * (`::ffff:192.0.2.1`) as that IPv4 address; and an IPv6 address as its /64 network, which one
 * subscriber usually holds whole: counting single IPv6 addresses would give every client billions of
 * fresh limits. @fastify/rate-limit's own normalisation, the network written with its length.
 */
export function clientKey(ip: string): string {
  // An IPv4 address is checked in well under a microsecond; an IPv6 one is parsed twice, about 8 µs.
  if (!ip.includes(':')) return normalizeIP(ip, 64);
  let key = ipv6Keys.get(ip);
  if (key === undefined) {
    const normal = normalizeIP(ip, 64);
    key = normal.includes(':') ? `${normal}/64` : normal;
    if (ipv6Keys.size >= IPV6_ADDRESSES_KEPT) ipv6Keys.clear();
    ipv6Keys.set(ip, key);
  }
  return key;
}

/**
 * The keys of the IPv6 addresses seen lately, so that a client's every request does not parse its
 * address again. Bounded: addresses made up to miss (a /64 holds billions) only push each other out.
 */
const ipv6Keys = new Map<string, string>();
const IPV6_ADDRESSES_KEPT = 10_000;
