import { type ReactNode, type RefObject, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { ArrowDown, ArrowUp, ArrowUpDown } from "~/ui/icons";
import { cn } from "../cn";
import { useChangedBeforeHydration } from "../early-input";
import { EmptyState } from "../empty-state";
import { DataTablePagination } from "./pagination";
import { sortHref, type TableSpec, type TableState } from "./spec";
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
  /** The page's own controls at the end of the toolbar (e.g. a choice of view). */
  toolbar?: ReactNode;
  /** Rendered instead of the table (e.g. cards), under the same toolbar and pagination. */
  body?: ReactNode;
  /** False for a body that shows every matching row its own way (e.g. a board): no pages then. */
  paged?: boolean;
}

const ARIA_SORT = { asc: "ascending", desc: "descending" } as const;

function SortableHeader<S extends TableSpec>({
  spec,
  state,
  column,
}: {
  spec: S;
  state: TableState<S>;
  column: Column<unknown>;
}) {
  const location = useLocation();
  const sorted = state.sort.id === column.id ? (state.sort.desc ? "desc" : "asc") : null;
  const Icon = sorted === "asc" ? ArrowUp : sorted === "desc" ? ArrowDown : ArrowUpDown;
  return (
    <th
      scope="col"
      aria-sort={sorted ? ARIA_SORT[sorted] : undefined}
      className={cn("h-10 px-3 font-medium", column.numeric && "text-end")}
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
  const visible = columns.filter((c) => !hideable(c.id) || (state.columns as string[]).includes(c.id));

  const table = (
    <div ref={tableRef} className="overflow-x-auto rounded-xl border border-border bg-card text-card-foreground">
      <table className="w-full text-sm">
        <caption className="sr-only">{props.caption}</caption>
        <thead className="border-b border-border text-left text-muted-foreground">
          <tr>
            {selection && (
              <th scope="col" className="w-10 px-3 leading-none">
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
            {visible.map((column) =>
              spec.sortable.includes(column.id) ? (
                <SortableHeader key={column.id} spec={spec} state={state} column={column as Column<unknown>} />
              ) : (
                <th key={column.id} scope="col" className={cn("h-10 px-3 font-medium", column.numeric && "text-end")}>
                  {column.header}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const id = getRowId(row);
            return (
              <tr
                key={id}
                className="border-b border-border last:border-b-0 hover:bg-muted/40 has-[:checked]:bg-muted/60"
              >
                {selection && (
                  <td className="px-3 py-2 leading-none">
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
                {visible.map((column) => {
                  const className = cn("px-3 py-2.5 whitespace-nowrap", column.numeric && "text-end tabular-nums");
                  return column.rowHeader ? (
                    <th key={column.id} scope="row" className={cn(className, "text-left font-medium")}>
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.id} className={className}>
                      {column.cell(row)}
                    </td>
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
    rows.length === 0
      ? (props.empty ?? <EmptyState text={t("noRows")} />)
      : (props.body ??
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
        )));

  return (
    <>
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
    </>
  );
}
