export type {
  ConfirmInput,
  ConfirmResult,
  CreateIntentInput,
  CreatedIntent,
  PaymentProvider,
  Refund,
  RefundInput,
} from './payment-provider';
export { paymentsRoutes } from './payments.routes';
export { createPaymentsService, type PaymentEvent, type PaymentsService } from './payments.service';
export { SandboxProvider } from './sandbox-provider';
export { StripeProvider, type StripeProviderOptions } from './stripe-provider';
export { stripeWebhookRoutes } from './stripe-webhook.routes';
