import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * The tables better-auth reads and writes (users, sessions, accounts, verifications), with the admin
 * plugin's columns, named by our rules through the field mapping in modules/users/auth.ts.
 *
 * Their timestamps and flags use better-auth's own representation, not ours (docs/decisions/0004):
 * PostgreSQL `timestamptz` and `boolean`; on SQLite ISO-8601 text in columns declared `date`, and 0/1
 * integers. A test asks better-auth's `getMigrations` whether anything is missing on both engines.
 */
// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = postgres ? 'timestamptz' : 'date';
  const flag = postgres ? 'boolean' : 'integer';
  const no = postgres ? sql`false` : sql`0`;
  const createdNow = (c: ColumnDefinitionBuilder) => (postgres ? c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`) : c.notNull());

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('email_verified', flag, (c) => c.notNull().defaultTo(no))
    .addColumn('image', 'text')
    .addColumn('created_at', timestamp, createdNow)
    .addColumn('updated_at', timestamp, createdNow)
    // The shop knows two roles; the database refuses any other, whoever writes.
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('customer').check(sql.raw(`role in ('customer', 'admin')`)))
    .addColumn('banned', flag, (c) => c.defaultTo(no))
    .addColumn('ban_reason', 'text')
    .addColumn('ban_expires', timestamp)
    .execute();
  // The admin list: newest first.
  await db.schema.createIndex('users_created_idx').on('users').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', timestamp, createdNow)
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('impersonated_by', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('provider_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('access_token', 'text')
    .addColumn('refresh_token', 'text')
    .addColumn('id_token', 'text')
    .addColumn('access_token_expires_at', timestamp)
    .addColumn('refresh_token_expires_at', timestamp)
    .addColumn('scope', 'text')
    .addColumn('password', 'text')
    .addColumn('created_at', timestamp, createdNow)
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('accounts_user_id_idx').on('accounts').column('user_id').execute();
  // One Google identity belongs to one shop account, even if two sign-ins race.
  await db.schema
    .createIndex('accounts_provider_account_uidx')
    .on('accounts')
    .columns(['provider_id', 'account_id'])
    .unique()
    .execute();

  await db.schema
    .createTable('verifications')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .addColumn('created_at', timestamp, createdNow)
    .addColumn('updated_at', timestamp, createdNow)
    .execute();
  await db.schema.createIndex('verifications_identifier_idx').on('verifications').column('identifier').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['verifications', 'accounts', 'sessions', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
