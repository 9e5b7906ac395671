import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/** One pre-compressed form of a built file, with the validators @fastify/static's `send` gives it. */
export interface StaticForm {
  body: Buffer;
  /** `W/"<size>-<mtime>"` in hexadecimal, of the compressed file sent. */
  etag: string;
  lastModified: string;
}

/** A file of the web build that the build compressed ahead (scripts/compress-assets.mjs). */
export interface StaticFile {
  contentType: string;
  cacheControl: string;
  br: StaticForm;
  gzip: StaticForm;
}

/** By request path (`/assets/index-1a2b.js`, `/page-boot.js`). */
export type StaticFiles = ReadonlyMap<string, StaticFile>;

/** The content types @fastify/static names for the types the build compresses. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** Hashed assets never change under their name; the rest of the build may change with a release. */
export function staticCacheControl(filePath: string): string {
  return filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600';
}

async function formOf(file: string): Promise<StaticForm> {
  const [body, stats] = await Promise.all([readFile(file), stat(file)]);
  return {
    body,
    etag: `W/"${stats.size.toString(16)}-${stats.mtime.getTime().toString(16)}"`,
    lastModified: stats.mtime.toUTCString(),
  };
}

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

/**
 * The build's files that have both a `.br` and a `.gz` beside them, read once at start (a megabyte or
 * so), for the answers sent before Fastify. index.html is not among them: pages are answered by the
 * web app's routes.
 */
export async function loadStaticFiles(distDir: string): Promise<StaticFiles> {
  const files = new Map<string, StaticFile>();
  const all = new Set<string>();
  for await (const file of filesUnder(distDir)) all.add(file);
  for (const file of all) {
    const contentType = CONTENT_TYPES[path.extname(file)];
    if (!contentType || path.relative(distDir, file) === 'index.html') continue;
    if (!all.has(`${file}.br`) || !all.has(`${file}.gz`)) continue;
    const [br, gzip] = await Promise.all([formOf(`${file}.br`), formOf(`${file}.gz`)]);
    const urlPath = `/${path.relative(distDir, file).split(path.sep).join('/')}`;
    files.set(urlPath, { contentType, cacheControl: staticCacheControl(file), br, gzip });
  }
  return files;
}

/**
 * The form @fastify/static picks for an Accept-Encoding without weights (what browsers send): brotli,
 * then gzip (`*` counting as gzip). Undefined when the header has weights, or names neither: Fastify
 * answers those, as it would anyway.
 */
export function staticEncodingFor(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding || acceptEncoding.includes(';')) return undefined;
  const tokens = acceptEncoding
    .toLowerCase()
    .split(',')
    .map((token) => token.trim());
  if (tokens.includes('br')) return 'br';
  if (tokens.includes('gzip') || tokens.includes('*')) return 'gzip';
  return undefined;
}
