// The returns module's public functions: what the rest of the server may use.
export { returnsRoutes } from './returns.routes';
export { createReturnsService, type ReturnsService } from './returns.service';
export { createReturnMails, type ReturnMails } from './return-mails';
