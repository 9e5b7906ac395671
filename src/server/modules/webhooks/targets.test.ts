import dns from 'node:dns';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as copy from '#shared/copy';
import { isPublicAddress, refusedTarget } from './targets';

/** The lookup stubbed, so that no test depends on the network's DNS. */
function stubLookup() {
  const spy = vi.spyOn(dns.promises, 'lookup');
  stubs.push(spy);
  return spy;
}
const stubs: { mockRestore(): void }[] = [];

/** Answers every lookup with `addresses`. */
function resolvesTo(...addresses: string[]) {
  return stubLookup().mockImplementation((async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))) as never);
}

afterEach(() => {
  for (const stub of stubs.splice(0)) stub.mockRestore();
});

describe('a public address', () => {
  it.each([
    '8.8.8.8',
    '93.184.216.34',
    '1.1.1.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:82b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    ['loopback', '127.0.0.1'],
    ['loopback, elsewhere in 127/8', '127.5.6.7'],
    ['private 10/8', '10.0.0.5'],
    ['private 172.16/12', '172.16.0.1'],
    ['private 172.16/12, its end', '172.31.255.254'],
    ['private 192.168/16', '192.168.1.1'],
    ['link-local', '169.254.169.254'],
    ['CGNAT', '100.64.0.1'],
    ['0.0.0.0/8', '0.0.0.0'],
    ['0.0.0.0/8, not only its first', '0.1.2.3'],
    ['multicast', '224.0.0.1'],
    ['broadcast', '255.255.255.255'],
    ['reserved 240/4', '240.0.0.1'],
    ['documentation', '192.0.2.10'],
    ['IPv6 loopback', '::1'],
    ['IPv6 unspecified', '::'],
    ['IPv6 link-local', 'fe80::1'],
    ['IPv6 link-local with a zone', 'fe80::1%eth0'],
    ['IPv6 unique local', 'fd12:3456::1'],
    ['IPv6 unique local, fc00::/7', 'fc00::1'],
    ['IPv6 multicast', 'ff02::1'],
    ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
    ['IPv4-mapped private', '::ffff:10.0.0.5'],
    ['IPv4-mapped link-local, in hex', '::ffff:a9fe:a9fe'],
    ['IPv4-compatible loopback', '::127.0.0.1'],
    ['NAT64 of a private address', '64:ff9b::a00:5'],
    ['IPv6 documentation', '2001:db8::1'],
    ['bracketed IPv6 loopback', '[::1]'],
    ['not an address', 'example.com'],
    ['nothing', ''],
  ])('%s (%s) is not public', (_, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe('a webhook target', () => {
  const strict = { allowPrivate: false };

  it('is fine when https and every address it resolves to is public', async () => {
    const lookup = resolvesTo('93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946');
    expect(await refusedTarget('https://erp.example.com/gearhouse/events', strict)).toBeNull();
    expect(lookup).toHaveBeenCalledWith('erp.example.com', expect.objectContaining({ all: true }));
  });

  it('is refused when it cannot be read as an address', async () => {
    expect(await refusedTarget('not a url', strict)).toBe(copy.webhooks.urlInvalid);
    expect(await refusedTarget('ftp://erp.example.com/', strict)).toBe(copy.webhooks.urlInvalid);
    expect(await refusedTarget('not a url', { allowPrivate: true })).toBe(copy.webhooks.urlInvalid);
  });

  it('must be https in production', async () => {
    resolvesTo('93.184.216.34');
    expect(await refusedTarget('http://erp.example.com/events', strict)).toBe(copy.webhooks.urlNotHttps);
  });

  it('is refused when any one of the addresses its name resolves to is private', async () => {
    resolvesTo('93.184.216.34', '10.0.0.5');
    expect(await refusedTarget('https://erp.example.com/events', strict)).toBe(copy.webhooks.urlPrivate);
  });

  it.each([
    'https://127.0.0.1/events',
    'https://127.0.0.1:8443/events',
    'https://[::1]/events',
    'https://[::ffff:7f00:1]/events',
    'https://10.1.2.3/',
    'https://169.254.169.254/latest/meta-data/',
    'https://0x7f.1/',
    'https://2130706433/',
    'https://0.0.0.0/',
    'https://localhost/events',
    'https://LOCALHOST./events',
    'https://api.localhost/events',
  ])('refuses the private or loopback address %s without asking DNS', async (url) => {
    const lookup = resolvesTo('93.184.216.34');
    expect(await refusedTarget(url, strict)).toBe(copy.webhooks.urlPrivate);
    expect(lookup).not.toHaveBeenCalled();
  });

  it('accepts a public literal address', async () => {
    expect(await refusedTarget('https://93.184.216.34/events', strict)).toBeNull();
  });

  it('is refused when its name does not resolve', async () => {
    stubLookup().mockRejectedValue(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }));
    expect(await refusedTarget('https://no-such-host.example/events', strict)).toBe(copy.webhooks.urlUnresolvable);
  });

  it('is refused, not waited for, when its name does not resolve in time', async () => {
    vi.useFakeTimers();
    try {
      stubLookup().mockReturnValue(new Promise(() => {}) as never);
      const answer = refusedTarget('https://slow-dns.example/events', strict);
      await vi.advanceTimersByTimeAsync(5_000);
      expect(await answer).toBe(copy.webhooks.urlUnresolvable);
    } finally {
      vi.useRealTimers();
    }
  });

  it('allows loopback, plain http and names only this machine knows outside production', async () => {
    const lookup = resolvesTo('127.0.0.1');
    const loose = { allowPrivate: true };
    expect(await refusedTarget('http://127.0.0.1:4000/hook', loose)).toBeNull();
    expect(await refusedTarget('http://localhost:4000/hook', loose)).toBeNull();
    expect(await refusedTarget('http://erp.internal/hook', loose)).toBeNull();
    expect(lookup).not.toHaveBeenCalled();
  });
});
