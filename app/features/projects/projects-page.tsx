import { Link } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { type Formatter, useFormatter } from "~/lib/format";
import { buttonClass } from "~/ui/button";
import { Card } from "~/ui/card";
import { BulkAction, BulkDelete } from "~/ui/data-table/bulk";
import { type Column, countColumn, DataTable } from "~/ui/data-table/data-table";
import { ViewSwitch } from "~/ui/data-table/view-switch";
import { EmptyState } from "~/ui/empty-state";
import { FolderOpen, FolderPlus, LayoutGrid, Pause, Play, Table2 } from "~/ui/icons";
import { PageHeader } from "~/ui/page-header";
import { type ProjectRow, type ProjectsTableState, projectsTable } from "./list";
import { StatusBadge } from "./status-badge";

type Row = ProjectRow & { members: number };

export interface ProjectsPageData {
  state: ProjectsTableState;
  rows: Row[];
  total: number;
  statusCounts: Partial<Record<string, number>>;
  view: "table" | "cards";
  canCreate: boolean;
  canManage: boolean;
  canDelete: boolean;
}

function Keywords({ keywords, max }: { keywords: string[]; max: number }) {
  const { t } = useTranslation("projects");
  return (
    <ul className="flex flex-wrap gap-1" aria-label={t("detail.keywords")}>
      {keywords.slice(0, max).map((k) => (
        // A long keyword is cut with an ellipsis (whole on hover), and chips wrap, rather than push the table sideways.
        <li key={k} className="max-w-36 truncate rounded-md bg-muted px-2 py-0.5 text-xs" title={k}>
          {k}
        </li>
      ))}
      {keywords.length > max && <li className="px-1 text-xs text-muted-foreground">+{keywords.length - max}</li>}
    </ul>
  );
}

function ProjectName({ project }: { project: Row }) {
  return (
    <span className="flex items-center gap-2">
      <span
        className="inline-block size-3 shrink-0 rounded-full"
        style={{ background: project.color }}
        aria-hidden="true"
      />
      <Link to={`/projects/${project.id}`} prefetch="intent" className="hover:underline">
        {project.name}
      </Link>
    </span>
  );
}

function projectColumns(t: (key: string) => string, format: Formatter): Array<Column<Row>> {
  return [
    { id: "name", header: t("table.name"), rowHeader: true, priority: 1, cell: (p) => <ProjectName project={p} /> },
    { id: "status", header: t("table.status"), priority: 2, cell: (p) => <StatusBadge status={p.status} /> },
    {
      id: "keywords",
      header: t("table.keywords"),
      priority: 4,
      cell: (p) => <Keywords keywords={p.keywords} max={3} />,
    },
    countColumn(format, { id: "mentions7d", header: t("table.mentions7d"), priority: 2, count: (p) => p.mentions7d }),
    countColumn(format, { id: "members", header: t("table.members"), priority: 3, count: (p) => p.members }),
    {
      id: "updated",
      header: t("table.updated"),
      priority: 3,
      cell: (p) => <time dateTime={new Date(p.updatedAt).toISOString()}>{format.date(p.updatedAt)}</time>,
    },
  ];
}

function ProjectCards({ projects }: { projects: Row[] }) {
  const { t } = useTranslation("projects");
  const format = useFormatter();
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {projects.map((p) => (
        <li key={p.id}>
          <Card className="flex h-full flex-col gap-3">
            <div className="flex items-start justify-between gap-2">
              <h2 className="font-semibold">
                <ProjectName project={p} />
              </h2>
              <StatusBadge status={p.status} />
            </div>
            {p.description && <p className="line-clamp-2 text-sm text-muted-foreground">{p.description}</p>}
            <Keywords keywords={p.keywords} max={6} />
            <dl className="mt-auto grid grid-cols-2 gap-2 border-t border-border pt-3 text-sm">
              <div>
                <dt className="text-muted-foreground">{t("list.mentions7d")}</dt>
                <dd className="font-semibold tabular-nums">{format.number(p.mentions7d)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{t("list.members")}</dt>
                <dd className="font-semibold tabular-nums">{format.number(p.members)}</dd>
              </div>
            </dl>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** The projects screen: a table (or cards) of the projects the reader may see, with bulk actions. */
export function ProjectsPage({ loaderData }: { loaderData: ProjectsPageData }) {
  const { t } = useTranslation("projects");
  const format = useFormatter();
  const { state, rows, total, view } = loaderData;
  const bulk = loaderData.canManage || loaderData.canDelete;
  return (
    <>
      <PageHeader
        help="projects"
        title={t("title")}
        description={t("description")}
        actions={
          loaderData.canCreate && (
            <Link to="/projects/create" className={buttonClass()}>
              <FolderPlus aria-hidden="true" />
              {t("new")}
            </Link>
          )
        }
      />
      <DataTable
        spec={projectsTable}
        state={state}
        rows={rows}
        total={total}
        columns={projectColumns(t, format)}
        getRowId={(p) => p.id}
        caption={t("table.caption")}
        search={{ label: t("list.search"), placeholder: t("list.searchPlaceholder") }}
        facets={[
          {
            id: "status",
            label: t("list.status"),
            optionLabel: (status) => t(`status.${status}`),
            counts: loaderData.statusCounts,
          },
        ]}
        selection={
          bulk
            ? {
                rowLabel: (p) => p.name,
                actions: (
                  <>
                    {loaderData.canManage && (
                      <>
                        <BulkAction intent="pause">
                          <Pause aria-hidden="true" />
                          {t("bulk.pause")}
                        </BulkAction>
                        <BulkAction intent="resume">
                          <Play aria-hidden="true" />
                          {t("bulk.resume")}
                        </BulkAction>
                      </>
                    )}
                    {loaderData.canDelete && <BulkDelete ns="projects" />}
                  </>
                ),
              }
            : undefined
        }
        empty={<EmptyState icon={FolderOpen} text={loaderData.canCreate ? t("list.emptyAdmin") : t("list.empty")} />}
        noMatches={t("list.noMatches")}
        toolbar={
          <ViewSwitch
            label={t("table.view")}
            view={view}
            options={[
              { value: "table", label: t("table.tableView"), icon: Table2 },
              { value: "cards", label: t("table.cardsView"), icon: LayoutGrid },
            ]}
          />
        }
        body={view === "cards" ? <ProjectCards projects={rows} /> : undefined}
      />
    </>
  );
}
