import type { Address } from '#shared/schemas/address';
import {
  companyById,
  insertAddress,
  insertApplication,
  membershipOf,
  replaceContractPrices,
  updateCompany,
} from '../../modules/companies';
import { type Auth, demoTradeAccount, ensureAccount } from '../../modules/users';
import type { Db } from '../database';
import { storedParts, userIdByEmail } from './demo-rows.repository';

/**
 * The demo company (docs/shop-rules.md, "Trade accounts"): active, buying on 30 days' terms within
 * its credit limit, at 5% off and at contract prices below that on two parts, with two sites.
 */
export const demoCompany = {
  key: 'whitfield-fleet-services',
  name: 'Whitfield Fleet Services LLC',
  billingAddress: {
    line1: '1450 Michigan Avenue',
    city: 'Detroit',
    region: 'MI',
    postalCode: '48216',
    country: 'US',
  } satisfies Address,
  paymentTerms: 'net30',
  creditLimitCents: 2_500_000,
  discountPercent: 5,
  sites: [
    {
      key: 'main-depot',
      label: 'Main depot',
      phone: '+1 313 555 0142',
      address: { line1: '5200 Greenfield Road', city: 'Dearborn', region: 'MI', postalCode: '48126', country: 'US' },
    },
    {
      key: 'north-yard',
      label: 'North yard',
      phone: '+1 586 555 0187',
      address: { line1: '24100 Mound Road', city: 'Warren', region: 'MI', postalCode: '48091', country: 'US' },
    },
  ] satisfies readonly { key: string; label: string; phone: string; address: Address }[],
  // A fleet's servicing: below every tier price less the 5%, and on parts outside the flash deal, so
  // "Your price" shows the contract price at any quantity.
  contractPrices: [
    { partKey: 'synthetic-engine-oil-5w30-5l', unitPriceCents: 3550 },
    { partKey: 'spin-on-oil-filter', unitPriceCents: 760 },
  ],
} as const;

/** Ids the seed derives from stable keys (index.ts, `demoId`). */
type DemoIdOf = (kind: 'company' | 'company-address' | 'part', key: string) => string;

/** The demo trade account's user, unless its address is taken; 1 when it was created. */
export async function ensureDemoTradeAccount(auth: Auth): Promise<number> {
  return (await ensureAccount(auth, demoTradeAccount)) ? 1 : 0;
}

/**
 * The demo company with its company admin, sites and contract prices, in one transaction, written as
 * an application a shop admin then approved. All or nothing: only when the company is missing and the
 * demo trade account exists and belongs to no company, so a site or price list its admins changed is
 * never put back. A contract price of a demo part that is gone is left out. Answers the rows written.
 */
export async function seedDemoCompany(db: Db, now: Date, demoId: DemoIdOf): Promise<number> {
  const companyId = demoId('company', demoCompany.key);
  const userId = await userIdByEmail(db, demoTradeAccount.email);
  if (userId === null || (await companyById(db, companyId)) || (await membershipOf(db, userId))) return 0;
  const at = now.toISOString();
  // Each site a second after the one before, so the company lists them in this order.
  const siteAt = (index: number) => new Date(now.getTime() + index * 1000).toISOString();
  const parts = await storedParts(
    db,
    demoCompany.contractPrices.map((price) => demoId('part', price.partKey)),
  );
  const prices = demoCompany.contractPrices
    .map((price) => ({ partId: demoId('part', price.partKey), unitPriceCents: price.unitPriceCents }))
    .filter((price) => parts.has(price.partId));
  const [firstSite, ...otherSites] = demoCompany.sites.map((site, index) => ({
    id: demoId('company-address', `${demoCompany.key}:${site.key}`),
    label: site.label,
    phone: site.phone,
    address: JSON.stringify(site.address),
    created_at: siteAt(index),
  }));
  try {
    await db.transaction().execute(async (trx) => {
      await insertApplication(
        trx,
        {
          id: companyId,
          name: demoCompany.name,
          vat_id: null,
          billing_address: JSON.stringify(demoCompany.billingAddress),
          created_at: at,
        },
        userId,
        firstSite!,
      );
      await updateCompany(trx, companyId, {
        status: 'active',
        payment_terms: demoCompany.paymentTerms,
        credit_limit_cents: demoCompany.creditLimitCents,
        discount_percent: demoCompany.discountPercent,
        updated_at: at,
      });
      for (const site of otherSites) await insertAddress(trx, { ...site, company_id: companyId });
      if (prices.length > 0) await replaceContractPrices(trx, companyId, prices, at);
    });
  } catch (error) {
    // Two nodes seeding an empty shop at once: the other one wrote it first.
    if (await companyById(db, companyId)) return 0;
    throw error;
  }
  // The company, its admin's membership, its sites and its prices.
  return 2 + demoCompany.sites.length + prices.length;
}
