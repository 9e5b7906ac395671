import { createHash, randomBytes } from 'node:crypto';
import * as copy from '#shared/copy';
import type { Address } from '#shared/schemas/address';
import type { Company, CompanyInvitation, CompanyRole } from '#shared/schemas/companies';
import {
  type CompanyAddressInput,
  type CompanyAddressUpdate,
  INVITATION_DAYS,
  type InvitationInput,
  type InvitationPreview,
  MAX_COMPANY_ADDRESSES,
  MAX_PENDING_INVITATIONS,
  type MemberUpdate,
} from '#shared/schemas/company-members';
import { countryName } from '#shared/schemas/address';
import { deliversTo } from '#shared/order-totals';
import { AppError } from '../../app-error';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import type { CompanyAddressRow, CompanyInvitationRow } from '../../db/schema';
import type { EventBus } from '../../events';
import { newId } from '../../ids';
import type { SessionUser } from '../../session-user';
import { shopSettings } from '../content';
import { companyById, leaveDeclinedCompany, membersOf, membershipOf } from './companies.repository';
import {
  addressOf,
  countAddresses,
  countAdmins,
  countPendingInvitations,
  deleteAddress,
  deleteMember,
  deletePendingInvitation,
  deleteUnacceptedInvitations,
  insertAddress,
  insertInvitation,
  insertMember,
  invitationByTokenHash,
  memberOf,
  takeInvitation,
  updateAddress,
  updateMember,
  userIdByEmail,
} from './company-members.repository';

const m = copy.companyMembers;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The link carries the token; the table keeps only this hash of it, so a leaked table opens no company. */
export function invitationTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function toInvitation(row: CompanyInvitationRow): CompanyInvitation {
  return { id: row.id, email: row.email, role: row.role, expiresAt: row.expires_at };
}

function toDeliveryAddress(row: CompanyAddressRow) {
  return { id: row.id, label: row.label, phone: row.phone, address: JSON.parse(row.address) as Address };
}

export interface CompanyMembersServiceDeps {
  clock: Clock;
  /** Where an invitation is announced (its mail follows, in the same transaction). */
  events: EventBus;
  /** The caller's company as GET /api/me/company answers it (what joining answers). */
  myCompany: (user: SessionUser) => Promise<Company>;
}

/**
 * What a company's people do to it: invite colleagues, who join by the mailed link; change roles and
 * order limits; remove members or leave; keep the delivery addresses. Changes that must leave a
 * company admin or a delivery address behind lock the company's row (PostgreSQL; SQLite writes one at
 * a time), so two admins' changes at once cannot both pass the check.
 */
