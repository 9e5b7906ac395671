import { randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '#shared/schemas/webhooks';

/** A signing secret: the prefix and 256 random bits in base64url (43 characters). */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
}
