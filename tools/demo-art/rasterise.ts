import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_WIDTHS } from '../../src/shared/paths';
import { LocalDiskStorage, storeImage, UPLOADS_PREFIX } from '../../src/server/modules/uploads';

/** A picture in the form the shop stores an upload in: the full WebP and one WebP per width. */
export interface StoredForm {
  full: Buffer;
  width: number;
  height: number;
  /** By width; the full picture itself for a width the picture does not exceed. */
  widths: Map<number, Buffer>;
}

/** A short digest of a drawing's SVG, so a test can tell when the committed files are out of date. */
export function drawingDigest(svg: string): string {
  return createHash('sha256').update(svg).digest('hex').slice(0, 16);
}

/**
 * Rasterises an SVG and puts it through the shop's own upload pipeline (`storeImage`, into a
 * scratch folder), so the committed files are exactly what an upload of the same picture becomes.
 */
export async function rasterise(svg: string): Promise<StoredForm> {
  // Uncompressed PNG: it only travels in memory to storeImage, so encoding speed beats size.
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 0 }).toBuffer();
  const scratch = await mkdtemp(path.join(tmpdir(), 'demo-art-'));
  try {
    const { url, width, height } = await storeImage(new LocalDiskStorage(scratch), png);
    const hash = url.slice(UPLOADS_PREFIX.length, -'.webp'.length);
    const full = await readFile(path.join(scratch, `${hash}.webp`));
    const widths = new Map<number, Buffer>();
    for (const w of IMAGE_WIDTHS) widths.set(w, await readFile(path.join(scratch, `${hash}-w${w}.webp`)));
    return { full, width, height, widths };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
