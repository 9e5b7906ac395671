import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { copy } from '#shared/copy';
import { MAX_UPLOAD_BYTES } from '#shared/schemas/accounts';
import { signUp, type TestAccount } from '../../testing/accounts';
import { describeOnEachEngine } from '../../testing/test-app';
import { blackPng, multipartFile } from '../../testing/uploads';

const picture = () => sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2a6' } });

describeOnEachEngine('uploading pictures', (ctx) => {
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
  const storedFiles = () => readdir(path.join(ctx.database.dir, 'uploads')).catch(() => []);

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

  it('refuses a 20000 × 20000 picture (a decompression bomb) before decoding it', async () => {
    const bomb = blackPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(MAX_UPLOAD_BYTES);
    const res = await upload(bomb);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'payload_too_large', detail: copy.uploads.tooManyPixels });
  });

  it('answers 401 when signed out, and stores nothing', async () => {
    const before = await storedFiles();
    const res = await upload(
      await sharp({ create: { width: 9, height: 9, channels: 3, background: '#123' } })
        .png()
        .toBuffer(),
      {},
      null,
    );
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthenticated');
    expect(await storedFiles()).toEqual(before);
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
});
