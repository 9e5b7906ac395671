import dns from 'node:dns';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signatureHeader } from './signature';
import { refusedTarget } from './targets';
import { postWebhook } from './transport';

type Received = { method: string; url: string; headers: IncomingMessage['headers']; body: string };

/** A receiver on 127.0.0.1 whose answer each test sets; it records every request it gets. */
let server: Server;
let port: number;
let answer: (request: IncomingMessage, response: ServerResponse) => void;
const received: Received[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      answer(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const stubs: { mockRestore(): void }[] = [];
afterEach(() => {
  received.length = 0;
  for (const stub of stubs.splice(0)) stub.mockRestore();
});

const BODY = JSON.stringify({
  id: '0193a1c2-7d4e-7000-8000-00000000f001',
  type: 'order.status_changed',
  createdAt: '2026-12-06T14:02:11.000Z',
  data: { number: 'GH-1042', status: 'shipped', note: 'Grüße – ✓' },
});
const SIGNATURE = signatureHeader('whsec_test', BODY, new Date('2026-12-06T14:02:11.000Z'));

function send(url: string, options: { timeoutMs?: number; allowPrivate?: boolean } = {}) {
  return postWebhook({
    url,
    body: BODY,
    signature: SIGNATURE,
    eventId: '0193a1c2-7d4e-7000-8000-00000000f001',
    timeoutMs: options.timeoutMs ?? 5000,
    allowPrivate: options.allowPrivate ?? true,
  });
}

describe('a webhook POST', () => {
  it('is delivered on a 200, with the headers and the exact body', async () => {
    answer = (_, response) => response.writeHead(200).end('ok');
    const outcome = await send(`http://127.0.0.1:${port}/hooks/gearhouse?x=1`);
    expect(outcome).toMatchObject({ delivered: true, status: 200, error: null });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(0);
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request).toMatchObject({ method: 'POST', url: '/hooks/gearhouse?x=1', body: BODY });
    expect(request!.headers).toMatchObject({
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(BODY)),
      'user-agent': 'Gearhouse-Webhooks/1',
      'gearhouse-signature': SIGNATURE,
      'gearhouse-event-id': '0193a1c2-7d4e-7000-8000-00000000f001',
    });
  });

  it('is delivered on any 2xx', async () => {
    answer = (_, response) => response.writeHead(204).end();
    expect(await send(`http://127.0.0.1:${port}/`)).toMatchObject({ delivered: true, status: 204, error: null });
  });

  it('is not delivered on a 500, which it reports', async () => {
    answer = (_, response) => response.writeHead(500).end('broken');
    expect(await send(`http://127.0.0.1:${port}/`)).toMatchObject({
      delivered: false,
      status: 500,
      error: 'The receiver answered 500',
    });
  });

  it('does not follow a redirect', async () => {
    answer = (request, response) =>
      request.url === '/moved' ? response.writeHead(301, { location: '/new' }).end() : response.writeHead(200).end();
    expect(await send(`http://127.0.0.1:${port}/moved`)).toMatchObject({
      delivered: false,
      status: 301,
      error: 'Redirects are not followed (301)',
    });
    expect(received.map((request) => request.url)).toEqual(['/moved']);
  });

  it('gives up on a slow receiver after the timeout', async () => {
    const pending: ServerResponse[] = [];
    answer = (_, response) => {
      pending.push(response);
      setTimeout(() => response.writeHead(200).end(), 2000).unref();
    };
    const started = performance.now();
    const outcome = await send(`http://127.0.0.1:${port}/`, { timeoutMs: 300 });
    const took = performance.now() - started;
    expect(outcome).toMatchObject({ delivered: false, status: null, error: 'No answer within 0.3 s' });
    expect(took).toBeGreaterThanOrEqual(290);
    expect(took).toBeLessThan(1000);
    expect(outcome.durationMs).toBeLessThan(1000);
  });

  it('counts a 2xx whose body never ends as delivered, and stops waiting at the timeout', async () => {
    answer = (_, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.write('accepted, and then nothing more');
    };
    const started = performance.now();
    const outcome = await send(`http://127.0.0.1:${port}/`, { timeoutMs: 300 });
    expect(outcome).toMatchObject({ delivered: true, status: 200, error: null });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('reads a huge answer only so far, and does not hang on it', async () => {
    const chunk = Buffer.alloc(64 * 1024, 'x');
    answer = (_, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      // Ten megabytes, written as fast as the client takes them.
      let left = 160;
      const write = () => {
        while (left > 0) {
          left -= 1;
          if (!response.write(chunk)) {
            response.once('drain', write);
            return;
          }
        }
        response.end();
      };
      response.on('error', () => {});
      write();
    };
    const started = performance.now();
    const outcome = await send(`http://127.0.0.1:${port}/`, { timeoutMs: 5000 });
    expect(outcome).toMatchObject({ delivered: true, status: 200, error: null });
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('says a refused connection in plain words', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await send(`http://127.0.0.1:${closedPort}/`)).toMatchObject({
      delivered: false,
      status: null,
      error: 'Connection refused',
    });
  });

  it('says a connection closed without an answer in plain words', async () => {
    answer = (request) => request.socket.destroy();
    expect(await send(`http://127.0.0.1:${port}/`)).toMatchObject({
      delivered: false,
      status: null,
      error: 'Connection closed by the receiver',
    });
  });

  it('does not throw on an address it cannot read', async () => {
    expect(await send('not a url')).toMatchObject({ delivered: false, status: null, error: 'Not a valid address' });
  });
});

describe('a webhook POST in production (private addresses refused)', () => {
  const strict = { allowPrivate: false };

  it('refuses a literal loopback address without connecting', async () => {
    answer = (_, response) => response.writeHead(200).end();
    // Plain http would be refused for that alone; https shows the address check.
    expect(await send(`https://127.0.0.1:${port}/`, strict)).toMatchObject({
      delivered: false,
      status: null,
      error: 'Address not allowed: 127.0.0.1',
    });
    expect(await send(`https://[::ffff:7f00:1]:${port}/`, strict)).toMatchObject({
      delivered: false,
      error: 'Address not allowed: ::ffff:7f00:1',
    });
    expect(received).toHaveLength(0);
  });

  it('refuses a name that resolves to loopback (localhost) without connecting', async () => {
    answer = (_, response) => response.writeHead(200).end();
    const outcome = await send(`https://localhost:${port}/`, strict);
    expect(outcome).toMatchObject({ delivered: false, status: null });
    expect(outcome.error).toMatch(/^Address not allowed: (127\.0\.0\.1|::1)$/);
    expect(received).toHaveLength(0);
  });

  it('refuses plain http', async () => {
    answer = (_, response) => response.writeHead(200).end();
    expect(await send(`http://127.0.0.1:${port}/`, strict)).toMatchObject({
      delivered: false,
      error: 'Only https addresses are allowed',
    });
    expect(received).toHaveLength(0);
  });

  it('checks the address it connects to, so a name that now resolves to loopback is refused (DNS rebinding)', async () => {
    answer = (_, response) => response.writeHead(200).end();
    // When the webhook is saved the name resolves to a public address…
    const atSave = vi
      .spyOn(dns.promises, 'lookup')
      .mockImplementation((async () => [{ address: '93.184.216.34', family: 4 }]) as never);
    stubs.push(atSave);
    expect(await refusedTarget(`https://hooks.rebind.example:${port}/`, strict)).toBeNull();
    // …and when it is sent, to this machine.
    const atSend = vi
      .spyOn(dns, 'lookup')
      .mockImplementation(((
        _hostname: string,
        _options: unknown,
        callback: (error: null, answers: dns.LookupAddress[]) => void,
      ) => callback(null, [{ address: '127.0.0.1', family: 4 }])) as never);
    stubs.push(atSend);
    expect(await send(`https://hooks.rebind.example:${port}/`, strict)).toMatchObject({
      delivered: false,
      status: null,
      error: 'Address not allowed: 127.0.0.1',
    });
    expect(atSend).toHaveBeenCalledWith('hooks.rebind.example', expect.anything(), expect.any(Function));
    expect(received).toHaveLength(0);
  });

  it('names a host that does not resolve', async () => {
    const atSend = vi
      .spyOn(dns, 'lookup')
      .mockImplementation(((_hostname: string, _options: unknown, callback: (error: NodeJS.ErrnoException) => void) =>
        callback(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }))) as never);
    stubs.push(atSend);
    expect(await send('https://no-such-host.example/', strict)).toMatchObject({
      delivered: false,
      status: null,
      error: 'Host not found: no-such-host.example',
    });
  });
});