export function createCompanyMembersService(db: Db, { clock, events, myCompany }: CompanyMembersServiceDeps) {
  /** The caller's company, if they are its company admin: 404 for someone in none, 403 for a buyer. */
  async function adminCompanyOf(trx: Db, user: SessionUser) {
    const membership = await lockedMembershipOf(trx, user);
    if (membership.role !== 'company_admin') throw new AppError('forbidden', m.adminOnly);
    return membership;
  }

  /**
   * The caller's membership, read again once their company's row is locked: a company admin another
   * admin demoted a moment ago acts as the buyer they now are.
   */
  async function lockedMembershipOf(trx: Db, user: SessionUser) {
    const first = await membershipOf(trx, user.id);
    if (!first || first.status === 'declined') throw new AppError('not_found', copy.companies.noCompany);
    await companyById(trx, first.companyId, { lock: true });
    const membership = await membershipOf(trx, user.id);
    if (!membership || membership.companyId !== first.companyId) throw new AppError('not_found', copy.companies.noCompany);
    return membership;
  }

  async function refuseUndeliverable(trx: Db, address: Address) {
    const settings = await shopSettings(trx);
    if (!deliversTo(settings.deliverTo, address.country)) {
      const message = copy.address.notDeliveredTo(countryName(address.country));
      throw new AppError('validation_failed', message, { 'address.country': message });
    }
  }

  return {
    /**
     * Checked before a request's body (routes' preValidation): someone in no company learns nothing of
     * a company route's rules (404), and a buyer is told at once that only a company admin may (403).
     */
    async assertMember(user: SessionUser, { admin }: { admin: boolean }): Promise<void> {
      const membership = await membershipOf(db, user.id);
      if (!membership || membership.status === 'declined') throw new AppError('not_found', copy.companies.noCompany);
      if (admin && membership.role !== 'company_admin') throw new AppError('forbidden', m.adminOnly);
    },

    /**
     * A company admin of an active company invites a colleague by email. Inviting an address again
     * replaces its waiting invitation (the older link stops working): the newest mail is the one that counts.
     */
    async invite(user: SessionUser, input: InvitationInput): Promise<CompanyInvitation> {
      const token = randomBytes(32).toString('base64url');
      return events.transaction(db, async ({ trx, announce }) => {
        const membership = await adminCompanyOf(trx, user);
        const company = (await companyById(trx, membership.companyId))!;
        if (company.status !== 'active') throw new AppError('conflict', m.notActive);
        const now = clock.now();
        const at = now.toISOString();
        const existing = await userIdByEmail(trx, input.email);
        if (existing && (await memberOf(trx, company.id, existing))) {
          throw new AppError('conflict', m.alreadyColleague(input.email), { email: m.alreadyColleague(input.email) });
        }
        await deleteUnacceptedInvitations(trx, company.id, input.email);
        if ((await countPendingInvitations(trx, company.id, at)) >= MAX_PENDING_INVITATIONS) {
          throw new AppError('conflict', m.tooManyInvitations(MAX_PENDING_INVITATIONS));
        }
        const invitation: CompanyInvitationRow = {
          id: newId(),
          company_id: company.id,
          email: input.email,
          role: input.role,
          token_hash: invitationTokenHash(token),
          invited_by: user.id,
          expires_at: new Date(now.getTime() + INVITATION_DAYS * DAY_MS).toISOString(),
          accepted_at: null,
          accepted_by: null,
          created_at: at,
        };
        await insertInvitation(trx, invitation);
        await announce('colleagueInvited', { invitation, token, companyName: company.name, at });
        return toInvitation(invitation);
      });
    },

    async withdraw(user: SessionUser, id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const membership = await adminCompanyOf(trx, user);
        if (!(await deletePendingInvitation(trx, membership.companyId, id))) {
          throw new AppError('not_found', m.invitationNotFound);
        }
      });
    },

    /** What the link shows before joining: 404 for an unknown token, 410 for a used or expired one (saying which). */
    async preview(token: string): Promise<InvitationPreview> {
      const invitation = await usableInvitation(db, token);
      return {
        companyName: invitation.company_name,
        email: invitation.email,
        role: invitation.role,
        expiresAt: invitation.expires_at,
      };
    },

    /**
     * The invitee joins, signed in with the invited address. The invitation is taken with one
     * conditional write, so of two accepts at once one joins and the other is told it was used.
     */
    async accept(user: SessionUser, token: string): Promise<Company> {
      if (user.role === 'admin') throw new AppError('forbidden', m.adminCannotJoin);
      try {
        await db.transaction().execute(async (trx) => {
          const invitation = await usableInvitation(trx, token);
          if (invitation.email !== user.email.toLowerCase())
            throw new AppError('forbidden', m.invitationForOther(invitation.email));
          const membership = await membershipOf(trx, user.id);
          if (membership && membership.status !== 'declined') throw new AppError('conflict', m.alreadyInCompany);
          if (membership) await leaveDeclinedCompany(trx, user.id);
          const at = clock.now().toISOString();
          if (!(await takeInvitation(trx, invitation.id, user.id, at))) throw new AppError('gone', m.invitationUsed);
          await insertMember(trx, {
            company_id: invitation.company_id,
            user_id: user.id,
            role: invitation.role,
            order_limit_cents: null,
            joined_at: at,
          });
        });
      } catch (error) {
        // Joined another company meanwhile (or the same link twice on one account): the one-company rule holds.
        if (isUniqueViolation(error)) throw new AppError('conflict', m.alreadyInCompany);
        throw error;
      }
      return myCompany(user);
    },

    /** A company admin changes a member's role or order limit; the last company admin stays one. */
    async updateMember(user: SessionUser, userId: string, input: MemberUpdate) {
      return db.transaction().execute(async (trx) => {
        const membership = await adminCompanyOf(trx, user);
        const member = await memberOf(trx, membership.companyId, userId);
        if (!member) throw new AppError('not_found', m.memberNotFound);
        if (input.role === 'buyer' && member.role === 'company_admin' && (await countAdmins(trx, membership.companyId)) <= 1) {
          throw new AppError('conflict', m.lastAdmin, { role: m.lastAdmin });
        }
        await updateMember(trx, membership.companyId, userId, {
          ...(input.role !== undefined ? { role: input.role } : {}),
          ...(input.orderLimitCents !== undefined ? { order_limit_cents: input.orderLimitCents } : {}),
        });
        const row = (await membersOf(trx, membership.companyId)).find((one) => one.user_id === userId)!;
        return {
          userId,
          name: row.name,
          email: row.email,
          role: row.role as CompanyRole,
          orderLimitCents: row.order_limit_cents === null ? null : Number(row.order_limit_cents),
        };
      });
    },

    /** A company admin removes a member, or a member leaves (removes themselves); the last company admin cannot go. */
    async removeMember(user: SessionUser, userId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const membership = await lockedMembershipOf(trx, user);
        const leaving = userId === user.id;
        if (!leaving && membership.role !== 'company_admin') throw new AppError('forbidden', m.adminOnly);
        const member = await memberOf(trx, membership.companyId, userId);
        if (!member) throw new AppError('not_found', m.memberNotFound);
        if (member.role === 'company_admin' && (await countAdmins(trx, membership.companyId)) <= 1) {
          throw new AppError('conflict', m.lastAdmin);
        }
        await deleteMember(trx, membership.companyId, userId);
      });
    },

    async addAddress(user: SessionUser, input: CompanyAddressInput) {
      return db.transaction().execute(async (trx) => {
        const membership = await adminCompanyOf(trx, user);
        await refuseUndeliverable(trx, input.address);
        if ((await countAddresses(trx, membership.companyId)) >= MAX_COMPANY_ADDRESSES) {
          throw new AppError('conflict', m.tooManyAddresses(MAX_COMPANY_ADDRESSES));
        }
        const row: CompanyAddressRow = {
          id: newId(),
          company_id: membership.companyId,
          label: input.label,
          phone: input.phone,
          address: JSON.stringify(input.address),
          created_at: clock.now().toISOString(),
        };
        await insertAddress(trx, row);
        return toDeliveryAddress(row);
      });
    },

    async updateAddress(user: SessionUser, id: string, input: CompanyAddressUpdate) {
      return db.transaction().execute(async (trx) => {
        const membership = await adminCompanyOf(trx, user);
        if (!(await addressOf(trx, membership.companyId, id))) throw new AppError('not_found', m.addressNotFound);
        if (input.address) await refuseUndeliverable(trx, input.address);
        await updateAddress(trx, membership.companyId, id, {
          ...(input.label !== undefined ? { label: input.label } : {}),
          ...(input.phone !== undefined ? { phone: input.phone } : {}),
          ...(input.address !== undefined ? { address: JSON.stringify(input.address) } : {}),
        });
        return toDeliveryAddress((await addressOf(trx, membership.companyId, id))!);
      });
    },

    /** Deletes a delivery site; orders placed to it keep their copy of the address. The last one stays. */
    async deleteAddress(user: SessionUser, id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const membership = await adminCompanyOf(trx, user);
        if (!(await addressOf(trx, membership.companyId, id))) throw new AppError('not_found', m.addressNotFound);
        if ((await countAddresses(trx, membership.companyId)) <= 1) throw new AppError('conflict', m.lastAddress);
        await deleteAddress(trx, membership.companyId, id);
      });
    },
  };

  /** The invitation behind a token, if it can still be accepted at the clock's time. */
  async function usableInvitation(trx: Db, token: string) {
    const invitation = await invitationByTokenHash(trx, invitationTokenHash(token));
    if (!invitation || invitation.company_status === 'declined') throw new AppError('not_found', m.invitationNotFound);
    if (invitation.accepted_at !== null) throw new AppError('gone', m.invitationUsed);
    if (invitation.expires_at <= clock.now().toISOString())
      throw new AppError('gone', m.invitationExpired(invitation.expires_at.slice(0, 10)));
    return invitation;
  }
}

export type CompanyMembersService = ReturnType<typeof createCompanyMembersService>;
