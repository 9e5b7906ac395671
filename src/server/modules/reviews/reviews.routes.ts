import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listReviewsQuerySchema, reviewListSchema } from '#shared/schemas/reviews';
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
};
