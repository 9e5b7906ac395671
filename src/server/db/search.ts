import { type Expression, type SqlBool, sql } from 'kysely';

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `lower(column) like '%text%'`, the same on SQLite and PostgreSQL, with the text taken literally. */
export function containsText(column: string, text: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${likePattern(text)} escape '\\'`;
}
