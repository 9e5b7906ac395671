export { createMailer, firstLink, type MailMessage, type Mailer } from './mailer';
export { passwordResetMail } from './messages';
