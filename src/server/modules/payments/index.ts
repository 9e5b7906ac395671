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
export { createInvoiceMails, type InvoiceMails } from './invoice-mails';
export { invoicePaymentsRoutes } from './invoice-payments.routes';
export { createInvoicePaymentsService, type InvoicePaymentsService } from './invoice-payments.service';
export { createInvoiceReminders, type InvoiceReminders } from './invoice-reminders';
