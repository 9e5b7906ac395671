import { z } from 'zod';
import * as copy from '#shared/copy';
import { idSchema, isoDateTime } from './common';

/**
 * API keys (docs/shop-rules.md, "API keys"): a company admin's keys act for their company, a shop
 * admin's for the shop. Each key carries the scopes it may use; a route a key may call names the one
 * it needs (docs/decisions/0048-api-keys.md).
 */
export const apiKeyScopeValues = ['catalogue:read', 'orders:read', 'orders:write', 'invoices:read'] as const;
export const apiKeyScopeSchema = z.enum(apiKeyScopeValues);
export type ApiKeyScope = z.infer<typeof apiKeyScopeSchema>;

export const MAX_API_KEY_NAME = 80;
/** What every secret starts with, so that a scanner (and a person) recognises one. */
export const API_KEY_SECRET_PREFIX = 'gh_live_';

export const createApiKeyInputSchema = z.object({
  name: z
    .string({ error: copy.apiKeys.nameRequired })
    .trim()
    .min(1, copy.apiKeys.nameRequired)
    .max(MAX_API_KEY_NAME, copy.apiKeys.nameTooLong(MAX_API_KEY_NAME)),
  scopes: z
    .array(z.enum(apiKeyScopeValues, { error: copy.apiKeys.unknownScope }), { error: copy.apiKeys.scopesRequired })
    .min(1, copy.apiKeys.scopesRequired)
    .max(apiKeyScopeValues.length, copy.apiKeys.duplicateScope)
    .refine((scopes) => new Set(scopes).size === scopes.length, copy.apiKeys.duplicateScope),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeyInputSchema>;

export const apiKeyIdParamsSchema = z.object({ id: idSchema });

export const apiKeySchema = z.object({
  id: idSchema,
  name: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  /** The secret's first characters, not enough to use it: tells keys apart in the list. */
  prefix: z.string(),
  createdAt: isoDateTime,
  lastUsedAt: isoDateTime.nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema) }).meta({
  examples: [
    {
      items: [
        {
          id: '0193a1c2-7d4e-7000-8000-00000000c001',
          name: 'ERP order sync',
          scopes: ['orders:read', 'orders:write'],
          prefix: 'gh_live_4fT9',
          createdAt: '2026-12-01T09:30:00.000Z',
          lastUsedAt: '2026-12-06T14:02:11.000Z',
        },
      ],
    },
  ],
});
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** The answer to creating a key: the only time its secret is shown. */
export const createdApiKeySchema = z
  .object({ id: idSchema, name: z.string(), scopes: z.array(apiKeyScopeSchema), prefix: z.string(), secret: z.string() })
  .meta({
    examples: [
      {
        id: '0193a1c2-7d4e-7000-8000-00000000c001',
        name: 'ERP order sync',
        scopes: ['orders:read', 'orders:write'],
        prefix: 'gh_live_4fT9',
        secret: 'gh_live_4fT9qLx2Vb7Rk1mZpW8sYc3Hn6Dj0Ge5Ta9Uf2Ri4Ko7Xw1Lp',
      },
    ],
  });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
