import * as copy from '#shared/copy';
import {
  type ApiKey,
  type ApiKeyList,
  type ApiKeyScope,
  apiKeyScopeSchema,
  type CreateApiKeyInput,
  type CreatedApiKey,
} from '#shared/schemas/api-keys';
import { AppError } from '../../app-error';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { newId } from '../../ids';
import type { SessionUser } from '../../session-user';
import { membershipOf } from '../companies';
import { userById } from '../users';
import { type ApiKeyRow, insertApiKey, liveKeyByHash, liveKeysOf, revokeKey, touchKey } from './api-keys.repository';
import { hashOfSecret, looksLikeSecret, newSecret, shownPartOf } from './secrets';

const s = copy.apiKeys;
/** A key's last use is written at most once in this long (docs/shop-rules.md, "API keys"). */
export const LAST_USED_PRECISION_MS = 60_000;

/** Whose keys a user manages: their company's (a company admin) or the shop's (null, a shop admin). */
interface KeyOwner {
  companyId: string | null;
}

function scopesOf(row: ApiKeyRow): ApiKeyScope[] {
  return row.scopes.split(' ').flatMap((scope) => {
    const parsed = apiKeyScopeSchema.safeParse(scope);
    return parsed.success ? [parsed.data] : [];
  });
}

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    scopes: scopesOf(row),
    prefix: row.prefix,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}

export function createApiKeysService(db: Db, { clock }: { clock: Clock }) {
  /** 403 for anyone but a company admin or a shop admin. */
  async function ownerFor(user: SessionUser): Promise<KeyOwner> {
    if (user.role === 'admin') return { companyId: null };
    const membership = await membershipOf(db, user.id);
    if (membership?.role !== 'company_admin') throw new AppError('forbidden', s.adminsOnly);
    return { companyId: membership.companyId };
  }

  return {
    /** Run by the routes' guard before the body is read: who may manage keys at all. */
    ownerFor,

    async create(owner: KeyOwner, user: SessionUser, input: CreateApiKeyInput): Promise<CreatedApiKey> {
      const secret = newSecret();
      const row: ApiKeyRow = {
        id: newId(),
        company_id: owner.companyId,
        created_by: user.id,
        name: input.name,
        scopes: input.scopes.join(' '),
        secret_hash: hashOfSecret(secret),
        prefix: shownPartOf(secret),
        created_at: clock.now().toISOString(),
        last_used_at: null,
        revoked_at: null,
      };
      await insertApiKey(db, row);
      return { id: row.id, name: row.name, scopes: input.scopes, prefix: row.prefix, secret };
    },

    async list(owner: KeyOwner): Promise<ApiKeyList> {
      return { items: (await liveKeysOf(db, owner.companyId)).map(toApiKey) };
    },

    /** 404 for a key of another company (or none); revoking twice is still 204. */
    async revoke(owner: KeyOwner, id: string): Promise<void> {
      if (!(await revokeKey(db, owner.companyId, id, clock.now().toISOString()))) throw new AppError('not_found', s.notFound);
    },

    /**
     * The user a request with `secret` acts as: the admin who made the key, with the key's scopes,
     * while they are still its company's admin (or a shop admin, for a shop key). Null for a revoked,
     * unknown or malformed key, or one whose maker no longer holds that role: the caller answers
     * each with the same 401.
     */
    async authenticate(secret: string): Promise<SessionUser | null> {
      if (!looksLikeSecret(secret)) return null;
      const row = await liveKeyByHash(db, hashOfSecret(secret));
      if (!row) return null;
      const user = await userById(db, row.created_by);
      if (!user) return null;
      if (row.company_id === null) {
        if (user.role !== 'admin') return null;
      } else {
        const membership = await membershipOf(db, user.id);
        if (membership?.companyId !== row.company_id || membership.role !== 'company_admin') return null;
      }
      const now = clock.now();
      const lastUsed = row.last_used_at === null ? 0 : new Date(row.last_used_at).getTime();
      if (now.getTime() - lastUsed >= LAST_USED_PRECISION_MS) {
        await touchKey(db, row.id, now.toISOString(), new Date(now.getTime() - LAST_USED_PRECISION_MS).toISOString());
      }
      return { ...user, apiKey: { id: row.id, scopes: scopesOf(row) } };
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
export type { KeyOwner };
