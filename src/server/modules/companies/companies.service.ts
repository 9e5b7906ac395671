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
  ContractPriceImport,
  ContractPriceList,
  ListCompaniesQuery,
  YourPrices,
} from '#shared/schemas/companies';
import { AppError } from '../../app-error';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import type { CompanyRow } from '../../db/schema';
import type { EventBus } from '../../events';
import { newId } from '../../ids';
import type { SessionUser } from '../../session-user';
import { findLivePartsBySku } from '../parts';
import {
  addressesOf,
  type CompanyChanges,
  companyById,
  contractPricesOf,
  insertApplication,
  leaveDeclinedCompany,
  listCompanies,
  membersOf,
  membershipOf,
  replaceContractPrices,
  updateCompany,
} from './companies.repository';
import { pendingInvitationsOf } from './company-members.repository';
import { toInvitation } from './company-members.service';
import { readContractPrices } from './contract-prices-csv';
import { yourPricesOf } from './your-prices';

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
  /** The company's open balance and credit left under its limit, as the orders module reckons them for the credit check. */
  balanceOf: (companyId: string, creditLimitCents: number) => Promise<{ balanceCents: number; creditLeftCents: number }>;
}

export function createCompaniesService(db: Db, { clock, events, balanceOf }: CompaniesServiceDeps) {
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
      // Company admins also see who they invited and has not joined yet.
      const [members, addresses, invitations, { balanceCents, creditLeftCents }] = await Promise.all([
        membersOf(db, row.id),
        addressesOf(db, row.id),
        membership.role === 'company_admin' ? pendingInvitationsOf(db, row.id, clock.now().toISOString()) : undefined,
        balanceOf(row.id, Number(row.credit_limit_cents)),
      ]);
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
        ...(invitations ? { invitations: invitations.map(toInvitation) } : {}),
        balanceCents,
        creditLeftCents,
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
    /**
     * A shop admin imports the company's contract prices (CSV `sku,unit_price`): every line is read
     * and checked first; with any line refused nothing changes, else the file replaces the company's
     * whole list in one transaction. Prices are kept by part, so a SKU changed later keeps its price.
     */
    async importContractPrices(companyId: string, text: string): Promise<ContractPriceImport> {
      const { lines, rejected } = readContractPrices(text);
      return db.transaction().execute(async (trx) => {
        if (!(await companyById(trx, companyId, { lock: true }))) throw new AppError('not_found', c.notFound);
        const parts = await findLivePartsBySku(
          trx,
          lines.map((line) => line.sku),
        );
        const prices: { partId: string; unitPriceCents: number }[] = [];
        const pricedParts = new Map<string, number>();
        for (const line of lines) {
          const part = parts.get(line.sku);
          if (!part) {
            rejected.push({ line: line.line, message: c.pricesUnknownSku(line.sku) });
            continue;
          }
          // Two numbers of one part (an old one that search still finds, and its SKU) are one price.
          const seen = pricedParts.get(part.id);
          if (seen !== undefined) {
            rejected.push({ line: line.line, message: c.pricesDuplicate(part.sku, seen) });
            continue;
          }
          pricedParts.set(part.id, line.line);
          prices.push({ partId: part.id, unitPriceCents: line.unitPriceCents });
        }
        if (rejected.length > 0) {
          rejected.sort((a, b) => a.line - b.line);
          return { imported: 0, rejected };
        }
        await replaceContractPrices(trx, companyId, prices, clock.now().toISOString());
        return { imported: prices.length, rejected: [] };
      });
    },

    /** "Your price" of these parts (comma-separated ids) for the user; no items unless in an active company. */
    async yourPrices(user: SessionUser, partList: string): Promise<YourPrices> {
      return yourPricesOf(db, clock, user.id, partList);
    },

    /** The company's contract prices, by SKU; 404 for no company. */
    async contractPrices(companyId: string): Promise<ContractPriceList> {
      if (!(await companyById(db, companyId))) throw new AppError('not_found', c.notFound);
      const rows = await contractPricesOf(db, companyId);
      return {
        items: rows.map((row) => ({
          sku: row.sku,
          partId: row.part_id,
          partName: row.name,
          unitPriceCents: Number(row.unit_price_cents),
        })),
      };
    },
  };
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;
