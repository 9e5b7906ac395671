import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS } from '../../src/shared/paths';
import {
  DEMO_PICTURES_MANIFEST,
  type DemoPictureManifest,
  demoPicturesDir,
  readDemoPictureManifest,
} from '../../src/server/db/seed/demo-pictures';
import { artWithoutRows, demoArt } from './demo-art';
import { drawingDigest, rasterise } from './rasterise';

const pictures = demoArt();
const regenerate = 'run `npm run demo-art` and commit src/server/db/seed/pictures/';

async function committedFiles(): Promise<string[]> {
  const dir = fileURLToPath(demoPicturesDir);
  return (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

describe('demo art', () => {
  let manifest: DemoPictureManifest;

  beforeAll(async () => {
    manifest = await readDemoPictureManifest();
  });

  it('draws a picture for every part, review and blog post the seed creates, and keeps no art for rows that are gone', () => {
    expect(pictures.length).toBeGreaterThanOrEqual(24 + 12 + 3);
    expect(new Set(pictures.map((picture) => picture.name)).size).toBe(pictures.length);
    expect(artWithoutRows()).toEqual([]);
  });

  it('draws every picture as an SVG document the rasteriser reads, at its shape', async () => {
    const shapes = { parts: 4 / 3, reviews: 1, blog: 16 / 9 } as Record<string, number>;
    for (const picture of pictures) {
      const svg = picture.svg();
      expect(svg, picture.name).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(svg, picture.name).toMatch(/<\/svg>$/);
      // Parsing (not rendering) is enough to refuse malformed markup.
      const meta = await sharp(Buffer.from(svg)).metadata();
      expect(meta.format, picture.name).toBe('svg');
      expect(meta.width! / meta.height!, picture.name).toBeCloseTo(shapes[picture.name.split('/')[0]!]!, 2);
    }
  });

  it('has a committed picture, drawn from the current drawing, for every drawing, and no other', async () => {
    expect(Object.keys(manifest).sort(), regenerate).toEqual(pictures.map((picture) => picture.name).sort());
    const stale = pictures.filter((picture) => manifest[picture.name]?.drawing !== drawingDigest(picture.svg()));
    expect(
      stale.map((picture) => picture.name),
      regenerate,
    ).toEqual([]);
  });

  it('commits each picture at every width the shop serves, and no file the manifest does not name', async () => {
    const named = new Set([DEMO_PICTURES_MANIFEST]);
    for (const [name, entry] of Object.entries(manifest)) {
      expect(Object.keys(entry.widths).map(Number).sort(), name).toEqual([...IMAGE_WIDTHS].sort());
      named.add(entry.file);
      for (const file of Object.values(entry.widths)) named.add(file);
    }
    expect((await committedFiles()).sort(), regenerate).toEqual([...named].sort());
  });

  it('turns a drawing into the WebP files an upload of it would be', async () => {
    const picture = pictures[0]!;
    const stored = await rasterise(picture.svg());
    const meta = await sharp(stored.full).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([stored.width, stored.height]);
    expect([stored.width, stored.height]).toEqual([manifest[picture.name]!.width, manifest[picture.name]!.height]);
    for (const width of IMAGE_WIDTHS) {
      const variant = await sharp(stored.widths.get(width)).metadata();
      expect(variant.format).toBe('webp');
      expect(variant.width).toBe(Math.min(width, stored.width));
    }
  });
});
