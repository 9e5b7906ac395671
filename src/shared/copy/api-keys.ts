/** API keys (docs/shop-rules.md, "API keys"): the API's messages and the dashboard screen's words. */
export const apiKeys = {
  // The API's refusals.
  nameRequired: 'Give the key a name.',
  nameTooLong: (max: number) => `A key's name has at most ${max} characters.`,
  scopesRequired: 'Choose at least one scope.',
  unknownScope: 'Choose scopes from catalogue:read, orders:read, orders:write and invoices:read.',
  duplicateScope: 'Name each scope once.',
  notFound: 'API key not found.',
  adminsOnly: 'Only a company admin or a shop admin manages API keys.',
  // One sentence for a revoked, unknown or malformed key, so that an answer says nothing of which.
  invalidKey: 'This API key is not valid.',
  scopeMissing: (scope: string) => `This API key lacks the scope ${scope}.`,
  notForKeys: 'API keys cannot call this route.',

  // The dashboard screen.
  title: 'API keys',
  intro: 'Keys let your own systems call the shop. Each key acts for you, with the scopes you give it.',
  empty: 'No API keys yet.',
  create: 'Create key',
  creating: 'Creating…',
  name: 'Name',
  scopes: 'Scopes',
  scopeLabels: {
    'catalogue:read': 'Read the catalogue (catalogue:read)',
    'orders:read': 'Read orders (orders:read)',
    'orders:write': 'Place and cancel orders (orders:write)',
    'invoices:read': 'Read invoices and statements (invoices:read)',
  },
  createdAt: 'Created',
  lastUsedAt: 'Last used',
  neverUsed: 'Never',
  secretLabel: 'Your new key',
  secretShownOnce: 'Copy this key now: it will not be shown again.',
  copySecret: 'Copy',
  secretCopied: 'Copied',
  done: 'Done',
  revoke: 'Revoke',
  revokeConfirm: 'Systems using this key stop working at once.',
  revokeYes: 'Yes, revoke it',
  keepKey: 'Keep the key',
};
