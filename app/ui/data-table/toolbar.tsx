import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { QUERY_LIMITS } from "~/core/query";
import {
  filterNames,
  isFiltered,
  PARAMS,
  POSITION_PARAMS,
  SEARCH_ID,
  type TableSpec,
  type TableState,
  withParams,
} from "~/core/table";
import { useTranslation } from "~/i18n/use-translation";
import { useFormatter } from "~/lib/format";
import { buttonClass } from "~/ui/button";
import { cn } from "~/ui/cn";
import { HiddenLabel } from "~/ui/field";
import { CirclePlus, Search, Settings2, X } from "~/ui/icons";
import { ApplyWithoutScript, checkboxClass, Menu, UrlForm } from "./url-form";

/** A faceted filter: its values come from the spec; the page names them and may count them. */
export interface Facet<S extends TableSpec> {
  id: (keyof S["filters"] | keyof NonNullable<S["openFilters"]>) & string;
  label: string;
  /** An open filter's values are any string; a fixed filter's, the spec's. */
  optionLabel: (
    value: S["filters"][keyof S["filters"]][number] | (S["openFilters"] extends object ? string : never),
  ) => string;
  /** An open filter's choices, in order; a fixed filter's come from the spec. */
  values?: readonly string[];
  /** Rows per value under the current search and the other filters. */
  counts?: Partial<Record<string, number>>;
}

export function FacetMenu<S extends TableSpec>({
  facet,
  values,
  chosen,
}: {
  facet: Facet<S>;
  values: readonly string[];
  chosen: string[];
}) {
  const format = useFormatter();
  return (
    <Menu
      className="border-dashed"
      summary={
        <>
          <CirclePlus aria-hidden="true" />
          {facet.label}
          {chosen.length > 0 && (
            <span className="rounded-sm bg-muted px-1.5 text-xs font-normal">
              {chosen.length === 1 ? facet.optionLabel(chosen[0] as never) : format.number(chosen.length)}
            </span>
          )}
        </>
      }
    >
      <fieldset className="menu-panel left-0 right-auto">
        <legend className="menu-label float-left w-full">{facet.label}</legend>
        {values.map((value) => (
          <label key={value} className="menu-item cursor-pointer">
            <input
              type="checkbox"
              name={facet.id}
              value={value}
              defaultChecked={chosen.includes(value)}
              className={checkboxClass}
            />
            <span className="flex-1">{facet.optionLabel(value as never)}</span>
            {facet.counts && (
              <span className="font-mono text-xs text-muted-foreground">{format.number(facet.counts[value] ?? 0)}</span>
            )}
          </label>
        ))}
        <ApplyWithoutScript className="m-1" />
      </fieldset>
    </Menu>
  );
}

/** A facet over named records (projects, sources): its values are their ids, shown by name. */
export function RecordFacetMenu({
  id,
  label,
  records,
  chosen,
}: {
  id: string;
  label: string;
  records: ReadonlyArray<{ id: string; name: string }>;
  chosen: string[];
}) {
  const nameOf = (value: string) => records.find((r) => r.id === value)?.name ?? value;
  return (
    <FacetMenu<TableSpec>
      facet={{ id, label, optionLabel: nameOf }}
      values={records.map((r) => r.id)}
      chosen={chosen}
    />
  );
}

function SearchAndFilters<S extends TableSpec>({
  spec,
  state,
  search,
  facets,
}: {
  spec: S;
  state: TableState<S>;
  search?: { label: string; placeholder?: string };
  facets: Array<Facet<S>>;
}) {
  return (
    <UrlForm
      role="search"
      className="flex flex-wrap items-center gap-2"
      owned={[PARAMS.q, ...POSITION_PARAMS, ...filterNames(spec)]}
    >
      {search && <SearchBox label={search.label} placeholder={search.placeholder} value={state.q} />}
      {facets.map((facet) => (
        <FacetMenu
          key={facet.id}
          facet={facet}
          values={facet.values ?? spec.filters[facet.id] ?? []}
          chosen={(state.filters as Record<string, string[]>)[facet.id] ?? []}
        />
      ))}
      <ApplyWithoutScript />
    </UrlForm>
  );
}

