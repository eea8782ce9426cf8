import { Link, useLocation } from "react-router";
import { can } from "~/core/permissions";
import { requireUser } from "~/features/auth/guard.server";
import { PROJECT_BULK_INTENTS, projectsTable } from "~/features/projects/list";
import { bulkUpdateProjects, listProjectsTable, type ProjectRow } from "~/features/projects/list.server";
import { projectMembers } from "~/features/projects/members.server";
import { StatusBadge } from "~/features/projects/status-badge";
import { readerLanguage } from "~/features/settings/preferences.server";
import { useTranslation } from "~/i18n/use-translation";
import { type Formatter, useFormatter } from "~/lib/format";
import { redirectWithToast } from "~/lib/toast.server";
import { PageErrorBoundary } from "~/shell/error-page";
import { buttonClass } from "~/ui/button";
import { Card } from "~/ui/card";
import { cn } from "~/ui/cn";
import { BulkAction, ConfirmBulkAction } from "~/ui/data-table/bulk";
import { type Column, DataTable } from "~/ui/data-table/data-table";
import { parseBulkAction, parseTableState } from "~/ui/data-table/parse";
import { withParams } from "~/ui/data-table/spec";
import { EmptyState } from "~/ui/empty-state";
import { FolderOpen, FolderPlus, LayoutGrid, Pause, Play, SearchX, Table2, Trash2 } from "~/ui/icons";
import { PageHeader } from "~/ui/page-header";
import type { Route } from "./+types/_app.projects._index";

type Row = ProjectRow & { members: number };

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireUser(context);
  const list = await listProjectsTable(user, parseTableState(projectsTable, url.searchParams), readerLanguage(context));
  // One call to the auth service for the whole page.
  const members = await projectMembers(
    context,
    list.rows.map((p) => p.id),
  );
  return {
    ...list,
    rows: list.rows.map((p): Row => ({ ...p, members: members[p.id]?.length ?? 0 })),
    view: url.searchParams.get("view") === "cards" ? ("cards" as const) : ("table" as const),
    canCreate: can(user, "projects.create"),
    canManage: can(user, "projects.manage"),
    canDelete: can(user, "projects.delete"),
  };
}

/** Bulk pause, resume or delete; back to the same page of the table with a toast either way. */
export async function action({ request, context, url }: Route.ActionArgs) {
  const user = requireUser(context);
  const back = `${url.pathname}${url.search}`;
  const bulk = parseBulkAction(projectsTable, await request.formData(), PROJECT_BULK_INTENTS);
  if (!bulk.ok) return redirectWithToast(back, { type: "error", key: bulk.error });
  const count = await bulkUpdateProjects(user, bulk.intent, bulk.ids);
  const key = { pause: "projects:bulk.paused", resume: "projects:bulk.resumed", delete: "projects:bulk.deleted" }[
    bulk.intent
  ];
  return redirectWithToast(back, { type: "success", key, values: { count } });
}

function Keywords({ keywords, max }: { keywords: string[]; max: number }) {
  const { t } = useTranslation("projects");
  return (
    <ul className="flex flex-wrap gap-1 in-[td]:flex-nowrap" aria-label={t("detail.keywords")}>
      {keywords.slice(0, max).map((k) => (
        <li key={k} className="rounded-md bg-muted px-2 py-0.5 text-xs">
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
    { id: "name", header: t("table.name"), rowHeader: true, cell: (p) => <ProjectName project={p} /> },
    { id: "status", header: t("table.status"), cell: (p) => <StatusBadge status={p.status} /> },
    { id: "keywords", header: t("table.keywords"), cell: (p) => <Keywords keywords={p.keywords} max={3} /> },
    { id: "mentions7d", header: t("table.mentions7d"), numeric: true, cell: (p) => format.number(p.mentions7d) },
    { id: "members", header: t("table.members"), numeric: true, cell: (p) => format.number(p.members) },
    {
      id: "updated",
      header: t("table.updated"),
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

/** Table or cards: the same rows, filters and pages either way. */
function ViewSwitch({ view }: { view: "table" | "cards" }) {
  const { t } = useTranslation("projects");
  const location = useLocation();
  const options = [
    { value: "table", label: t("table.tableView"), icon: Table2 },
    { value: "cards", label: t("table.cardsView"), icon: LayoutGrid },
  ] as const;
  return (
    <nav aria-label={t("table.view")} className="flex rounded-md border border-border p-0.5">
      {options.map(({ value, label, icon: Icon }) => (
        <Link
          key={value}
          to={withParams(location.search, { view: value === "table" ? null : value })}
          preventScrollReset
          aria-current={view === value ? "page" : undefined}
          className={cn(
            "inline-flex h-7 items-center gap-1.5 rounded px-2 text-sm text-muted-foreground hover:text-foreground [&_svg]:size-4",
            view === value && "bg-accent font-medium text-accent-foreground",
          )}
        >
          <Icon aria-hidden="true" />
          {label}
        </Link>
      ))}
    </nav>
  );
}

export default function ProjectsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("projects");
  const format = useFormatter();
  const { state, rows, total, view } = loaderData;
  const filtered = state.q !== "" || state.filters.status.length > 0;
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
                    {loaderData.canDelete && (
                      <ConfirmBulkAction
                        intent="delete"
                        label={
                          <>
                            <Trash2 aria-hidden="true" />
                            {t("bulk.delete")}
                          </>
                        }
                        description={t("bulk.deleteDescription")}
                        confirm={t("bulk.deleteConfirm")}
                      />
                    )}
                  </>
                ),
              }
            : undefined
        }
        empty={
          <EmptyState
            icon={filtered ? SearchX : FolderOpen}
            text={filtered ? t("list.noMatches") : loaderData.canCreate ? t("list.emptyAdmin") : t("list.empty")}
          />
        }
        toolbar={<ViewSwitch view={view} />}
        body={view === "cards" ? <ProjectCards projects={rows} /> : undefined}
      />
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
