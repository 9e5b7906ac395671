import type { Db } from '../db/database';
import type { CompanyRow } from '../db/schema';
import { newId } from '../ids';

/**
 * A company written straight into the database, `applied` unless told, with these users as its
 * company admins and one delivery site. `skipMembersAlreadyIn` leaves out users already in a company.
 */
export async function insertCompany(
  db: Db,
  {
    memberIds = [],
    skipMembersAlreadyIn = false,
    ...fields
  }: Partial<CompanyRow> & { memberIds?: string[]; skipMembersAlreadyIn?: boolean } = {},
): Promise<CompanyRow> {
  const address = JSON.stringify({ line1: '12 Piston Road', city: 'Detroit', region: 'MI', postalCode: '48207', country: 'US' });
  const now = '2026-06-15T12:00:00.000Z';
  const row: CompanyRow = {
    id: newId(),
    name: 'Test Garage Inc.',
    vat_id: null,
    tax_exempt: 0,
    tax_exempt_reason: null,
    billing_address: address,
    payment_terms: 'card',
    credit_limit_cents: 0,
    discount_percent: 0,
    status: 'applied',
    decline_reason: null,
    created_at: now,
    updated_at: now,
    ...fields,
  };
  await db.insertInto('companies').values(row).execute();
  for (const userId of memberIds) {
    if (skipMembersAlreadyIn) {
      const already = await db.selectFrom('company_members').select('user_id').where('user_id', '=', userId).executeTakeFirst();
      if (already) continue;
    }
    await db
      .insertInto('company_members')
      .values({ company_id: row.id, user_id: userId, role: 'company_admin', order_limit_cents: null, joined_at: now })
      .execute();
  }
  await db
    .insertInto('company_addresses')
    .values({ id: newId(), company_id: row.id, label: 'Main workshop', phone: '+1 555-010-2030', address, created_at: now })
    .execute();
  return row;
}
