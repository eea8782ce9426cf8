import { Link } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { type Formatter, useFormatter } from "~/lib/format";
import { Badge } from "~/ui/badge";
import { buttonClass } from "~/ui/button";
import { type Column, DataTable } from "~/ui/data-table/data-table";
import { EmptyState } from "~/ui/empty-state";
import { FilePlus, FileText } from "~/ui/icons";
import { PageHeader } from "~/ui/page-header";
import { reportsTableFor } from "./list";
import type { ReportRow, ReportsTableState } from "./reports.server";

/** What the reports page shows: a page of the table, the projects to filter by, and whether to offer "New". */
export interface ReportsPageData {
  state: ReportsTableState;
  rows: ReportRow[];
  total: number;
  projects: Array<{ id: string; name: string }>;
  canCreate: boolean;
}

function reportColumns(t: (key: string, options?: Record<string, unknown>) => string, format: Formatter) {
  const columns: Array<Column<ReportRow>> = [
    {
      id: "title",
      header: t("table.title"),
      rowHeader: true,
      priority: 1,
      cell: (r) => (
        <span className="flex flex-wrap items-center gap-2">
          <Link to={`/reports/${r.id}`} prefetch="intent" className="font-medium hover:underline" data-user-content>
            {r.title}
          </Link>
          {r.status !== "ready" && (
            <Badge tone={r.status === "failed" ? "danger" : "neutral"}>{t(`status.${r.status}`)}</Badge>
          )}
        </span>
      ),
    },
    {
      id: "project",
      header: t("table.project"),
      priority: 3,
      wraps: true,
      cell: (r) => (
        <span className="flex items-center gap-2">
          <span
            className="inline-block size-3 shrink-0 rounded-full"
            style={{ background: r.projectColor }}
            aria-hidden="true"
          />
          <span data-user-content>{r.projectName}</span>
        </span>
      ),
    },
    {
      id: "period",
      header: t("table.period"),
      priority: 2,
      wraps: true,
      cell: (r) => (
        <>
          {format.day(r.periodFrom)} – {format.day(r.periodTo)}
        </>
      ),
    },
    {
      id: "sections",
      header: t("table.sections"),
      priority: 5,
      cell: (r) => (
        <span title={r.sections.map((s) => t(`sections.${s}`)).join(", ")}>
          {t("table.sectionCount", { count: r.sections.length })}
        </span>
      ),
    },
    {
      id: "createdBy",
      header: t("table.createdBy"),
      priority: 5,
      cell: (r) => <span data-user-content>{r.createdByName ?? "—"}</span>,
    },
    {
      id: "created",
      header: t("table.created"),
      priority: 5,
      cell: (r) => <time dateTime={new Date(r.createdAt).toISOString()}>{format.dateTime(r.createdAt)}</time>,
    },
    {
      id: "generated",
      header: t("table.generated"),
      priority: 2,
      cell: (r) =>
        r.generatedAt ? (
          <time dateTime={new Date(r.generatedAt).toISOString()}>{format.dateTime(r.generatedAt)}</time>
        ) : (
          "—"
        ),
    },
    {
      id: "schedule",
      header: t("table.schedule"),
      priority: 3,
      cell: (r) =>
        r.schedule !== "none" ? (
          <Badge tone="positive">{t(`schedules.${r.schedule}`)}</Badge>
        ) : r.scheduledFrom ? (
          t("table.bySchedule")
        ) : (
          "—"
        ),
    },
  ];
  return columns;
}

/** The reports a reader may see, as a table to search, filter, sort and page. */
export function ReportsPage({ loaderData }: { loaderData: ReportsPageData }) {
  const { t } = useTranslation("reports");
  const format = useFormatter();
  const { state, rows, total, projects } = loaderData;
  const spec = reportsTableFor(projects.map((p) => p.id));
  const names = new Map(projects.map((p) => [p.id, p.name]));
  return (
    <>
      <PageHeader
        help="reports"
        title={t("title")}
        description={t("description")}
        actions={
          loaderData.canCreate && (
            <Link to="/reports/new" className={buttonClass()}>
              <FilePlus aria-hidden="true" />
              {t("new")}
            </Link>
          )
        }
      />
      <DataTable
        spec={spec}
        state={state}
        rows={rows}
        total={total}
        columns={reportColumns(t, format)}
        getRowId={(r) => r.id}
        caption={t("list.caption")}
        search={{ label: t("list.search"), placeholder: t("list.searchPlaceholder") }}
        facets={[
          { id: "project", label: t("list.project"), optionLabel: (id) => names.get(id) ?? id },
          { id: "schedule", label: t("list.schedule"), optionLabel: (s) => t(`schedules.${s}`) },
        ]}
        empty={<EmptyState icon={FileText} text={loaderData.canCreate ? t("list.emptyEditor") : t("list.empty")} />}
        noMatches={t("list.noMatches")}
      />
    </>
  );
}
