import { type Kysely, sql } from 'kysely';

/**
 * Trade accounts (docs/shop-rules.md, "Trade accounts"): a workshop or fleet buys as a company.
 *
 * - companies: the application and, once a shop admin approves it, the account: its VAT ID, tax
 *   exemption (0/1 with the reason printed on invoices), billing address (JSON, like the orders'
 *   addresses), payment terms, credit limit and discount, and its status with why it was declined.
 * - company_members: who buys for it and as what. A user belongs to at most one company, hence the
 *   unique user_id; a buyer's order limit is null for none.
 * - company_addresses: the sites it delivers to, each with a label and a phone.
 */
// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('companies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('vat_id', 'text')
    .addColumn('tax_exempt', 'integer', (c) => c.notNull().defaultTo(0).check(sql.raw('tax_exempt in (0, 1)')))
    .addColumn('tax_exempt_reason', 'text')
    .addColumn('billing_address', 'text', (c) => c.notNull())
    .addColumn('payment_terms', 'text', (c) =>
      c.notNull().defaultTo('card').check(sql.raw("payment_terms in ('card', 'net15', 'net30', 'net60')")),
    )
    .addColumn('credit_limit_cents', 'bigint', (c) => c.notNull().defaultTo(0).check(sql.raw('credit_limit_cents >= 0')))
    .addColumn('discount_percent', 'integer', (c) => c.notNull().defaultTo(0).check(sql.raw('discount_percent between 0 and 50')))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('applied').check(sql.raw("status in ('applied', 'active', 'on_hold', 'declined')")),
    )
    .addColumn('decline_reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The admins' list: by status, newest first.
  await db.schema.createIndex('companies_status_idx').on('companies').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('companies_created_idx').on('companies').columns(['created_at']).execute();

  await db.schema
    .createTable('company_members')
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql.raw("role in ('buyer', 'company_admin')")))
    .addColumn('order_limit_cents', 'bigint', (c) => c.check(sql.raw('order_limit_cents >= 0')))
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('company_members_company_idx').on('company_members').columns(['company_id', 'joined_at']).execute();

  await db.schema
    .createTable('company_addresses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('company_addresses_company_idx')
    .on('company_addresses')
    .columns(['company_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('company_addresses').execute();
  await db.schema.dropTable('company_members').execute();
  await db.schema.dropTable('companies').execute();
}
