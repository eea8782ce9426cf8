import { Link, useLocation } from "react-router";
import {
  cursorHref,
  PARAMS,
  POSITION_PARAMS,
  pageCount,
  pageHref,
  type TableSpec,
  type TableState,
} from "~/core/table";
import { useTranslation } from "~/i18n/use-translation";
import { useFormatter } from "~/lib/format";
import { buttonClass } from "~/ui/button";
import { cn } from "~/ui/cn";
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight, type IconComponent } from "~/ui/icons";
import { ApplyWithoutScript, UrlForm } from "./url-form";

function PageLink({
  page,
  to,
  label,
  icon: Icon,
  disabled,
}: {
  page?: number;
  /** A keyset page's link, instead of a page number. */
  to?: string;
  label: string;
  icon: IconComponent;
  disabled: boolean;
}) {
  const location = useLocation();
  const className = buttonClass("outline", "icon");
  if (disabled || (to === undefined && page === undefined)) {
    return (
      <span className={cn(className, "size-8 opacity-50")} aria-disabled="true" title={label}>
        <Icon aria-hidden="true" />
        <span className="sr-only">{label}</span>
      </span>
    );
  }
  return (
    <Link to={to ?? pageHref(location.search, page as number)} className={cn(className, "size-8")} title={label}>
      <Icon aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </Link>
  );
}

function PageSize<S extends TableSpec>({ spec, state }: { spec: S; state: TableState<S> }) {
  const { t } = useTranslation("tables");
  return (
    <UrlForm className="flex items-center gap-2" owned={[PARAMS.size, ...POSITION_PARAMS]}>
      <label htmlFor="table-page-size" className="whitespace-nowrap">
        {t("rowsPerPage")}
      </label>
      <select
        id="table-page-size"
        name={PARAMS.size}
        defaultValue={state.pageSize}
        className="h-8 rounded-md border border-border bg-background px-2 text-sm"
      >
        {spec.pageSizes.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
      <ApplyWithoutScript />
    </UrlForm>
  );
}

/** "1–25 of 40", the page size, and links to the first, previous, next and last pages. */
export function DataTablePagination<S extends TableSpec>({
  spec,
  state,
  total,
}: {
  spec: S;
  state: TableState<S>;
  total: number;
}) {
  const { t } = useTranslation("tables");
  const format = useFormatter();
  const pages = pageCount(total, state.pageSize);
  const from = total === 0 ? 0 : (state.page - 1) * state.pageSize + 1;
  const to = Math.min(state.page * state.pageSize, total);
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-x-6 gap-y-3 text-sm">
      <p className="text-muted-foreground">
        {t("range", { from: format.number(from), to: format.number(to), total: format.number(total) })}
      </p>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <PageSize spec={spec} state={state} />
        <nav aria-label={t("pagination")} className="flex items-center gap-1">
          <span className="mr-2 whitespace-nowrap">
            {t("page", { page: format.number(state.page), pages: format.number(pages) })}
          </span>
          <PageLink page={1} label={t("first")} icon={ChevronsLeft} disabled={state.page <= 1} />
          <PageLink page={state.page - 1} label={t("previous")} icon={ChevronLeft} disabled={state.page <= 1} />
          <PageLink page={state.page + 1} label={t("next")} icon={ChevronRight} disabled={state.page >= pages} />
          <PageLink page={pages} label={t("last")} icon={ChevronsRight} disabled={state.page >= pages} />
        </nav>
      </div>
    </div>
  );
}

/**
 * Keyset pages (ADR 024): the page size and links to the first, previous and next pages, each of which
 * costs the server the same however far in the user is. The page says how many rows match elsewhere.
 */
export function CursorPagination<S extends TableSpec>({
  spec,
  state,
  previous,
  next,
  atStart,
}: {
  spec: S;
  state: TableState<S>;
  /** The first and last rows' sort keys, when there are rows before or after this page. */
  previous: string[] | null;
  next: string[] | null;
  atStart: boolean;
}) {
  const { t } = useTranslation("tables");
  const location = useLocation();
  return (
    <div className="mt-4 flex flex-wrap items-center justify-end gap-x-6 gap-y-3 text-sm">
      <PageSize spec={spec} state={state} />
      <nav aria-label={t("pagination")} className="flex items-center gap-1">
        <PageLink to={cursorHref(location.search, null)} label={t("first")} icon={ChevronsLeft} disabled={atStart} />
        <PageLink
          to={previous ? cursorHref(location.search, { before: previous }) : undefined}
          label={t("previous")}
          icon={ChevronLeft}
          disabled={!previous}
        />
        <PageLink
          to={next ? cursorHref(location.search, { after: next }) : undefined}
          label={t("next")}
          icon={ChevronRight}
          disabled={!next}
        />
      </nav>
    </div>
  );
}
