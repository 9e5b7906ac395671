import * as copy from '#shared/copy';
import type { ListUsersQuery, Me, ProfileUpdate, Role, User, UserList, UserListItem, UserUpdate } from '#shared/schemas/accounts';
import type { Db } from '../../db/database';
import type { AuthFlag, AuthTimestamp, UserRow } from '../../db/schema';
import { AppError } from '../../app-error';
import type { SessionUser } from '../../session-user';
import { membershipOf } from '../companies';
import { type ObjectStorage, isOwnUpload } from '../uploads';
import type { Auth } from './auth';
import * as repo from './users.repository';

/** The user as better-auth hands it over (camelCase, Dates). */
export interface AuthUser {
  id: string;
  name: string;
  email: string;
  emailVerified: AuthFlag;
  image?: string | null;
  role?: string | null;
  createdAt: AuthTimestamp;
}

function toRole(role: string | null | undefined): Role {
  return role === 'admin' ? 'admin' : 'customer';
}

function toIso(value: AuthTimestamp): string {
  return new Date(value).toISOString();
}

export function fromAuthUser(user: AuthUser): User {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: Boolean(user.emailVerified),
    image: user.image ?? null,
    role: toRole(user.role),
    createdAt: toIso(user.createdAt),
  };
}

export function fromUserRow(row: UserRow): User {
  return fromAuthUser({ ...row, emailVerified: row.email_verified, createdAt: row.created_at });
}

/** The account with this id, as a session carries it; undefined when there is none. */
export async function userById(db: Db, id: string): Promise<User | undefined> {
  const row = await repo.findUser(db, id);
  return row && fromUserRow(row);
}

/** A row of Manage Users: the account, and the tax status that decides what its orders are charged. */
function toListItem(row: UserRow): UserListItem {
  const { id, name, email, image, role, createdAt } = fromUserRow(row);
  return { id, name, email, image, role, createdAt, vatId: row.vat_id, taxExemptReason: row.tax_exempt_reason };
}

export function toMe(user: User, taxStatus: { vatId: string | null; taxExemptReason: string | null }): Me {
  return { user, isAdmin: user.role === 'admin', ...taxStatus };
}

export function createUsersService({ db, auth, storage }: { db: Db; auth: Auth; storage: ObjectStorage }) {
  const internalAdapter = async () => (await auth.$context).internalAdapter;

  async function existingUser(id: string): Promise<User> {
    const row = await repo.findUser(db, id);
    if (!row) throw new AppError('not_found', copy.users.notFound);
    return fromUserRow(row);
  }

  return {
    /** The signed-in user with their VAT ID, which the session does not carry, and their company if any. */
    async me(user: SessionUser): Promise<Me> {
      const [taxStatus, membership] = await Promise.all([repo.findTaxStatus(db, user.id), membershipOf(db, user.id)]);
      const company = membership ? { id: membership.companyId, role: membership.role, status: membership.status } : null;
      return { ...toMe(user, taxStatus), company };
    },

    async updateProfile(user: SessionUser, input: ProfileUpdate): Promise<Me> {
      if (input.image && !(await isOwnUpload(storage, input.image))) {
        throw new AppError('validation_failed', copy.users.imageNotUploaded, { image: copy.users.imageNotUploaded });
      }
      // The VAT ID is the shop's column (checked and normalised by the schema); name and photo are better-auth's.
      if (input.vatId !== undefined) await repo.updateVatId(db, user.id, input.vatId);
      const changes = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.image !== undefined ? { image: input.image || null } : {}),
      };
      const taxStatus = await repo.findTaxStatus(db, user.id);
      if (Object.keys(changes).length === 0) return toMe(user, taxStatus);
      const updated = await (await internalAdapter()).updateUser(user.id, changes);
      return toMe(fromAuthUser(updated), taxStatus);
    },

    async listUsers(query: ListUsersQuery): Promise<UserList> {
      const { rows, total } = await repo.listUsers(db, query);
      return { items: rows.map(toListItem), total, page: query.page, limit: query.limit };
    },

    /**
     * Makes a user admin, or an admin a customer again. Never one's own role: the admin who acts stays
     * admin, so the shop always keeps at least one. Checked with the admins locked, so that admins
     * demoting each other at once cannot both succeed: the one who is no longer admin is refused.
     */
    async setRole(actor: SessionUser, id: string, role: Role): Promise<UserListItem> {
      if (actor.id === id) throw new AppError('business_rule', copy.users.cannotChangeOwnRole);
      const row = await db.transaction().execute(async (trx) => {
        await repo.lockAdmins(trx);
        const target = await repo.findUser(trx, id);
        if (!target) throw new AppError('not_found', copy.users.notFound);
        const acting = await repo.findUser(trx, actor.id);
        if (acting?.role !== 'admin') throw new AppError('forbidden', copy.auth.adminOnly);
        if (role !== 'admin' && target.role === 'admin' && (await repo.countAdmins(trx)) <= 1) {
          throw new AppError('business_rule', copy.users.lastAdmin);
        }
        if (target.role !== role) await repo.updateRole(trx, id, role);
        return repo.findUser(trx, id);
      });
      if (!row) throw new AppError('not_found', copy.users.notFound);
      return toListItem(row);
    },

    /**
     * Admin: a user's role, tax exemption, or both. The exemption's reason is printed on the buyer's
     * invoices; null charges them tax again. Orders already placed keep what they were charged.
     */
    async updateUser(actor: SessionUser, id: string, { role, taxExemptReason }: UserUpdate): Promise<UserListItem> {
      if (taxExemptReason !== undefined) {
        await existingUser(id);
        await repo.updateTaxExemption(db, id, taxExemptReason);
      }
      if (role !== undefined) return this.setRole(actor, id, role);
      const row = await repo.findUser(db, id);
      if (!row) throw new AppError('not_found', copy.users.notFound);
      return toListItem(row);
    },

    /** Deletes the account with its sessions and sign-in methods, so its next request is anonymous. */
    async removeUser(actor: SessionUser, id: string): Promise<void> {
      if (actor.id === id) throw new AppError('business_rule', copy.users.cannotRemoveSelf);
      await existingUser(id);
      await (await internalAdapter()).deleteUser(id);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
