export { createMailer, firstLink, type MailMessage, type Mailer } from './mailer';
export { ADDRESS_MAIL_LIMIT, type AddressMailLimit, addressTag } from './address-limits';
export {
  createMailDispatcher,
  DEFAULT_OUTBOX_POLICY,
  enqueueMail,
  type MailDispatcher,
  outboxMail,
  outboxMailer,
  type OutboxPolicy,
  retryDelayMs,
} from './mail-outbox';
export { countOutboxMails } from './mail-outbox.repository';
export {
  companyApprovedMail,
  companyDeclinedMail,
  emailVerificationMail,
  lowStockMail,
  orderCancelledByShopMail,
  orderCreditedMail,
  orderExpiredMail,
  type OrderMailFacts,
  orderPaidMail,
  orderPlacedMail,
  orderShippedMail,
  type ShopCancelReason,
  passwordResetMail,
  type Recipient,
} from './messages';
