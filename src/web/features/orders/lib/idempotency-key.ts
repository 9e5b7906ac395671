// Shared with the cart's order (src/web/lib): one way to make the key.
export { newIdempotencyKey } from '../../../lib/idempotency-key';
