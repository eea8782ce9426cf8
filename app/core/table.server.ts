// The server half of the table kit (app/ui/data-table): a search across columns, the sort a URL asks for with
// stable tie-breakers, and an offset page clamped to the rows there are. Every offset-paged list uses it.
import { asc, desc, ilike, or, type SQL, type SQLWrapper } from "drizzle-orm";
import { likePattern } from "./sql.server.ts";
import { clampPage, type TableSpec, type TableState } from "./table.ts";

/** Rows whose columns contain the search text (case-insensitive); no condition for an empty search. */
export function searchColumns(q: string, columns: readonly SQLWrapper[]): SQL | undefined {
  if (!q) return undefined;
  const pattern = likePattern(q);
  return or(...columns.map((column) => ilike(column as never, pattern)));
}

/**
 * The ORDER BY of a table's state: its sort column in its direction, then the tie-breakers (ascending), so a
 * row never shows up on two pages.
 */
export function sortOrder<S extends TableSpec>(
  state: TableState<S>,
  keys: Record<S["sortable"][number], SQLWrapper>,
  tieBreakers: readonly SQLWrapper[],
): SQL[] {
  const key = keys[state.sort.id as S["sortable"][number]];
  return [(state.sort.desc ? desc : asc)(key as never), ...tieBreakers.map((column) => asc(column as never))];
}

export interface OffsetPage<S extends TableSpec, Row> {
  /** As requested, with the page moved back to the last one if it was past the end. */
  state: TableState<S>;
  total: number;
  rows: Row[];
}

/** Counts the matching rows, clamps the page to them, then reads that page. */
export async function offsetPage<S extends TableSpec, Row>(
  requested: TableState<S>,
  count: () => Promise<number>,
  read: (window: { limit: number; offset: number }) => Promise<Row[]>,
): Promise<OffsetPage<S, Row>> {
  const total = await count();
  const state = clampPage(requested, total);
  const rows = total === 0 ? [] : await read({ limit: state.pageSize, offset: (state.page - 1) * state.pageSize });
  return { state, total, rows };
}
