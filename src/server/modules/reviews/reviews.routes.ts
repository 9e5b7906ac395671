import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createdSchema } from '#shared/schemas/content';
import { listReviewsQuerySchema, reviewInputSchema, reviewListSchema } from '#shared/schemas/reviews';
import { requireUser, signedInUser } from '../../http/guards';
import { problemSchema } from '../../http/openapi';
import type { ReviewsService } from './reviews.service';

export const reviewsRoutes: FastifyPluginAsyncZod<{ reviews: ReviewsService }> = async (app, { reviews }) => {
  app.get(
    '/api/reviews',
    {
      config: { cache: 'public' },
      schema: {
        tags: ['reviews'],
        summary: 'Reviews, newest first',
        querystring: listReviewsQuerySchema,
        response: { 200: reviewListSchema, 400: problemSchema },
      },
    },
    async (request) => reviews.listReviews(request.query),
  );

  app.post(
    '/api/reviews',
    {
      // The guard runs before validation, so a visitor learns nothing of the body's rules.
      preValidation: requireUser,
      schema: {
        tags: ['reviews'],
        summary: 'Add a review (the avatar must be a URL returned by POST /api/uploads)',
        body: reviewInputSchema,
        response: { 201: createdSchema, 400: problemSchema, 401: problemSchema },
      },
    },
    async (request, reply) => {
      const created = await reviews.addReview(signedInUser(request).id, request.body);
      app.responseCache.invalidate();
      return reply.code(201).send(created);
    },
  );
};
