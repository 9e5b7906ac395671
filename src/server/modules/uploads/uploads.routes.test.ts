import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { MAX_UPLOAD_BYTES } from '#shared/schemas/accounts';
import { TEST_ORIGIN, signUp, type TestAccount } from '../../testing/accounts';
import { type TestS3Server, startS3Server } from '../../testing/s3-server';
import { type TestContext, describeOnEachEngine } from '../../testing/test-app';
import { blackPng, multipartFile } from '../../testing/uploads';
import { S3Storage } from './s3-storage';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const picture = () => sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2a6' } });

/** The same tests on every storage driver: `storedKeys` lists what the driver holds. */
function uploadingPictures(ctx: TestContext, storedKeys: () => Promise<string[]>) {
  let account: TestAccount;

  beforeAll(async () => {
    account = await signUp(ctx.app);
  });

  const upload = (bytes: Buffer, options: Parameters<typeof multipartFile>[1] = {}, cookie: string | null = account.cookie) => {
    const { payload, headers } = multipartFile(bytes, options);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload,
      headers: { ...headers, ...(cookie ? { cookie } : {}) },
    });
  };

  async function served(url: string): Promise<Buffer> {
    const res = await ctx.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    return res.rawPayload;
  }

  it.each([
    ['PNG', () => picture().png().toBuffer()],
    ['JPEG', () => picture().jpeg().toBuffer()],
    ['WebP', () => picture().webp().toBuffer()],
    ['GIF', () => picture().gif().toBuffer()],
    ['AVIF', () => picture().avif({ effort: 0 }).toBuffer()],
  ])('stores a %s as WebP named by its content and answers 201 with its URL', async (_format, make) => {
    const res = await upload(await make());
    expect(res.statusCode).toBe(201);
    const { url } = res.json();
    expect(url).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    const meta = await sharp(await served(url)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 960, height: 640 });
    expect((await sharp(await served(url.replace('.webp', '-w320.webp'))).metadata()).width).toBe(320);
  });

  it('gives the same picture the same URL', async () => {
    const png = await picture().png().toBuffer();
    expect((await upload(png)).json().url).toBe((await upload(png, { filename: 'other-name.png' })).json().url);
  });

  it('strips EXIF (camera, place, owner) from what it stores', async () => {
    const jpeg = await picture()
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Secret Garage Ltd', Artist: 'Jane Private', Make: 'SpyCam' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload(jpeg, { filename: 'photo.jpg', contentType: 'image/jpeg' });
    expect(res.statusCode).toBe(201);
    const stored = await served(res.json().url);
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(stored.includes(Buffer.from('Secret Garage'))).toBe(false);
  });

  it.each([
    [
      'an SVG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'),
      'a.svg',
      'image/svg+xml',
    ],
    [
      'an SVG posing as a PNG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      'a.png',
      'image/png',
    ],
    ['a text file named .png', Buffer.from('just some words, not a picture at all'), 'notes.png', 'image/png'],
    ['a TIFF', Buffer.alloc(0), 'scan.tiff', 'image/tiff'],
  ])('refuses %s with 415 and a clear message', async (_name, bytes, filename, contentType) => {
    const body = bytes.length > 0 ? bytes : await picture().tiff().toBuffer();
    const res = await upload(body, { filename, contentType });
    expect(res.statusCode).toBe(415);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ code: 'unsupported_media_type', detail: copy.uploads.unsupportedType });
  });

  it('refuses a truncated image as unreadable', async () => {
    const png = await picture().png().toBuffer();
    const res = await upload(png.subarray(0, Math.floor(png.length / 2)));
    expect(res.statusCode).toBe(415);
    expect(res.json().detail).toBe(copy.uploads.unreadable);
  });

  it('refuses more than 5 MB with 413 and a clear message', async () => {
    const res = await upload(Buffer.alloc(MAX_UPLOAD_BYTES + 1, 7));
    expect(res.statusCode).toBe(413);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ code: 'payload_too_large', detail: copy.uploads.tooLarge });
  });

  describe('a valid picture padded past 5 MB', () => {
    const SIX_MB = 6 * 1024 * 1024;
    /** A real 1 × 1 PNG followed by padding up to 6 MB: a reader that stops early sees a good picture. */
    const paddedPng = async () => {
      const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#c33' } })
        .png()
        .toBuffer();
      return Buffer.concat([png, Buffer.alloc(SIX_MB - png.length)]);
    };
    const expectTooLarge = (status: number, contentType: string | null, body: { code?: unknown; detail?: unknown }) => {
      expect(status).toBe(413);
      expect(contentType).toMatch(/^application\/problem\+json/);
      expect(body).toMatchObject({ code: 'payload_too_large', detail: copy.uploads.tooLarge });
    };

    it('is refused with 413 every time through inject, and nothing is stored', async () => {
      const before = await storedKeys();
      const padded = await paddedPng();
      for (let i = 0; i < 4; i += 1) {
        const res = await upload(padded);
        expectTooLarge(res.statusCode, res.headers['content-type'] as string, res.json());
      }
      expect(await storedKeys()).toEqual(before);
    });

    it('is refused with 413 every time over a real connection, however the bytes arrive, and nothing is stored', async () => {
      const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const before = await storedKeys();
      const { payload, headers } = multipartFile(await paddedPng());
      const fileStart = payload.indexOf(PNG_SIGNATURE);
      // The body arrives in pieces; a pause leaves the server's reader with exactly what came so far.
      // The cut falls on the 5 MB limit itself, a byte either side, or elsewhere in the file.
      const cuts = [0, 0, 0, 0, 0, 0, -1, 1, 0, 0, -65_536, 65_536].map((shift) => fileStart + MAX_UPLOAD_BYTES + shift);
      const answers: { cut: number; status: number; contentType: string | null; body: object }[] = [];
      for (const cut of cuts) {
        const pieces = [payload.subarray(0, cut), payload.subarray(cut)];
        const body = new ReadableStream<Uint8Array>({
          async pull(controller) {
            const piece = pieces.shift();
            if (!piece) return controller.close();
            if (pieces.length === 0) await new Promise((resolve) => setTimeout(resolve, 30));
            controller.enqueue(piece);
          },
        });
        const res = await fetch(`${base}/api/uploads`, {
          method: 'POST',
          headers: { ...headers, cookie: account.cookie, origin: TEST_ORIGIN },
          body,
          duplex: 'half',
        } as RequestInit);
        answers.push({
          cut: cut - fileStart,
          status: res.status,
          contentType: res.headers.get('content-type'),
          body: await res.json(),
        });
      }
      expect(answers.map(({ cut, status }) => `${cut}: ${status}`)).toEqual(cuts.map((cut) => `${cut - fileStart}: 413`));
      for (const { status, contentType, body } of answers) expectTooLarge(status, contentType, body);
      expect(await storedKeys()).toEqual(before);
    });
  });

  it('refuses a 20000 × 20000 picture (a decompression bomb) before decoding it', async () => {
    const bomb = blackPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(MAX_UPLOAD_BYTES);
    const res = await upload(bomb);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'payload_too_large', detail: copy.uploads.tooManyPixels });
  });

  it('answers 401 when signed out, and stores nothing', async () => {
    const before = await storedKeys();
    const res = await upload(
      await sharp({ create: { width: 9, height: 9, channels: 3, background: '#123' } })
        .png()
        .toBuffer(),
      {},
      null,
    );
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthenticated');
    expect(await storedKeys()).toEqual(before);
  });

  it('asks for the field "image"', async () => {
    const res = await upload(await picture().png().toBuffer(), { field: 'photo' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ image: copy.validation.imageRequired });
    const notMultipart = await ctx.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { cookie: account.cookie },
      payload: { image: 'data:image/png;base64,AAAA' },
    });
    expect(notMultipart.statusCode).toBe(415);
  });
}

