import { z } from "zod";
import { QUERY_LIMITS } from "~/core/query";
import { defaultColumns, filterNames, PARAMS, type TableSpec, type TableState } from "~/core/table";

/** A search as long as a query may be (core/query). */
const MAX_SEARCH = QUERY_LIMITS.length;
const MAX_PAGE = 1_000_000;

/** Keeps the allowed values, each once, in the order given. */
const allowedValues = (allowed: readonly string[]) =>
  z.array(z.string()).transform((values) => [...new Set(values)].filter((v) => allowed.includes(v)));

const MAX_OPEN_VALUE = 100;
const MAX_OPEN_VALUES = 50;

/** An open filter's values: trimmed, non-empty, short, each once, a bounded number of them. */
const openValues = z
  .array(z.string())
  .transform((values) =>
    [...new Set(values.map((v) => v.trim()))]
      .filter((v) => v !== "" && v.length <= MAX_OPEN_VALUE)
      .slice(0, MAX_OPEN_VALUES),
  );

const oneOf = (allowed: readonly (string | number)[]) => (value: string | number) => allowed.includes(value);

/**
 * A table's state from the URL, for its loader. Every value that is missing, malformed or not allowed
 * falls back to the spec's default, so a hand-edited or stale link never fails the page. A page past
 * the end is fixed by `clampPage` once the loader knows the total.
 */
export function parseTableState<S extends TableSpec>(spec: S, params: URLSearchParams): TableState<S> {
  const schema = z.object({
    q: z.string().transform((q) => q.trim().replace(/\s+/g, " ").slice(0, MAX_SEARCH)),
    sort: z.string().refine(oneOf(spec.sortable)).nullable().catch(null),
    dir: z.enum(["asc", "desc"]).nullable().catch(null),
    page: z.coerce.number().int().min(1).max(MAX_PAGE).catch(1),
    size: z.coerce.number().int().refine(oneOf(spec.pageSizes)).catch(spec.defaultPageSize),
    columns: allowedValues(spec.hideable).nullable(),
    filters: z.object({
      ...Object.fromEntries(Object.entries(spec.filters).map(([name, values]) => [name, allowedValues(values)])),
      ...Object.fromEntries(Object.keys(spec.openFilters ?? {}).map((name) => [name, openValues])),
    }),
  });
  const parsed = schema.parse({
    q: params.get(PARAMS.q) ?? "",
    sort: params.get(PARAMS.sort),
    dir: params.get(PARAMS.dir),
    page: params.get(PARAMS.page),
    size: params.get(PARAMS.size),
    // Present but empty (the column form's marker) means "only the columns that cannot be hidden".
    columns: params.has(PARAMS.columns) ? params.getAll(PARAMS.columns) : null,
    filters: Object.fromEntries(filterNames(spec).map((name) => [name, params.getAll(name)])),
  });
  const sortId = parsed.sort ?? spec.defaultSort.id;
  return {
    q: parsed.q,
    sort: {
      id: sortId,
      desc: parsed.dir ? parsed.dir === "desc" : parsed.sort ? false : spec.defaultSort.desc,
    },
    filters: parsed.filters,
    page: parsed.page,
    pageSize: parsed.size,
    columns: parsed.columns ?? defaultColumns(spec),
  } as TableState<S>;
}

export type BulkAction<I extends string> =
  | { ok: true; intent: I; ids: string[]; allMatching?: true }
  | { ok: false; error: "tables:bulk.noneSelected" | "tables:bulk.invalid" };

/**
 * The rows ticked in a table's bulk form (`ids`) and the button pressed (`intent`); `scope=all` asks for
 * every row matching the list's filters, which the server then finds itself (not limited to the page).
 */
export function parseBulkAction<const I extends string>(
  spec: TableSpec,
  form: FormData,
  intents: readonly [I, ...I[]],
): BulkAction<I> {
  const intent = z.enum(intents).safeParse(form.get("intent"));
  const ids = z
    .array(z.uuid())
    .max(Math.max(...spec.pageSizes))
    .safeParse(form.getAll("ids"));
  if (!intent.success || !ids.success) return { ok: false, error: "tables:bulk.invalid" };
  const allMatching = form.get("scope") === "all";
  if (ids.data.length === 0 && !allMatching) return { ok: false, error: "tables:bulk.noneSelected" };
  return { ok: true, intent: intent.data, ids: [...new Set(ids.data)], ...(allMatching && { allMatching }) };
}

export type Cursor<K> = { direction: "after" | "before"; key: K };

/**
 * A keyset page's position from the URL (`after` or `before`, the parts of a row's sort key joined by "~"),
 * checked by the list's own schema; anything malformed means the first page.
 */
export function parseCursor<K>(params: URLSearchParams, key: z.ZodType<K>): Cursor<K> | null {
  for (const direction of ["after", "before"] as const) {
    const raw = params.get(PARAMS[direction]);
    if (!raw) continue;
    const parsed = key.safeParse(raw.split("~"));
    return parsed.success ? { direction, key: parsed.data } : null;
  }
  return null;
}
