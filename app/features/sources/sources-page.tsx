import { Form, Link } from "react-router";
import { LANGUAGE_NAMES, type Language } from "~/i18n/config";
import { useTranslation } from "~/i18n/use-translation";
import { type Formatter, useFormatter } from "~/lib/format";
import { buttonClass } from "~/ui/button";
import { type Column, countColumn, DataTable } from "~/ui/data-table/data-table";
import { EmptyState } from "~/ui/empty-state";
import { Pause, Pencil, Play, Plus, Radio } from "~/ui/icons";
import { PageHeader } from "~/ui/page-header";
import { sourcesTable } from "./list";
import { isPolled } from "./schemas";
import {
  FetchNowButton,
  FetchResultBadge,
  LastFetch,
  SourceStatusBadge,
  SourceTypeLabel,
  useFetching,
} from "./source-parts";
import type { listSourcesTable, SourceRow } from "./sources.server";

export type SourcesPageData = Awaited<ReturnType<typeof listSourcesTable>> & {
  canManage: boolean;
  /** The reader's zone, in which the last fetches are shown. */
  timeZone: string;
};

function RowActions({ source }: { source: SourceRow }) {
  const { t } = useTranslation("sources");
  const paused = source.status === "paused";
  return (
    <div className="flex items-center justify-end gap-1">
      {isPolled(source.type) && <FetchNowButton sourceId={source.id} compact />}
      <Form method="post">
        <input type="hidden" name="id" value={source.id} />
        <button
          type="submit"
          name="intent"
          value={paused ? "resume" : "pause"}
          className={buttonClass("ghost", "icon")}
          aria-label={t(paused ? "actions.resumeNamed" : "actions.pauseNamed", { name: source.name })}
          title={t(paused ? "actions.resume" : "actions.pause")}
        >
          {paused ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
        </button>
      </Form>
      <Link
        to={`/sources/${source.id}/edit`}
        className={buttonClass("ghost", "icon")}
        aria-label={t("actions.editNamed", { name: source.name })}
        title={t("actions.edit")}
      >
        <Pencil aria-hidden="true" />
      </Link>
    </div>
  );
}

function columns(
  t: (key: string, options?: Record<string, unknown>) => string,
  format: Formatter,
  fetching: (s: SourceRow) => boolean,
  canManage: boolean,
  timeZone: string,
): Array<Column<SourceRow>> {
  const list: Array<Column<SourceRow>> = [
    {
      id: "name",
      header: t("table.name"),
      rowHeader: true,
      priority: 1,
      cell: (s) => (
        <Link to={`/sources/${s.id}`} prefetch="intent" className="hover:underline" data-user-content>
          {s.name}
        </Link>
      ),
    },
    { id: "type", header: t("table.type"), priority: 1, cell: (s) => <SourceTypeLabel type={s.type} compact /> },
    {
      id: "address",
      header: t("table.address"),
      priority: 5,
      cell: (s) =>
        s.url ? (
          <span className="block max-w-48 truncate text-muted-foreground" title={s.url} data-user-content>
            {s.url}
          </span>
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    },
    {
      id: "language",
      header: t("table.language"),
      priority: 5,
      cell: (s) => (s.language ? (LANGUAGE_NAMES[s.language as Language] ?? s.language) : t("table.anyLanguage")),
    },
    { id: "status", header: t("table.status"), priority: 1, cell: (s) => <SourceStatusBadge status={s.status} /> },
    {
      id: "lastFetch",
      header: t("table.lastFetch"),
      priority: 2,
      cell: (s) =>
        isPolled(s.type) || s.lastFetchedAt ? (
          <LastFetch at={s.lastFetchedAt} fetching={fetching(s)} timeZone={timeZone} />
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    },
    {
      id: "lastResult",
      header: t("table.lastResult"),
      priority: 3,
      cell: (s) => <FetchResultBadge result={s.lastResult} />,
    },
    countColumn(format, { id: "newItems", header: t("table.newItems"), priority: 5, count: (s) => s.lastNewItems }),
    countColumn(format, { id: "newItems7d", header: t("table.newItems7d"), priority: 4, count: (s) => s.newItems7d }),
    {
      id: "failures",
      header: t("table.failures"),
      priority: 5,
      cell: (s) =>
        s.failureCount === 0 && !s.lastError ? (
          <span className="tabular-nums text-muted-foreground">{format.number(0)}</span>
        ) : (
          <span className="flex max-w-72 flex-col">
            <span className="tabular-nums">{format.number(s.failureCount)}</span>
            {s.lastError && (
              <span className="truncate text-xs text-danger" title={s.lastError} data-user-content>
                {s.lastError}
              </span>
            )}
          </span>
        ),
    },
  ];
  if (canManage) {
    list.push({ id: "actions", header: t("table.actions"), priority: 1, cell: (s) => <RowActions source={s} /> });
  }
  return list;
}

/** The sources table with its filters, and for managers the row actions and "Add source". */
export function SourcesPage({ data: loaderData }: { data: SourcesPageData }) {
  const { t } = useTranslation("sources");
  const format = useFormatter();
  const { state, rows, total, canManage, timeZone } = loaderData;
  const fetching = useFetching(rows);
  return (
    <>
      <PageHeader
        help="sources"
        title={t("title")}
        description={t("description")}
        actions={
          canManage && (
            <Link to="/sources/new" className={buttonClass()}>
              <Plus aria-hidden="true" />
              {t("new.button")}
            </Link>
          )
        }
      />
      <DataTable
        spec={sourcesTable}
        state={state}
        rows={rows}
        total={total}
        columns={columns(t, format, fetching, canManage, timeZone)}
        getRowId={(s) => s.id}
        caption={t("table.caption")}
        search={{ label: t("list.search"), placeholder: t("list.searchPlaceholder") }}
        facets={[
          {
            id: "type",
            label: t("table.type"),
            optionLabel: (type) => t(`projects:sourceType.${type}`),
            counts: loaderData.typeCounts,
          },
          {
            id: "status",
            label: t("table.status"),
            optionLabel: (status) => t(`status.${status}`),
            counts: loaderData.statusCounts,
          },
        ]}
        empty={<EmptyState icon={Radio} text={canManage ? t("list.emptyManager") : t("list.empty")} />}
        noMatches={t("list.noMatches")}
      />
    </>
  );
}
