import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { IMAGE_WIDTHS } from '#shared/paths';
import { type ObjectStorage, UPLOADS_PREFIX } from '../../modules/uploads';

/**
 * The demo pictures are drawn by a development tool (`npm run demo-art`, tools/demo-art/) and
 * committed in the form uploads are stored in: WebP at each of the shop's widths, a width the picture
 * does not reach being the full picture itself. The seed only copies their bytes into the object
 * storage, under the names an upload of the same picture would get (docs/decisions/0016-demo-pictures-as-assets.md).
 */

/** Names of the committed pictures, shared with the tool that draws them. */
export const demoPictureName = {
  part: (key: string) => `parts/${key}`,
  review: (key: string) => `reviews/${key}`,
  blogPost: (slug: string) => `blog/${slug}`,
};

const manifestEntrySchema = z.object({
  /** The full picture's file, relative to the pictures folder. */
  file: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** Each width's file; the full picture's own file for a width the picture does not exceed. */
  widths: z.record(z.string(), z.string()),
  /** A digest of the drawing the files were made from, so a test can tell when they are out of date. */
  drawing: z.string(),
});

export const demoPictureManifestSchema = z.record(z.string(), manifestEntrySchema);
export type DemoPictureManifest = z.infer<typeof demoPictureManifestSchema>;
export type DemoPictureEntry = z.infer<typeof manifestEntrySchema>;

export const DEMO_PICTURES_MANIFEST = 'manifest.json';

/**
 * The committed pictures: next to this file in the sources (tsx, Vitest); next to the bundle in
 * dist/server, where scripts/build-server.mjs copies them.
 */
export const demoPicturesDir = new URL('./pictures/', import.meta.url);

export async function readDemoPictureManifest(dir: URL = demoPicturesDir): Promise<DemoPictureManifest> {
  return demoPictureManifestSchema.parse(JSON.parse(await readFile(new URL(DEMO_PICTURES_MANIFEST, dir), 'utf8')));
}

/**
 * Puts one committed picture into the storage the way `storeImage` stores an upload (named by the
 * hash of its full WebP, each width beside it, nothing written when it is already there) and answers
 * its URL.
 */
export async function storeDemoPicture(
  storage: ObjectStorage,
  manifest: DemoPictureManifest,
  name: string,
  dir: URL = demoPicturesDir,
): Promise<string> {
  const entry = manifest[name];
  if (!entry) throw new Error(`The demo picture "${name}" is missing; run \`npm run demo-art\``);
  const full = await readFile(new URL(entry.file, dir));
  const hash = createHash('sha256').update(full).digest('hex').slice(0, 32);
  if (!(await storage.exists(`${hash}.webp`))) {
    for (const width of IMAGE_WIDTHS) {
      const file = entry.widths[String(width)];
      if (file === undefined) throw new Error(`The demo picture "${name}" has no ${width} px width; run \`npm run demo-art\``);
      await storage.put(`${hash}-w${width}.webp`, file === entry.file ? full : await readFile(new URL(file, dir)), 'image/webp');
    }
    // Last, as saveImage does: its presence says the whole set is there.
    await storage.put(`${hash}.webp`, full, 'image/webp');
  }
  return `${UPLOADS_PREFIX}${hash}.webp`;
}