describeOnEachEngine('uploading pictures', (ctx) =>
  uploadingPictures(ctx, () => readdir(path.join(ctx.database.dir, 'uploads')).catch(() => [])),
);

describe('on S3', () => {
  let s3: TestS3Server;
  const storages: S3Storage[] = [];
  // Each engine's app keeps its pictures in a folder of the one bucket.
  const keyPrefix = (ctx: TestContext) => `${ctx.engine}/`;

  beforeAll(async () => {
    s3 = await startS3Server({ bucket: 'uploads-test' });
  });
  afterAll(async () => {
    for (const storage of storages) storage.destroy();
    await s3?.stop();
  });

  describeOnEachEngine('uploading pictures to S3', (ctx) => uploadingPictures(ctx, () => s3.keys(keyPrefix(ctx))), {
    storage: (ctx) => {
      const storage = new S3Storage({ ...s3.config, keyPrefix: keyPrefix(ctx) });
      storages.push(storage);
      return storage;
    },
  });

  const cdn = () => `${s3.endpoint}/${s3.bucket}/cdn`;
  describeOnEachEngine(
    'pictures behind a CDN (S3_PUBLIC_URL)',
    (ctx) => {
      it('answers /uploads/<key> with a redirect to the public URL, which serves the picture', async () => {
        const { cookie } = await signUp(ctx.app);
        const { payload, headers } = multipartFile(await picture().png().toBuffer());
        const uploaded = await ctx.app.inject({ method: 'POST', url: '/api/uploads', payload, headers: { ...headers, cookie } });
        expect(uploaded.statusCode).toBe(201);
        const { url } = uploaded.json();
        // What is stored stays the shop's own path, so data moves between setups and isOwnUpload holds.
        expect(url).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);

        const res = await ctx.app.inject({ url });
        expect(res.statusCode).toBe(302);
        const location = `${cdn()}/${url.slice('/uploads/'.length)}`;
        expect(res.headers.location).toBe(location);
        expect(res.headers['cache-control']).toBe('public, max-age=86400');

        const fromCdn = await fetch(location);
        expect(fromCdn.status).toBe(200);
        expect(fromCdn.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect((await sharp(Buffer.from(await fromCdn.arrayBuffer())).metadata()).format).toBe('webp');
      });

      it('answers 404 for a name that cannot be a stored picture, without redirecting', async () => {
        const res = await ctx.app.inject({ url: '/uploads/..%2Fsecret' });
        expect(res.statusCode).toBe(404);
        expect(res.headers.location).toBeUndefined();
      });

      it("lets pages show pictures from the public URL's origin (CSP img-src)", async () => {
        const res = await ctx.app.inject({ url: '/uploads/0123456789abcdef0123456789abcdef.webp' });
        const imgSrc = /img-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1];
        expect(imgSrc?.split(' ')).toContain(new URL(s3.endpoint).origin);
      });
    },
    {
      config: () => ({ s3: { ...s3.config, publicUrl: cdn() } }),
      storage: () => {
        const storage = new S3Storage({ ...s3.config, keyPrefix: 'cdn/' });
        storages.push(storage);
        return storage;
      },
    },
  );
});
