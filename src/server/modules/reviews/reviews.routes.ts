import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listReviewsQuerySchema, reviewInputSchema, reviewListSchema, reviewSavedSchema } from '#shared/schemas/reviews';
import { requireCustomer, signedInUser } from '../../http/guards';
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
      // The guard runs before validation, so a visitor (401) or an admin (403) learns nothing of the body's rules.
      preValidation: requireCustomer,
      schema: {
        tags: ['reviews'],
        summary:
          "Add the customer's review of the shop, or of a part (`partId`): 201 for the first, 200 when it replaces the earlier one. " +
          'It shows the display name; the avatar must be a URL returned by POST /api/uploads',
        body: reviewInputSchema,
        response: { 200: reviewSavedSchema, 201: reviewSavedSchema, 400: problemSchema, 401: problemSchema, 403: problemSchema },
      },
    },
    async (request, reply) => {
      const saved = await reviews.addReview(signedInUser(request), request.body);
      return reply.code(saved.replaced ? 200 : 201).send(saved);
    },
  );
};
