import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
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

/** Who sent a request and to which host, as the request line records them. */
export interface Client {
  ip: string | undefined;
  host: string;
}

/**
 * Reads a request's client address and host exactly as Fastify's request does with the same
 * `trustProxy` (its `request.ip` and `request.host`), for the answers given before Fastify
 * (before-fastify.ts), which count and log the client as Fastify's path would. Without a proxy: the
 * socket's peer and the Host header. Behind one: the right-most X-Forwarded-For entry no trusted
 * proxy wrote, and X-Forwarded-Host's last entry when the socket's peer is trusted.
 */
export function clientReader(trust: TrustProxy): (request: IncomingMessage) => Client {
  const option = fastifyTrustProxy(trust);
  if (option === false) return (request) => ({ ip: request.socket.remoteAddress, host: request.headers.host ?? '' });
  const trusted: TrustFn = typeof option === 'function' ? option : option === true ? () => true : proxyAddr.compile(option);
  return (request) => {
    const addresses = proxyAddr.all(request, trusted);
    const forwardedHost = request.headers['x-forwarded-host'];
    const peer = request.socket.remoteAddress;
    const host =
      typeof forwardedHost === 'string' && forwardedHost !== '' && peer !== undefined && trusted(peer, 0)
        ? lastEntry(forwardedHost)
        : (request.headers.host ?? '');
    return { ip: addresses[addresses.length - 1], host };
  };
}

/** A header's last comma-separated entry: the one the nearest proxy wrote. */
function lastEntry(value: string): string {
  const comma = value.lastIndexOf(',');
  return comma === -1 ? value.trim() : value.slice(comma + 1).trim();
}
