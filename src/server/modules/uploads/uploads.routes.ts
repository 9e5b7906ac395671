import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as copy from '#shared/copy';
import { MAX_UPLOAD_BYTES, uploadedImageSchema } from '#shared/schemas/accounts';
import { AppError } from '../../app-error';
import { requireUser } from '../../http/guards';
import { problemSchema } from '../../http/openapi';
import { IMMUTABLE_CACHE_CONTROL } from './s3-storage';
import { type ObjectStorage, isValidKey } from './storage';
import type { UploadsService } from './uploads.service';

/**
 * Serves stored pictures. Names are content hashes, so each URL's bytes never change. With `publicUrl`
 * (a CDN in front of the bucket) it only points the browser there: stored URLs stay `/uploads/<key>`.
 */
export const uploadsServingRoutes: FastifyPluginAsync<{ storage: ObjectStorage; publicUrl?: string | undefined }> = async (
  app,
  { storage, publicUrl },
) => {
  const notFound = (reply: FastifyReply) =>
    reply.code(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send('Not found');

  app.get<{ Params: { key: string } }>('/uploads/:key', { schema: { hide: true } }, async (request, reply) => {
    const { key } = request.params;
    if (publicUrl) {
      if (!isValidKey(key)) return notFound(reply);
      // Temporary, and cached a day only: the CDN's address is configuration and may change, the
      // stored URLs must keep working when it does. No lookup: the CDN answers 404 for a missing key.
      return reply.header('cache-control', 'public, max-age=86400').redirect(`${publicUrl}/${key}`, 302);
    }
    const file = await storage.get(key);
    if (!file) return notFound(reply);
    return reply
      .type(file.contentType)
      .header('content-length', file.size)
      .header('cache-control', IMMUTABLE_CACHE_CONTROL)
      .header('x-content-type-options', 'nosniff')
      .send(file.body);
  });
};

/** Browsers send a file's own name only; separators, `.`/`..` or control characters mean a path. */
function isPathLike(filename: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /[/\\\u0000-\u001f]/.test(filename) || filename === '.' || filename === '..';
}

/**
 * The multipart reader throws plain errors (no status) for bytes it cannot parse: no boundary, a
 * boundary that never comes, a body cut short. Those are the client's fault, answered 400; the
 * reader's own 4xx errors (too large, too many parts) keep their status.
 */
function asClientError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status < 500) return error;
  return new AppError('validation_failed', copy.uploads.malformed, { image: copy.uploads.malformed });
}

/** The bytes of the multipart field `image`, at most MAX_UPLOAD_BYTES of them. */
async function readImageField(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', copy.uploads.fieldMissing);
  const file = await request.file().catch((error: unknown) => {
    throw asClientError(error);
  });
  if (!file || file.fieldname !== 'image') {
    throw new AppError('validation_failed', copy.uploads.fieldMissing, { image: copy.validation.imageRequired });
  }
  // The name is never used (pictures are stored by content hash), but a name that climbs folders is an
  // attack or a broken client, and is refused rather than quietly cut to its last segment.
  if (isPathLike(file.filename)) {
    file.file.resume();
    throw new AppError('validation_failed', copy.uploads.pathInName, { image: copy.uploads.pathInName });
  }
  const chunks: Buffer[] = [];
  let bytes = 0;
  try {
    // Every byte is counted, to the part's end, before the size is judged: toBuffer looked for the
    // reader's cut after each chunk only, so a part cut where a chunk ended came out as 5 MB whole.
    for await (const chunk of file.file as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytes <= MAX_UPLOAD_BYTES) chunks.push(chunk);
    }
  } catch (error) {
    throw asClientError(error);
  }
  if (bytes > MAX_UPLOAD_BYTES || file.file.truncated) throw new AppError('payload_too_large', copy.uploads.tooLarge);
  return Buffer.concat(chunks, bytes);
}

/** POST /api/uploads: signed-in users upload a picture and get back the URL to put in a form. */
export const imageUploadRoutes: FastifyPluginAsyncZod<{ uploads: UploadsService; perMinute: number }> = async (
  app,
  { uploads, perMinute },
) => {
  // The reader passes one byte past the limit, so that the count above sees every part over it.
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 5, parts: 6 },
    preservePath: true,
  });
  app.post(
    '/api/uploads',
    {
      preValidation: requireUser,
      config: { rateLimit: { max: perMinute } },
      schema: {
        tags: ['uploads'],
        summary: 'Upload a picture (multipart field "image": JPEG, PNG, WebP, AVIF or GIF, at most 5 MB)',
        consumes: ['multipart/form-data'],
        response: {
          201: uploadedImageSchema,
          400: problemSchema,
          401: problemSchema,
          413: problemSchema,
          415: problemSchema,
          429: problemSchema,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await uploads.uploadImage(await readImageField(request))),
  );
};
