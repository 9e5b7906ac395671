import type { Updateable } from 'kysely';
import { type Db, isPostgres } from '../../db/database';
import { fetchPage, type PageRequest } from '../../db/pagination';
import type { CompaniesTable, CompanyAddressRow, CompanyRow, Database } from '../../db/schema';

/** The company a user belongs to (any status), with their role in it; undefined for none. */
export async function membershipOf(
  db: Db,
  userId: string,
): Promise<{ companyId: string; role: 'buyer' | 'company_admin'; status: CompanyRow['status'] } | undefined> {
  const row = await db
    .selectFrom('company_members')
    .innerJoin('companies', 'companies.id', 'company_members.company_id')
    .select(['company_members.company_id', 'company_members.role', 'companies.status'])
    .where('company_members.user_id', '=', userId)
    .executeTakeFirst();
  return row && { companyId: row.company_id, role: row.role, status: row.status };
}

/** The company's row; on PostgreSQL locked until the transaction ends, so two admins' changes go one after the other. */
export async function companyById(db: Db, id: string, { lock = false } = {}): Promise<CompanyRow | undefined> {
  const query = db.selectFrom('companies').selectAll().where('id', '=', id);
  return (lock && isPostgres(db) ? query.forUpdate() : query).executeTakeFirst();
}

export async function listCompanies(
  db: Db,
  { status, ...page }: PageRequest & { status?: CompanyRow['status'] | undefined },
): Promise<{ rows: CompanyRow[]; total: number }> {
  let rows = db.selectFrom('companies').selectAll();
  let counted = db.selectFrom('companies').select((eb) => eb.fn.countAll<number>().as('total'));
  if (status !== undefined) {
    rows = rows.where('status', '=', status);
    counted = counted.where('status', '=', status);
  }
  return fetchPage(rows.orderBy('created_at', 'desc').orderBy('id', 'desc'), counted, page);
}

export async function membersOf(db: Db, companyId: string) {
  return db
    .selectFrom('company_members')
    .innerJoin('users', 'users.id', 'company_members.user_id')
    .select([
      'company_members.user_id',
      'company_members.role',
      'company_members.order_limit_cents',
      'company_members.joined_at',
      'users.name',
      'users.email',
      'users.email_verified',
    ])
    .where('company_members.company_id', '=', companyId)
    .orderBy('company_members.joined_at')
    .orderBy('company_members.user_id')
    .execute();
}

export async function addressesOf(db: Db, companyId: string): Promise<CompanyAddressRow[]> {
  return db
    .selectFrom('company_addresses')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** A new application: the company, its applicant as its first company admin, and its first delivery site. */
export async function insertApplication(
  db: Db,
  company: Pick<CompanyRow, 'id' | 'name' | 'vat_id' | 'billing_address' | 'created_at'>,
  applicantId: string,
  site: Pick<CompanyAddressRow, 'id' | 'label' | 'phone' | 'address'>,
): Promise<void> {
  await db
    .insertInto('companies')
    .values({
      ...company,
      tax_exempt_reason: null,
      status: 'applied',
      decline_reason: null,
      updated_at: company.created_at,
    })
    .execute();
  await db
    .insertInto('company_members')
    .values({
      company_id: company.id,
      user_id: applicantId,
      role: 'company_admin',
      order_limit_cents: null,
      joined_at: company.created_at,
    })
    .execute();
  await db
    .insertInto('company_addresses')
    .values({ ...site, company_id: company.id, created_at: company.created_at })
    .execute();
}

/** Takes the user out of a declined application, so that they can apply again. */
export async function leaveDeclinedCompany(db: Db, userId: string): Promise<void> {
  await db
    .deleteFrom('company_members')
    .where('user_id', '=', userId)
    .where('company_id', 'in', (eb) => eb.selectFrom('companies').select('id').where('status', '=', 'declined'))
    .execute();
}

export async function updateCompany(db: Db, id: string, changes: Updateable<Database['companies']>): Promise<CompanyRow> {
  await db.updateTable('companies').set(changes).where('id', '=', id).execute();
  return (await companyById(db, id))!;
}

export type CompanyChanges = Updateable<CompaniesTable>;

/** The company's contract price list becomes these rows: the old list deleted, the new one written. */
export async function replaceContractPrices(
  db: Db,
  companyId: string,
  prices: readonly { partId: string; unitPriceCents: number }[],
  now: string,
): Promise<void> {
  await db.deleteFrom('company_prices').where('company_id', '=', companyId).execute();
  // In slices, under SQLite's limit on a statement's parameters.
  for (let start = 0; start < prices.length; start += 500) {
    await db
      .insertInto('company_prices')
      .values(
        prices.slice(start, start + 500).map((price) => ({
          company_id: companyId,
          part_id: price.partId,
          unit_price_cents: price.unitPriceCents,
          imported_at: now,
        })),
      )
      .execute();
  }
}

/** The company's contract prices with their parts' current SKU and name, by SKU. */
export async function contractPricesOf(db: Db, companyId: string) {
  return db
    .selectFrom('company_prices')
    .innerJoin('parts', 'parts.id', 'company_prices.part_id')
    .select(['parts.sku', 'parts.id as part_id', 'parts.name', 'company_prices.unit_price_cents'])
    .where('company_prices.company_id', '=', companyId)
    .orderBy('parts.sku')
    .execute();
}

/** The company's contract prices of these parts, by part id, in cents. */
export async function contractPricesFor(db: Db, companyId: string, partIds: readonly string[]): Promise<Map<string, number>> {
  const wanted = [...new Set(partIds)];
  const prices = new Map<string, number>();
  for (let start = 0; start < wanted.length; start += 500) {
    const rows = await db
      .selectFrom('company_prices')
      .select(['part_id', 'unit_price_cents'])
      .where('company_id', '=', companyId)
      .where('part_id', 'in', wanted.slice(start, start + 500))
      .execute();
    for (const row of rows) prices.set(row.part_id, Number(row.unit_price_cents));
  }
  return prices;
}