/** The search box of a table's toolbar (the `q` parameter); `/` and the header's search link reach it. */
export function SearchBox({
  label,
  placeholder,
  value,
  help,
  error,
  // Wide enough at a phone's width for the longest placeholder (ru "Название или слово"), beside a filter button.
  className = "w-56 sm:w-64",
}: {
  label: string;
  placeholder?: string;
  value: string;
  /** How to search, said to screen readers. */
  help?: string;
  /** Why the search cannot be read: the box is marked invalid and says so to screen readers (the page shows it). */
  error?: string;
  /** Its width. */
  className?: string;
}) {
  return (
    <div className="relative">
      <HiddenLabel htmlFor={SEARCH_ID}>{label}</HiddenLabel>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <input
        id={SEARCH_ID}
        name={PARAMS.q}
        type="search"
        defaultValue={value}
        placeholder={placeholder}
        maxLength={QUERY_LIMITS.length}
        aria-invalid={error ? true : undefined}
        aria-describedby={
          [error && `${SEARCH_ID}-error`, help && `${SEARCH_ID}-help`].filter(Boolean).join(" ") || undefined
        }
        className={cn(
          "h-8 rounded-md border border-border bg-background pr-2 pl-8 text-sm outline-none placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive",
          className,
        )}
      />
      {help && (
        <p id={`${SEARCH_ID}-help`} className="sr-only">
          {help}
        </p>
      )}
      {error && (
        <p id={`${SEARCH_ID}-error`} className="sr-only">
          {error}
        </p>
      )}
    </div>
  );
}

function ColumnMenu<S extends TableSpec>({
  state,
  columns,
}: {
  state: TableState<S>;
  columns: Array<{ id: string; header: string }>;
}) {
  const { t } = useTranslation("tables");
  const location = useLocation();
  const chosen = new URLSearchParams(location.search).has(PARAMS.columns);
  // Opened, the menu ticks the columns the table shows: a default column hidden to fit the width is unticked,
  // and ticking it shows it. (Without JavaScript every default column is ticked; Apply shows them all.)
  const tickShown = (menu: HTMLDetailsElement) => {
    const table = menu.closest(".dt-root")?.querySelector("table");
    if (!menu.open || !table) return;
    for (const box of menu.querySelectorAll<HTMLInputElement>(`input[type="checkbox"][name="${PARAMS.columns}"]`)) {
      const header = table.querySelector(`th[data-column="${CSS.escape(box.value)}"]`);
      box.checked = header !== null && getComputedStyle(header).display !== "none";
    }
  };
  return (
    <Menu
      onToggle={tickShown}
      summary={
        <>
          <Settings2 aria-hidden="true" />
          {t("columns")}
        </>
      }
    >
      <UrlForm className="menu-panel" aria-label={t("toggleColumns")} owned={[PARAMS.columns]}>
        {/* Says "these columns" even when none is ticked. */}
        <input type="hidden" name={PARAMS.columns} value="" />
        <p className="menu-label">{t("toggleColumns")}</p>
        {columns.map((column) => (
          <label key={column.id} className="menu-item cursor-pointer">
            <input
              type="checkbox"
              name={PARAMS.columns}
              value={column.id}
              defaultChecked={(state.columns as string[]).includes(column.id)}
              className={checkboxClass}
            />
            {column.header}
          </label>
        ))}
        <ApplyWithoutScript className="m-1" />
        {chosen && (
          <Link
            to={withParams(location.search, { [PARAMS.columns]: null })}
            preventScrollReset
            className="menu-item text-muted-foreground"
          >
            {t("defaultColumns")}
          </Link>
        )}
      </UrlForm>
    </Menu>
  );
}

/** Search, faceted filters and their reset on the left; the page's own controls and the column menu on the right. */
export function DataTableToolbar<S extends TableSpec>({
  spec,
  state,
  search,
  facets = [],
  hideableColumns,
  children,
}: {
  spec: S;
  state: TableState<S>;
  search?: { label: string; placeholder?: string };
  facets?: Array<Facet<S>>;
  hideableColumns: Array<{ id: string; header: string }>;
  children?: ReactNode;
}) {
  const { t } = useTranslation("tables");
  const location = useLocation();
  const filtered = isFiltered(state);
  const reset = withParams(
    location.search,
    Object.fromEntries([PARAMS.q, ...POSITION_PARAMS, ...filterNames(spec)].map((name) => [name, null])),
  );
  return (
    <div className="mb-4 flex flex-wrap items-center gap-2">
      {(search || facets.length > 0) && <SearchAndFilters spec={spec} state={state} search={search} facets={facets} />}
      {filtered && (
        <Link
          to={reset}
          preventScrollReset
          // The link goes away once used; the search box is where the user most likely continues.
          onClick={() => document.getElementById(SEARCH_ID)?.focus()}
          className={buttonClass("ghost", "sm")}
        >
          {t("reset")}
          <X aria-hidden="true" />
        </Link>
      )}
      <div className="ml-auto flex flex-wrap items-center gap-2">
        {children}
        {hideableColumns.length > 0 && <ColumnMenu state={state} columns={hideableColumns} />}
      </div>
    </div>
  );
}
