export type { ConfirmInput, ConfirmResult, CreateIntentInput, CreatedIntent, PaymentProvider } from './payment-provider';
export { paymentsRoutes } from './payments.routes';
export { createPaymentsService, type PaymentsService } from './payments.service';
export { SandboxProvider } from './sandbox-provider';
