import { isIPv4, isIPv6 } from 'node:net';
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

/** An IPv6 address as its eight 16-bit groups (an IPv4 tail as the last two); the zone is dropped. */
function ipv6Groups(ip: string): number[] {
  let text = ip.toLowerCase().split('%')[0] ?? '';
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (isIPv4(tail)) {
    const [a = 0, b = 0, c = 0, d = 0] = tail.split('.').map(Number);
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16)));
  const before = groupsOf(head);
  const after = rest === undefined ? [] : groupsOf(rest);
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/**
 * The client a request is counted as, by every per-client limit (the rate limits and the budget of
 * server renders): its address (after TRUST_PROXY); an IPv4 address in IPv6
 * clothing (`::ffff:192.0.2.1`) as that IPv4 address; and an IPv6 address as its /64 network, which
 * one subscriber usually holds whole: counting single IPv6 addresses would give every client billions
 * of fresh limits.
 */
export function clientKey(ip: string): string {
  // An IPv6 address has a colon: the commonest client, an IPv4 one, is told apart without parsing.
  if (!ip.includes(':') || !isIPv6(ip)) return ip.toLowerCase();
  const groups = ipv6Groups(ip);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
