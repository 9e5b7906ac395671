import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureHeader, verifySignature } from './signature';

const SECRET = 'whsec_8Jc2Vq0LxT5mR7pZ1bW9sYd4Hn6Fk3Ge';
const BODY =
  '{"id":"0193a1c2-7d4e-7000-8000-00000000f001","type":"order.created","createdAt":"2026-12-06T14:02:11.000Z","data":{"number":"GH-1042"}}';
const AT = new Date('2026-12-06T14:02:11.500Z');

describe('a delivery signature', () => {
  it('is t=<unix seconds>,v1=<64 hex digits>, and checks out with the same secret and body', () => {
    const header = signatureHeader(SECRET, BODY, AT);
    expect(header).toMatch(/^t=1796565731,v1=[0-9a-f]{64}$/);
    expect(verifySignature(header, BODY, SECRET, AT)).toBe(true);
    expect(verifySignature(header, BODY, SECRET, new Date(AT.getTime() + 299_000))).toBe(true);
  });

  it('is the HMAC-SHA256 of "<t>.<body>" (a known answer)', () => {
    expect(signatureHeader('key', 'body', new Date(1_000_000_000_000))).toBe(
      't=1000000000,v1=caf2fe2beb96b47827a2e1d4549fc83b11c4b3d916cfed24d61aac0905b7bd20',
    );
  });

  it('refuses a changed body, another secret or a changed t', () => {
    const header = signatureHeader(SECRET, BODY, AT);
    expect(verifySignature(header, `${BODY} `, SECRET, AT)).toBe(false);
    expect(verifySignature(header, BODY, `${SECRET}x`, AT)).toBe(false);
    const v1 = header.split(',v1=')[1];
    expect(verifySignature(`t=1796565732,v1=${v1}`, BODY, SECRET, AT)).toBe(false);
  });

  it('refuses a t older, or further ahead, than the tolerance', () => {
    const header = signatureHeader(SECRET, BODY, AT);
    expect(verifySignature(header, BODY, SECRET, new Date(AT.getTime() + 301_000))).toBe(false);
    expect(verifySignature(header, BODY, SECRET, new Date(AT.getTime() - 301_000))).toBe(false);
    expect(verifySignature(header, BODY, SECRET, new Date(AT.getTime() + 31_000), 30)).toBe(false);
  });

  it('accepts any matching v1 among several', () => {
    const v1 = signatureHeader(SECRET, BODY, AT).split(',v1=')[1];
    const header = `t=1796565731,v1=${'0'.repeat(64)},v1=${v1}`;
    expect(verifySignature(header, BODY, SECRET, AT)).toBe(true);
  });

  it.each([
    '',
    'garbage',
    't=,v1=',
    'v1=abc',
    't=1796565731',
    't=1796565731,v1=',
    't=1796565731,v1=zz',
    't=abc,v1=00',
    't=-5,v1=00',
    't=1796565731,t=1796565731,v1=00',
    ',,,=,=',
    `t=1796565731,v1=${'a'.repeat(10_000)}`,
    't=99999999999999999999999,v1=00',
  ])('refuses the malformed header %j without throwing', (header) => {
    expect(verifySignature(header, BODY, SECRET, AT)).toBe(false);
  });
});

describe('the verification docs/connect.md shows receivers', () => {
  type Verify = (header: string, rawBody: string | Buffer, secret: string, now?: number) => boolean;
  let isFromGearhouse: Verify;
  let folder: string;

  beforeAll(async () => {
    // The code block itself, read out of the page, so that the page cannot drift from what is sent.
    const page = await readFile(new URL('../../../../docs/connect.md', import.meta.url), 'utf8');
    const block = [...page.matchAll(/```js\n([\s\S]*?)```/g)].find(([, code]) => code!.includes('function isFromGearhouse'));
    expect(block, 'a js block with isFromGearhouse in docs/connect.md').toBeDefined();
    folder = await mkdtemp(join(tmpdir(), 'gearhouse-webhook-docs-'));
    const file = join(folder, 'verify.mjs');
    await writeFile(file, block![1]!);
    ({ isFromGearhouse } = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { isFromGearhouse: Verify });
  });

  afterAll(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('accepts what the shop signs, as a string or as the raw bytes', () => {
    const header = signatureHeader(SECRET, BODY, AT);
    expect(isFromGearhouse(header, BODY, SECRET, AT.getTime())).toBe(true);
    expect(isFromGearhouse(header, Buffer.from(BODY, 'utf8'), SECRET, AT.getTime() + 299_000)).toBe(true);
    const unicode = '{"data":{"note":"Grüße – ✓"}}';
    expect(isFromGearhouse(signatureHeader(SECRET, unicode, AT), Buffer.from(unicode), SECRET, AT.getTime())).toBe(true);
  });

  it('refuses what verifySignature refuses', () => {
    const header = signatureHeader(SECRET, BODY, AT);
    const v1 = header.split(',v1=')[1];
    const now = AT.getTime();
    expect(isFromGearhouse(header, `${BODY} `, SECRET, now)).toBe(false);
    expect(isFromGearhouse(header, BODY, `${SECRET}x`, now)).toBe(false);
    expect(isFromGearhouse(`t=1796565732,v1=${v1}`, BODY, SECRET, now)).toBe(false);
    expect(isFromGearhouse(header, BODY, SECRET, now + 301_000)).toBe(false);
    expect(isFromGearhouse(header, BODY, SECRET, now - 301_000)).toBe(false);
    for (const malformed of ['', 'garbage', 't=,v1=', 'v1=abc', 't=1796565731', 't=1796565731,v1=', `t=abc,v1=${v1}`])
      expect(isFromGearhouse(malformed, BODY, SECRET, now)).toBe(false);
    expect(isFromGearhouse(`t=1796565731,v1=${'0'.repeat(64)},v1=${v1}`, BODY, SECRET, now)).toBe(true);
  });
});
