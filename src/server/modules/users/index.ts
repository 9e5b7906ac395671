export { createAuth, type Auth } from './auth';
export { authRoutesPlugin, DEFAULT_ABUSE_LIMITS, type AbuseLimits } from './auth.routes';
export {
  AccountInputError,
  createAdmin,
  demoAccounts,
  demoTradeAccount,
  ensureAccount,
  ensureDemoAccounts,
  type AccountInput,
} from './accounts';
export { createSessionResolver } from './sessions';
export { usersRoutes } from './users.routes';
export { createUsersService, type UsersService } from './users.service';
// For the shop's mails to its admins (low stock) and its customers (whether a name may go into one; who
// asked to hear that a part is back),
// with the caller's transaction.
export { adminRecipients, isAddressConfirmed, recipientsByIds } from './users.repository';
// For the cart's quote and the order: one decision of whose tax status prices them.
export { taxStatusOfBuyer } from './buyer-tax-status';
// For API keys: the user a key acts as, read afresh on each request.
export { userById } from './users.service';
