import { readFileSync } from 'node:fs';
import os from 'node:os';
import { expect, it } from 'vitest';
import { loadConfig } from '../config';
import { TEST_ORIGIN } from '../testing/accounts';
import { describeOnEachEngine } from '../testing/test-app';

/**
 * The shipped deployment samples, taken at their word: nginx builds X-Forwarded-For the way its sample
 * says, the nodes trust what the sample's TRUST_PROXY says, and a client that rotates the addresses it
 * writes into its own X-Forwarded-For must still run into the sign-in limit.
 */
function read(file: string): string {
  return readFileSync(new URL(`../../../deploy/${file}`, import.meta.url), 'utf8');
}

/** What nginx sends on, per the sample's `proxy_set_header X-Forwarded-For`. */
function forwardedFor(nginxConf: string, sentByClient: string, clientAddress: string): string {
  const value = /proxy_set_header\s+X-Forwarded-For\s+(\S+);/.exec(nginxConf)?.[1];
  if (value === '$remote_addr') return clientAddress;
  if (value === '$proxy_add_x_forwarded_for') return `${sentByClient}, ${clientAddress}`;
  throw new Error(`the sample sets X-Forwarded-For to ${String(value)}: teach this test what nginx does with it`);
}

const envExample = read('gearhouse.env.example');
const compose = read('docker-compose.yml');

interface Sample {
  name: string;
  nginxConf: string;
  trustProxy: string;
  nginxAddress: string;
  /** The client as nginx sees it. */
  clientAddress: string;
}

const composeNginxAddress = /nginx:[\s\S]*?ipv4_address:\s*(\S+)/.exec(compose)?.[1] ?? '172.28.0.5';
const samples: Sample[] = [
  {
    name: 'nginx on the same machine (nginx.conf, gearhouse.env.example)',
    nginxConf: read('nginx.conf'),
    trustProxy: /^TRUST_PROXY=(.+)$/m.exec(envExample)?.[1] ?? '',
    nginxAddress: '127.0.0.1',
    clientAddress: '203.0.113.77',
  },
  ...['203.0.113.77', '172.28.0.1'].map((clientAddress) => ({
    name: `containers (nginx.compose.conf, docker-compose.yml), a client arriving as ${clientAddress}`,
    nginxConf: read('nginx.compose.conf'),
    trustProxy: /TRUST_PROXY:\s*(\S+)/.exec(compose)?.[1] ?? '',
    nginxAddress: composeNginxAddress,
    clientAddress,
  })),
];

for (const sample of samples) {
  describeOnEachEngine(
    `the sign-in limit behind the shipped proxy sample: ${sample.name}`,
    (ctx) => {
      it('holds when the client rotates the X-Forwarded-For it sends', async () => {
        const statuses: number[] = [];
        for (let n = 1; n <= 8; n++) {
          const res = await ctx.app.inject({
            method: 'POST',
            url: '/api/auth/sign-in/email',
            remoteAddress: sample.nginxAddress,
            headers: {
              origin: TEST_ORIGIN,
              'x-forwarded-for': forwardedFor(sample.nginxConf, `10.9.8.${n}`, sample.clientAddress),
            },
            payload: { email: 'nobody@example.com', password: `wrong-guess-${n}` },
          });
          statuses.push(res.statusCode);
        }
        expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
      });
    },
    {
      config: () => ({ trustProxy: trustProxyOf(sample.trustProxy) }),
      abuseLimits: { signIn: 5 },
    },
  );
}

/** TRUST_PROXY read as the shop reads it at start. */
function trustProxyOf(text: string) {
  return loadConfig({ DATA_DIR: os.tmpdir(), AUTH_SECRET: 'x'.repeat(40), TRUST_PROXY: text }).trustProxy;
}
