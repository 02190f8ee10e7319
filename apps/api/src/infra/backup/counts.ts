/** Something that answers SQL with rows: a pg client or a PGlite instance. */
export interface SqlRunner {
  query<T>(text: string): Promise<{ rows: T[] }>;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Rows per table of the app's schemas (public, and drizzle's migration journal). */
export async function countRows(db: SqlRunner): Promise<Record<string, number>> {
  const { rows: tables } = await db.query<{ schema: string; name: string }>(
    `select table_schema as schema, table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle') order by 1, 2`,
  );
  if (tables.length === 0) return {};
  const { rows } = await db.query<Record<string, number | string>>(
    `select ${tables.map((t, i) => `(select count(*) from ${quote(t.schema)}.${quote(t.name)}) as c${i}`).join(', ')}`,
  );
  const counts: Record<string, number> = {};
  tables.forEach((t, i) => (counts[`${t.schema}.${t.name}`] = Number(rows[0]![`c${i}`])));
  return counts;
}
