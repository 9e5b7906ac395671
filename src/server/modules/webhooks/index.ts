// The webhooks module's public functions: what the rest of the server may use.
export { webhooksRoutes } from './webhooks.routes';
export { createWebhooksService, type WebhooksService } from './webhooks.service';
export { createWebhookEvents, type WebhookEvents } from './webhook-events';
export { createWebhookSender, type WebhookSender } from './webhook-sender';
