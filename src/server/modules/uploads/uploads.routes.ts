import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { copy } from '#shared/copy';
import { MAX_UPLOAD_BYTES, uploadedImageSchema } from '#shared/schemas/accounts';
import { AppError } from '../../http/errors';
import { requireUser } from '../../http/guards';
import { problemSchema } from '../../http/openapi';
import type { ObjectStorage } from './storage';
import type { UploadsService } from './uploads.service';

/** Serves stored pictures. Names are content hashes, so each URL's bytes never change. */
export const uploadsServingRoutes: FastifyPluginAsync<{ storage: ObjectStorage }> = async (app, { storage }) => {
  app.get<{ Params: { key: string } }>('/uploads/:key', { schema: { hide: true } }, async (request, reply) => {
    const file = await storage.get(request.params.key);
    if (!file) {
      return reply.code(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send('Not found');
    }
    return reply
      .type(file.contentType)
      .header('content-length', file.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(file.body);
  });
};

/** The bytes of the multipart field `image`, at most MAX_UPLOAD_BYTES of them. */
async function readImageField(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', copy.uploads.fieldMissing);
  const file = await request.file();
  if (!file || file.fieldname !== 'image') {
    throw new AppError('validation_failed', copy.uploads.fieldMissing, { image: copy.validation.imageRequired });
  }
  try {
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof request.server.multipartErrors.RequestFileTooLargeError)
      throw new AppError('payload_too_large', copy.uploads.tooLarge);
    throw error;
  }
}

/** POST /api/uploads: signed-in users upload a picture and get back the URL to put in a form. */
export const imageUploadRoutes: FastifyPluginAsyncZod<{ uploads: UploadsService; perMinute: number }> = async (
  app,
  { uploads, perMinute },
) => {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } });
  app.post(
    '/api/uploads',
    {
      preValidation: requireUser,
      config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
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
