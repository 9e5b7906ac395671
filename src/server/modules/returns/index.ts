// The returns module's public functions: what the rest of the server may use.
export { returnsRoutes } from './returns.routes';
export { createReturnsService, type ReturnsService } from './returns.service';
export { createReturnMails, type ReturnMails } from './return-mails';
// For the admin overview: returns by reason and the core deposits still open.
export { openCoreDepositsCents, returnLinesByReason } from './returns.repository';
