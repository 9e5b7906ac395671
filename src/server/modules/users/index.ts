export { createAuth, type Auth } from './auth';
export { authRoutesPlugin, DEFAULT_ABUSE_LIMITS, type AbuseLimits } from './auth.routes';
export { AccountInputError, createAdmin, demoAccounts, ensureDemoAccounts, type AccountInput } from './accounts';
export { createSessionResolver } from './sessions';
export { usersRoutes } from './users.routes';
export { createUsersService, type UsersService } from './users.service';
// For the shop's mails to its admins (low stock) and its customers (whether a name may go into one),
// with the caller's transaction.
export { adminRecipients, buyerTaxStatusOf, isAddressConfirmed } from './users.repository';
