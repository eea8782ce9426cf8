// SQL plumbing every feature shares: ids, arrays, LIKE patterns and raw rows.
import { desc, eq, type GetColumnData, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

/** The well-formed ids among `values`, each once, at most `max`: a malformed id in a URL matches nothing. */
export function uuids(values: Iterable<unknown>, max = 500): string[] {
  return [...new Set([...values].filter(isUuid))].slice(0, max);
}

/** A parameter list as a PostgreSQL array, for `= ANY(…)`. */
export function uuidArray(ids: readonly string[]): SQL {
  return sql`ARRAY[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;
}

export function textArray(values: readonly string[]): SQL {
  return sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}

/** An instant as a timestamptz parameter. */
export const instant = (d: Date): SQL => sql`${d.toISOString()}::timestamptz`;

/** A search for text anywhere in a value: LIKE's % and _ mean themselves. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, "\\$&")}%`;
}

/** Runs raw SQL and returns its rows (both drivers answer with `{ rows }`). */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * The newest rows of one owner (a source's imports, a user's conversations…): `columns` of `table` whose `owner`
 * column is `id`, newest `at` first, at most `limit`.
 */
export function newestRows<Columns extends Record<string, PgColumn>>(
  db: Database,
  table: PgTable,
  columns: Columns,
  { owner, id, at, limit }: { owner: PgColumn; id: string; at: PgColumn; limit: number },
): Promise<Array<{ [K in keyof Columns]: GetColumnData<Columns[K]> }>> {
  const fields: Record<string, PgColumn> = columns;
  return db.select(fields).from(table).where(eq(owner, id)).orderBy(desc(at)).limit(limit) as never;
}
