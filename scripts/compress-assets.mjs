// Writes .gz and .br beside each compressible file of the web build, so the server sends
// pre-compressed bytes at maximum quality instead of compressing on every request (@fastify/static's
// preCompressed). Small files too: without them @fastify/compress would compress them on every request.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(process.argv[2] ?? 'dist/web');
const compressible = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

let count = 0;
for await (const file of files(root)) {
  if (!compressible.test(file) || file.endsWith('index.html')) continue;
  const body = await readFile(file);
  await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }));
  await writeFile(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  count += 1;
}
console.log(`pre-compressed ${count} files in ${path.relative(process.cwd(), root)}`);
