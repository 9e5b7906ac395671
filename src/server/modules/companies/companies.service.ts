import * as copy from '#shared/copy';
import type { Address } from '#shared/schemas/address';
import type {
  Company,
  CompanyApplication,
  CompanyApplied,
  CompanyList,
  CompanyStatus,
  CompanySummary,
  CompanyUpdate,
  ListCompaniesQuery,
} from '#shared/schemas/companies';
import { AppError } from '../../app-error';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import type { CompanyRow } from '../../db/schema';
import type { EventBus } from '../../events';
import { newId } from '../../ids';
import type { SessionUser } from '../../session-user';
import {
  addressesOf,
  type CompanyChanges,
  companyById,
  insertApplication,
  leaveDeclinedCompany,
  listCompanies,
  membersOf,
  membershipOf,
  updateCompany,
} from './companies.repository';

const c = copy.companies;

export function toCompanySummary(row: CompanyRow): CompanySummary {
  return {
    id: row.id,
    name: row.name,
    vatId: row.vat_id,
    taxExempt: row.tax_exempt === 1,
    taxExemptReason: row.tax_exempt_reason,
    billingAddress: JSON.parse(row.billing_address) as Address,
    paymentTerms: row.payment_terms,
    creditLimitCents: Number(row.credit_limit_cents),
    discountPercent: row.discount_percent,
    status: row.status,
    declineReason: row.decline_reason,
    createdAt: row.created_at,
  };
}

/**
 * The moves a shop admin makes: an application is approved or declined once; an approved account is
 * put on hold and made active again. A declined application stays declined (its applicant applies anew).
 */
const ALLOWED_MOVES: Record<CompanyStatus, readonly CompanyStatus[]> = {
  applied: ['active', 'declined'],
  active: ['on_hold'],
  on_hold: ['active'],
  declined: [],
};

export interface CompaniesServiceDeps {
  clock: Clock;
  /** Where the service announces an application's approval or decline (the applicant's mail follows). */
  events: EventBus;
}

export function createCompaniesService(db: Db, { clock, events }: CompaniesServiceDeps) {
  return {
    /**
     * A customer applies for a trade account: the company is `applied`, the applicant its company admin.
     * Someone already in a company (other than a declined one) cannot apply again.
     */
    async apply(user: SessionUser, input: CompanyApplication): Promise<CompanyApplied> {
      if (user.role === 'admin') throw new AppError('forbidden', c.adminCannotApply);
      const id = newId();
      try {
        await db.transaction().execute(async (trx) => {
          const membership = await membershipOf(trx, user.id);
          if (membership && membership.status !== 'declined') throw new AppError('conflict', c.alreadyMember);
          if (membership) await leaveDeclinedCompany(trx, user.id);
          await insertApplication(
            trx,
            {
              id,
              name: input.name,
              vat_id: input.vatId ?? null,
              billing_address: JSON.stringify(input.billingAddress),
              created_at: clock.now().toISOString(),
            },
            user.id,
            {
              id: newId(),
              label: input.deliveryAddress.label,
              phone: input.deliveryAddress.phone,
              address: JSON.stringify(input.deliveryAddress.address),
            },
          );
        });
      } catch (error) {
        // Two applications sent at once: the second finds the first's membership taken.
        if (isUniqueViolation(error)) throw new AppError('conflict', c.alreadyMember);
        throw error;
      }
      return { id, status: 'applied' };
    },

    /** The member's own company, with its sites and people; 404 for a user in none. */
    async myCompany(user: SessionUser): Promise<Company> {
      const membership = await membershipOf(db, user.id);
      const row = membership && (await companyById(db, membership.companyId));
      if (!row) throw new AppError('not_found', c.noCompany);
      const [members, addresses] = await Promise.all([membersOf(db, row.id), addressesOf(db, row.id)]);
      return {
        ...toCompanySummary(row),
        deliveryAddresses: addresses.map((site) => ({
          id: site.id,
          label: site.label,
          phone: site.phone,
          address: JSON.parse(site.address) as Address,
        })),
        members: members.map((member) => ({
          userId: member.user_id,
          name: member.name,
          email: member.email,
          role: member.role,
          orderLimitCents: member.order_limit_cents === null ? null : Number(member.order_limit_cents),
        })),
      };
    },

    async list(query: ListCompaniesQuery): Promise<CompanyList> {
      const { rows, total } = await listCompanies(db, query);
      return { items: rows.map(toCompanySummary), total, page: query.page, limit: query.limit };
    },

    /**
     * A shop admin's change: status, terms, limit, discount, tax exemption. Approving or declining an
     * application announces `companyDecided` in the same transaction, so the applicant's mail is
     * written exactly once, with the change; asking again for the status it has changes nothing.
     */
    async update(id: string, input: CompanyUpdate): Promise<CompanySummary> {
      return events.transaction(db, async ({ trx, announce }) => {
        const row = await companyById(trx, id, { lock: true });
        if (!row) throw new AppError('not_found', c.notFound);
        const now = clock.now().toISOString();
        const changes: CompanyChanges = {};
        const moving = input.status !== undefined && input.status !== row.status;
        if (input.status !== undefined && moving) {
          if (!ALLOWED_MOVES[row.status].includes(input.status)) {
            throw new AppError('conflict', c.statusChangeRefused(row.status, input.status));
          }
          changes.status = input.status;
          if (input.status === 'declined') changes.decline_reason = input.declineReason ?? null;
        }
        if (input.paymentTerms !== undefined) changes.payment_terms = input.paymentTerms;
        if (input.creditLimitCents !== undefined) changes.credit_limit_cents = input.creditLimitCents;
        if (input.discountPercent !== undefined) changes.discount_percent = input.discountPercent;
        if (input.taxExemptReason !== undefined) changes.tax_exempt_reason = input.taxExemptReason;
        if (input.taxExempt !== undefined) {
          changes.tax_exempt = input.taxExempt ? 1 : 0;
          if (!input.taxExempt) changes.tax_exempt_reason = null;
        }
        // An exempt company's invoices print why: the reason sent now, or the one it has.
        const exempt = changes.tax_exempt ?? row.tax_exempt;
        const reason = changes.tax_exempt_reason !== undefined ? changes.tax_exempt_reason : row.tax_exempt_reason;
        if (exempt === 1 && !reason) {
          throw new AppError('validation_failed', c.taxExemptReasonRequired, { taxExemptReason: c.taxExemptReasonRequired });
        }
        if (Object.keys(changes).length === 0) return toCompanySummary(row);
        const updated = await updateCompany(trx, id, { ...changes, updated_at: now });
        if (moving && row.status === 'applied') {
          await announce('companyDecided', {
            company: updated,
            decision: updated.status === 'active' ? 'approved' : 'declined',
            at: now,
          });
        }
        return toCompanySummary(updated);
      });
    },
  };
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;
