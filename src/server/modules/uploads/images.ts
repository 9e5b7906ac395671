import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { IMAGE_WIDTHS } from '#shared/paths';
import type { ObjectStorage } from './storage';

/** Refuse images whose pixel count could exhaust memory when decoded (decompression bombs). */
export const MAX_INPUT_PIXELS = 40_000_000;

// Each picture is processed once; libvips' operation cache would only hold memory for nothing.
sharp.cache(false);

export const UPLOADS_PREFIX = '/uploads/';

export interface EncodedImage {
  hash: string;
  width: number;
  height: number;
  full: Buffer;
  variants: { key: string; body: Buffer }[];
}

/**
 * Decodes any image sharp understands, strips metadata (re-encoding keeps none), and encodes it as
 * WebP at each width (never upscaled) plus the largest under the bare name, named by content hash.
 * Throws when the bytes do not decode.
 */
export async function encodeImage(input: Buffer): Promise<EncodedImage> {
  const source = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
  const meta = await source.metadata();
  const maxWidth = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1] ?? 960;
  const originalWidth = meta.autoOrient?.width ?? meta.width ?? maxWidth;
  const originalHeight = meta.autoOrient?.height ?? meta.height ?? originalWidth;

  const largest = Math.min(originalWidth, maxWidth);
  const full = await source.clone().resize({ width: largest, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
  const hash = createHash('sha256').update(full).digest('hex').slice(0, 32);

  const variants = await Promise.all(
    IMAGE_WIDTHS.map(async (width) => ({
      key: `${hash}-w${width}.webp`,
      body:
        width >= largest
          ? full
          : await source.clone().resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer(),
    })),
  );
  return { hash, width: largest, height: Math.round((largest * originalHeight) / originalWidth), full, variants };
}

/** Stores an encoded picture once (the same picture has the same name) and answers its URL. */
export async function saveImage(
  storage: ObjectStorage,
  image: EncodedImage,
): Promise<{ url: string; width: number; height: number }> {
  if (!(await storage.exists(`${image.hash}.webp`))) {
    for (const variant of image.variants) await storage.put(variant.key, variant.body, 'image/webp');
    await storage.put(`${image.hash}.webp`, image.full, 'image/webp');
  }
  return { url: `${UPLOADS_PREFIX}${image.hash}.webp`, width: image.width, height: image.height };
}

export async function storeImage(storage: ObjectStorage, input: Buffer): Promise<{ url: string; width: number; height: number }> {
  return saveImage(storage, await encodeImage(input));
}

/** True when the URL names one of our own stored pictures. */
export async function isOwnUpload(storage: ObjectStorage, url: string): Promise<boolean> {
  const match = /^\/uploads\/([a-f0-9]{32}\.webp)$/.exec(url);
  return match?.[1] !== undefined && (await storage.exists(match[1]));
}
