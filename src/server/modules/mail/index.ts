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
  backInStockMail,
  companyApprovedMail,
  companyDeclinedMail,
  companyInvitationMail,
  emailVerificationMail,
  invoiceReminderMail,
  lowStockMail,
  orderCancelledByShopMail,
  orderApprovalRequestMail,
  orderApprovedMail,
  orderAwaitingApprovalMail,
  orderCreditedMail,
  orderDeclinedMail,
  orderOnAccountMail,
  orderExpiredMail,
  type OrderMailFacts,
  orderPaidMail,
  orderPlacedMail,
  orderShippedMail,
  type ShopCancelReason,
  passwordResetMail,
  type Recipient,
  returnChangedMail,
  type ReturnMailFacts,
} from './messages';
