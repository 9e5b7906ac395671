export const users = {
  notFound: 'This user does not exist.',
  cannotChangeOwnRole: 'You cannot change your own role. Ask another admin to do it.',
  lastAdmin: 'The shop needs at least one admin: make someone else admin first.',
  removeAdmin: 'Remove admin',
  confirmRemoveAdmin: (name: string, email: string) =>
    `${name} (${email}) will become a customer: they can no longer manage parts, orders or users. Another admin can make them admin again.`,
  confirmRemoveAdminYes: 'Yes, remove admin rights',
  keepAdmin: 'Keep as admin',
  adminRemoved: 'Admin rights removed',
  cannotRemoveSelf: 'You cannot remove your own account. Ask another admin to do it.',
  imageNotUploaded: 'Upload the photo first: only pictures uploaded to the shop can be used.',
  index: 'Index',
  details: 'User Details',
  makeAdmin: 'Make Admin',
  removeUser: 'Remove User',
  admin: 'Admin',
  you: 'You',
  searchLabel: 'Search users',
  searchPlaceholder: 'Name or email',
  searchSubmit: 'Search',
  clearSearch: 'Clear search',
  total: (n: number) => `${n} ${n === 1 ? 'user' : 'users'}`,
  empty: 'No users match your search.',
  confirmMakeAdmin: (name: string, email: string) =>
    `${name} (${email}) will be able to manage parts, orders and users, and can only be demoted by another admin.`,
  confirmRemove: (name: string, email: string) =>
    `${name} (${email}) will be removed and signed out everywhere. Their orders stay, with their name and email.`,
  // The confirmation's buttons say what they do.
  confirmMakeAdminYes: 'Yes, make admin',
  keepCustomer: 'Keep as customer',
  confirmRemoveYes: 'Yes, remove the account',
  keepUser: 'Keep the account',
} as const;
