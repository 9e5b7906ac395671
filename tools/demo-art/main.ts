// npm run demo-art — draws every demo picture and writes it, in the form the shop stores uploads in,
// to src/server/db/seed/pictures/ with its manifest.json; commit what changes. The seed only copies
// these files (docs/decisions/0016-demo-pictures-as-assets.md).
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_PICTURES_MANIFEST, type DemoPictureManifest, demoPicturesDir } from '../../src/server/db/seed/demo-pictures';
import { type DemoArt, demoArt } from './demo-art';
import { drawingDigest, rasterise } from './rasterise';

/** Two at a time: rasterising is CPU-bound and a development machine has at least two cores. */
const CONCURRENCY = 2;

const outDir = fileURLToPath(demoPicturesDir);
const pictures = demoArt();
const manifest: DemoPictureManifest = {};
const written = new Set<string>([DEMO_PICTURES_MANIFEST]);
let bytes = 0;

async function write(file: string, body: Buffer): Promise<void> {
  await mkdir(path.dirname(path.join(outDir, file)), { recursive: true });
  await writeFile(path.join(outDir, file), body);
  written.add(file);
  bytes += body.length;
}

async function render(picture: DemoArt): Promise<void> {
  const svg = picture.svg();
  const stored = await rasterise(svg);
  const file = `${picture.name}.webp`;
  await write(file, stored.full);
  const widths: Record<string, string> = {};
  for (const [width, body] of stored.widths) {
    if (body.equals(stored.full)) {
      widths[String(width)] = file;
    } else {
      widths[String(width)] = `${picture.name}-w${width}.webp`;
      await write(widths[String(width)]!, body);
    }
  }
  manifest[picture.name] = { file, width: stored.width, height: stored.height, widths, drawing: drawingDigest(svg) };
}

let next = 0;
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < pictures.length) {
      const picture = pictures[next++]!;
      await render(picture);
    }
  }),
);

// In the seed's order, so the manifest's diff follows the catalogue's.
const ordered = Object.fromEntries(pictures.map((picture) => [picture.name, manifest[picture.name]]));
await writeFile(path.join(outDir, DEMO_PICTURES_MANIFEST), `${JSON.stringify(ordered, null, 2)}\n`);

// Files of pictures that no longer exist.
const stale = (await readdir(outDir, { recursive: true, withFileTypes: true }))
  .filter((entry) => entry.isFile())
  .map((entry) => path.relative(outDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
  .filter((file) => !written.has(file));
for (const file of stale) await rm(path.join(outDir, file));

console.log(
  `demo art: ${pictures.length} pictures, ${written.size - 1} files, ${(bytes / 1024).toFixed(0)} KiB in ${path.relative(process.cwd(), outDir)}` +
    (stale.length > 0 ? `; removed ${stale.length} stale files` : ''),
);
