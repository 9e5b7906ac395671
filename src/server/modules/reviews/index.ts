export { reviewsRoutes } from './reviews.routes';
export { createReviewsService, type ReviewsService } from './reviews.service';
