// A list's state in the URL, shared by the table kit (app/ui/data-table), its loaders and core/table.server.
/**
 * What a server-driven table allows, shared by its loader (to parse the URL) and its page (to render
 * links and forms). Plain data, so importing it costs the browser nothing.
 */
export interface TableSpec {
  /** Column ids the server can sort by. */
  sortable: readonly string[];
  defaultSort: { id: string; desc: boolean };
  /** Faceted filters: URL parameter → the values it may take (several may be chosen). */
  filters: Readonly<Record<string, readonly string[]>>;
  /**
   * Filters whose values are only known at request time (ids of projects and people, the team's labels):
   * URL parameter → nothing more to say. Any short value passes; the loader decides what it matches, and the
   * page gives their facet its choices.
   */
  openFilters?: Readonly<Record<string, true>>;
  /** Column ids the user may hide; the others are always shown. */
  hideable: readonly string[];
  hiddenByDefault?: readonly string[];
  pageSizes: readonly number[];
  defaultPageSize: number;
}

type Values<T extends readonly unknown[]> = T[number];

type OpenFilterState<S extends TableSpec> =
  S["openFilters"] extends Readonly<Record<string, true>> ? { [K in keyof S["openFilters"]]: string[] } : unknown;

/** Every filter's URL parameter, fixed and open alike. */
export function filterNames(spec: TableSpec): string[] {
  return [...Object.keys(spec.filters), ...Object.keys(spec.openFilters ?? {})];
}

/** A table's state, parsed from the URL: what the loader queries and what the page shows. */
export interface TableState<S extends TableSpec = TableSpec> {
  q: string;
  sort: { id: Values<S["sortable"]>; desc: boolean };
  filters: { [K in keyof S["filters"]]: Array<Values<S["filters"][K]>> } & OpenFilterState<S>;
  /** 1-based. */
  page: number;
  pageSize: number;
  /** The hideable columns that are shown. */
  columns: Array<Values<S["hideable"]>>;
}

/** Whether a search or a filter narrows the rows. */
export function isFiltered(state: TableState): boolean {
  return state.q !== "" || Object.values<string[]>(state.filters).some((chosen) => chosen.length > 0);
}

/**
 * The URL parameters the kit owns; a page's own (e.g. `view`) are carried along untouched. A keyset-paged
 * list (ADR 024) has `after` / `before` (the sort key of the row its page follows or precedes) instead of `page`.
 */
export const PARAMS = {
  q: "q",
  sort: "sort",
  dir: "dir",
  page: "page",
  size: "size",
  columns: "cols",
  after: "after",
  before: "before",
} as const;
/** What changing the search, a filter, the sort or the page size resets: back to the first page. */
export const POSITION_PARAMS = [PARAMS.page, PARAMS.after, PARAMS.before] as const;
const RESERVED: ReadonlySet<string> = new Set(Object.values(PARAMS));

/** Declares a table; the const type parameter keeps column ids and filter values as literal types. */
export function defineTable<const S extends TableSpec>(spec: S): S {
  const clash = filterNames(spec).find((name) => RESERVED.has(name));
  if (clash) throw new Error(`Filter "${clash}" would shadow a table parameter`);
  return spec;
}

export function defaultColumns<S extends TableSpec>(spec: S): TableState<S>["columns"] {
  return spec.hideable.filter((id) => !spec.hiddenByDefault?.includes(id)) as TableState<S>["columns"];
}

export function pageCount(total: number, pageSize: number) {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The state with its page moved back to the last one that has rows. */
export function clampPage<S extends TableSpec>(state: TableState<S>, total: number): TableState<S> {
  const last = pageCount(total, state.pageSize);
  return state.page > last ? { ...state, page: last } : state;
}

type Patch = Record<string, string | readonly string[] | null>;

/**
 * The current query string with some parameters replaced (null removes one, an array repeats it);
 * everything else in the URL stays.
 */
export function withParams(search: string, patch: Patch): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(patch)) {
    params.delete(key);
    if (value === null) continue;
    for (const v of typeof value === "string" ? [value] : value) params.append(key, v);
  }
  const query = params.toString();
  return query ? `?${query}` : "?";
}

/** The link of a sortable header: ascending first, then the other way; the default sort keeps the URL clean. */
export function sortHref(search: string, spec: TableSpec, state: TableState, columnId: string): string {
  const desc = state.sort.id === columnId ? !state.sort.desc : false;
  const isDefault = spec.defaultSort.id === columnId && spec.defaultSort.desc === desc;
  return withParams(search, {
    [PARAMS.sort]: isDefault ? null : columnId,
    [PARAMS.dir]: isDefault ? null : desc ? "desc" : "asc",
    ...Object.fromEntries(POSITION_PARAMS.map((name) => [name, null])),
  });
}

export function pageHref(search: string, page: number): string {
  return withParams(search, { [PARAMS.page]: page > 1 ? String(page) : null });
}

/** The parameters a GET form must carry in hidden inputs: all but the ones it sets (or drops). */
export function carriedParams(search: string, owned: readonly string[]): Array<[string, string]> {
  return [...new URLSearchParams(search)].filter(([key]) => !owned.includes(key));
}

/** A keyset page's link: after or before this row's sort key (its parts joined by "~"), or the first page. */
export function cursorHref(search: string, to: { after: string[] } | { before: string[] } | null): string {
  return withParams(search, {
    [PARAMS.page]: null,
    [PARAMS.after]: to && "after" in to ? to.after.join("~") : null,
    [PARAMS.before]: to && "before" in to ? to.before.join("~") : null,
  });
}

/** The search box's id: the header's search link lands there without JavaScript. */
export const SEARCH_ID = "table-search";
