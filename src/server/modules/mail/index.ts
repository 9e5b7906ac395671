export { createMailer, firstLink, type MailMessage, type Mailer } from './mailer';
export {
  orderExpiredMail,
  type OrderMailFacts,
  orderPaidMail,
  orderPlacedMail,
  orderShippedMail,
  passwordResetMail,
} from './messages';
