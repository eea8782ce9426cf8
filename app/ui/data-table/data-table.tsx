import { type ReactNode, type RefObject, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { isFiltered, PARAMS, sortHref, type TableSpec, type TableState } from "~/core/table";
import { useTranslation } from "~/i18n/use-translation";
import type { Formatter } from "~/lib/format";
import { cn } from "~/ui/cn";
import { useChangedBeforeHydration } from "~/ui/early-input";
import { EmptyState } from "~/ui/empty-state";
import { ArrowDown, ArrowUp, ArrowUpDown, SearchX } from "~/ui/icons";
import { DataTablePagination } from "./pagination";
import { DataTableToolbar, type Facet } from "./toolbar";
import { checkboxClass, useHydrated } from "./url-form";

export interface Column<Row> {
  /** Also its sort key and its `cols` value in the URL, when the spec lists it as sortable or hideable. */
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** The column that names the row: its cells are row headers for screen readers. */
  rowHeader?: boolean;
  /** Numbers line up at the end. */
  numeric?: boolean;
  /** Text of any length (a name, a period): wraps at its spaces when the table has no room. */
  wraps?: boolean;
  /**
   * How much the column is worth its width, 1 the most. Of the default columns, those worth less hide
   * first as the table narrows (the column menu brings them back): 2 shows from 30rem, 3 from 44rem and on
   * a phone's cards, 4 from 56rem (1280 px with the sidebar open), 5 from 68rem. The naming column, and any
   * the spec cannot hide, is 1: always shown.
   */
  priority: 1 | 2 | 3 | 4 | 5;
}

/** A column of counts: lined up at the end, each in the reader's number format. */
export function countColumn<Row>(
  format: Formatter,
  { count, ...column }: Omit<Column<Row>, "cell" | "numeric"> & { count: (row: Row) => number },
): Column<Row> {
  return { ...column, numeric: true, cell: (row) => format.number(count(row)) };
}

export interface Selection<Row> {
  /** Submit buttons named `intent`, posted with the ticked rows' `ids` in one form. */
  actions: ReactNode;
  /** How the row's checkbox is announced ("Select …"). */
  rowLabel: (row: Row) => string;
}

export interface DataTableProps<Row, S extends TableSpec> {
  spec: S;
  /** From `parseTableState` in the loader (after `clampPage`). */
  state: TableState<S>;
  rows: Row[];
  total: number;
  columns: Array<Column<Row>>;
  getRowId: (row: Row) => string;
  caption: string;
  search?: { label: string; placeholder?: string };
  facets?: Array<Facet<S>>;
  selection?: Selection<Row>;
  /** Shown instead of the rows when there are none (an EmptyState); "No results." by default. */
  empty?: ReactNode;
  /** Shown instead of `empty` when there are none while a search or filter is on. */
  noMatches?: string;
  /** The page's own controls at the end of the toolbar (e.g. a choice of view). */
  toolbar?: ReactNode;
  /** Rendered instead of the table (e.g. cards), under the same toolbar and pagination. */
  body?: ReactNode;
  /** False for a body that shows every matching row its own way (e.g. a board): no pages then. */
  paged?: boolean;
}

const ARIA_SORT = { asc: "ascending", desc: "descending" } as const;

/** A column's place in the table: the classes and data its header and cells share. */
function placement(column: Column<unknown>, first: boolean) {
  return {
    className: cn(column.numeric && "dt-num", column.wraps && "dt-wrap", first && "dt-sticky dt-first"),
    "data-column": column.id,
    "data-priority": column.priority > 1 ? column.priority : undefined,
  };
}

function SortableHeader<S extends TableSpec>({
  spec,
  state,
  column,
  first,
}: {
  spec: S;
  state: TableState<S>;
  column: Column<unknown>;
  first: boolean;
}) {
  const location = useLocation();
  const sorted = state.sort.id === column.id ? (state.sort.desc ? "desc" : "asc") : null;
  const Icon = sorted === "asc" ? ArrowUp : sorted === "desc" ? ArrowDown : ArrowUpDown;
  const place = placement(column, first);
  return (
    <th
      scope="col"
      aria-sort={sorted ? ARIA_SORT[sorted] : undefined}
      {...place}
      className={cn("dt-head", place.className)}
    >
      <Link
        to={sortHref(location.search, spec, state, column.id)}
        preventScrollReset
        className={cn(
          "-mx-2 inline-flex h-8 items-center gap-1.5 rounded-md px-2 hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
          sorted && "text-foreground",
        )}
      >
        {column.header}
        <Icon aria-hidden="true" className={cn("size-3.5", !sorted && "opacity-50")} />
      </Link>
    </th>
  );
}

/** Row selection: a checkbox per row and, with JavaScript, "all on this page" in the header. */
function useSelection(rows: unknown[], ids: string[], table: RefObject<HTMLElement | null>) {
  // A new set of rows (another page, or the same one after a bulk action) starts with nothing ticked.
  const [selection, setSelection] = useState({ rows, ticked: new Set<string>() });
  const ticked = selection.rows === rows ? selection.ticked : new Set<string>();
  const set = (next: Set<string>) => setSelection({ rows, ticked: next });
  // Rows ticked before the page hydrated stay ticked.
  useChangedBeforeHydration(table, (boxes) =>
    set(new Set(boxes.filter((box) => (box as HTMLInputElement).checked).map((box) => box.value))),
  );
  return {
    ticked,
    toggle: (id: string, on: boolean) => {
      const next = new Set(ticked);
      if (on) next.add(id);
      else next.delete(id);
      set(next);
    },
    toggleAll: (on: boolean) => set(new Set(on ? ids : [])),
  };
}

/**
 * The one table of the app: server-sorted, -filtered and -paged, its state in the URL. Everything is a
 * link or a form, so it works without JavaScript; with it, those become client navigations.
 */
export function DataTable<Row, S extends TableSpec>(props: DataTableProps<Row, S>) {
  const { spec, state, rows, total, columns, getRowId, selection } = props;
  const { t } = useTranslation("tables");
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const location = useLocation();
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const ids = rows.map(getRowId);
  const tableRef = useRef<HTMLDivElement>(null);
  const select = useSelection(rows, ids, tableRef);
  const tickedCount = ids.filter((id) => select.ticked.has(id)).length;

  const hideable = (id: string) => spec.hideable.includes(id);
  for (const column of columns) {
    if (column.priority > 1 && !hideable(column.id)) {
      throw new Error(`Column "${column.id}" hides by width but the spec cannot hide it`);
    }
  }
  const visible = columns.filter((c) => !hideable(c.id) || (state.columns as string[]).includes(c.id));
  // Columns the reader chose (`cols` in the URL) all show, however narrow the table.
  const chosen = new URLSearchParams(location.search).has(PARAMS.columns);

  const table = (
    <div ref={tableRef} className="dt-box">
      <table className="dt-table" data-chosen={chosen || undefined} data-select={selection ? "" : undefined}>
        <caption className="sr-only">{props.caption}</caption>
        <thead>
          <tr>
            {selection && (
              <th scope="col" className="dt-head dt-select dt-sticky">
                {hydrated ? (
                  <input
                    type="checkbox"
                    aria-label={t("selectAll")}
                    checked={tickedCount > 0 && tickedCount === ids.length}
                    ref={(el) => {
                      if (el) el.indeterminate = tickedCount > 0 && tickedCount < ids.length;
                    }}
                    onChange={(event) => select.toggleAll(event.currentTarget.checked)}
                    className={checkboxClass}
                  />
                ) : (
                  <span className="sr-only">{t("select")}</span>
                )}
              </th>
            )}
            {visible.map((column, index) => {
              if (spec.sortable.includes(column.id)) {
                return (
                  <SortableHeader
                    key={column.id}
                    spec={spec}
                    state={state}
                    column={column as Column<unknown>}
                    first={index === 0}
                  />
                );
              }
              const place = placement(column as Column<unknown>, index === 0);
              return (
                <th key={column.id} scope="col" {...place} className={cn("dt-head", place.className)}>
                  {column.header}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const id = getRowId(row);
            return (
              <tr key={id}>
                {selection && (
                  <td className="dt-select dt-sticky">
                    <input
                      type="checkbox"
                      name="ids"
                      value={id}
                      aria-label={t("selectRow", { name: selection.rowLabel(row) })}
                      checked={select.ticked.has(id)}
                      onChange={(event) => select.toggle(id, event.currentTarget.checked)}
                      className={checkboxClass}
                    />
                  </td>
                )}
                {visible.map((column, index) => {
                  const place = placement(column as Column<unknown>, index === 0);
                  const Cell = column.rowHeader ? "th" : "td";
                  return (
                    <Cell
                      key={column.id}
                      scope={column.rowHeader ? "row" : undefined}
                      {...place}
                      // On a phone's card a cell says what it is (CSS shows the label): all but the row's name.
                      data-label={index > 0 ? column.header : undefined}
                      className={cn("dt-cell", column.rowHeader && "text-left font-medium", place.className)}
                    >
                      <div className="dt-value">{column.cell(row)}</div>
                    </Cell>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );

  const content =
    rows.length === 0 ? (
      props.noMatches && isFiltered(state) ? (
        <EmptyState icon={SearchX} text={props.noMatches} />
      ) : (
        (props.empty ?? <EmptyState text={t("noRows")} />)
      )
    ) : (
      (props.body ??
      (selection ? (
        <Form method="post" className="flex flex-col gap-3">
          <div className="flex min-h-9 flex-wrap items-center gap-2">
            {hydrated && (
              <p className="mr-2 text-sm text-muted-foreground" aria-live="polite">
                {t("selected", { count: tickedCount })}
              </p>
            )}
            <fieldset
              disabled={hydrated && tickedCount === 0}
              className="flex flex-wrap items-center gap-2 disabled:[&_summary]:pointer-events-none disabled:[&_summary]:opacity-50"
            >
              <legend className="sr-only">{t("bulkActions")}</legend>
              {selection.actions}
            </fieldset>
          </div>
          {table}
        </Form>
      ) : (
        table
      )))
    );

  return (
    <div className="dt-root">
      <DataTableToolbar
        spec={spec}
        state={state}
        search={props.search}
        facets={props.facets}
        hideableColumns={props.body ? [] : columns.filter((c) => hideable(c.id))}
      >
        {props.toolbar}
      </DataTableToolbar>
      <div aria-busy={loading} className={cn("transition-opacity", loading && "opacity-60")}>
        {content}
      </div>
      {total > 0 && props.paged !== false && <DataTablePagination spec={spec} state={state} total={total} />}
    </div>
  );
}
