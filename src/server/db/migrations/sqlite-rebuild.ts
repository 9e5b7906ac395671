import { type Kysely, sql } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * SQLite's way to change what `alter table` cannot (drop a column with a foreign key, change a
 * column's check): `createNext` makes the new table under the name it is given, the rows are copied,
 * the old table is dropped, the new one renamed, and the old table's indexes and triggers made again
 * from their own SQL (except those named in `dropped`).
 *
 * `columns` are the new table's columns to fill and `values` what fills them, read from the old table
 * (an expression or a column name); by default every column the two tables share, copied as it is.
 *
 * The migrator runs SQLite's migrations with foreign keys off (dropping `orders` would otherwise
 * delete every line through their cascade) and checks them before it commits.
 */
export async function rebuildSqliteTable(
  db: Kysely<any>,
  table: string,
  options: {
    createNext: (name: string) => Promise<void>;
    columns?: string[];
    values?: string[];
    dropped?: string[];
  },
): Promise<void> {
  const { rows: fk } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
  if (Number(fk[0]?.foreign_keys) !== 0) {
    throw new Error(
      `${table} is rebuilt with foreign keys off, or dropping it would delete the rows that refer to it (migrator.ts)`,
    );
  }
  const dropped = options.dropped ?? [];
  const { rows: kept } = await sql<{ name: string; sql: string }>`
    select name, sql from sqlite_master
    where tbl_name = ${table} and type in ('index', 'trigger') and sql is not null
    order by type, name`.execute(db);

  const next = `${table}_next`;
  await options.createNext(next);

  let columns = options.columns;
  if (columns === undefined) {
    const old = new Set(await columnsOf(db, table));
    columns = (await columnsOf(db, next)).filter((column) => old.has(column));
  }
  const values = options.values ?? columns;
  await sql.raw(`insert into ${next} (${columns.join(', ')}) select ${values.join(', ')} from ${table}`).execute(db);
  await db.schema.dropTable(table).execute();
  // Renamed the way SQLite did before 3.26: the modern rename checks every trigger of the schema, and
  // those of other tables (order_lines') name the table, which does not exist until the rename is done.
  await sql`pragma legacy_alter_table = on`.execute(db);
  try {
    await db.schema.alterTable(next).renameTo(table).execute();
  } finally {
    await sql`pragma legacy_alter_table = off`.execute(db);
  }
  for (const { name, sql: definition } of kept) {
    if (!dropped.includes(name)) await sql.raw(definition).execute(db);
  }
}

/** The SQL that made `table`, as SQLite keeps it (`create table "name" (…)`). */
export async function sqliteDefinitionOf(db: Kysely<any>, table: string): Promise<string> {
  const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db);
  const definition = rows[0]?.sql;
  if (definition === undefined) throw new Error(`No table ${table}`);
  return definition;
}

async function columnsOf(db: Kysely<any>, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db);
  return rows.map((row) => row.name);
}
