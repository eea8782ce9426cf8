import { Suspense, useState } from "react";
import { Link, useLocation, useOutlet } from "react-router";
import { withParams } from "~/core/table";
import { useTranslation } from "~/i18n/use-translation";
import { type Formatter, useFormatter } from "~/lib/format";
import { buttonClass } from "~/ui/button";
import { BulkAction, BulkDelete } from "~/ui/data-table/bulk";
import { type Column, DataTable } from "~/ui/data-table/data-table";
import { Menu, useHydrated } from "~/ui/data-table/url-form";
import { ViewSwitch } from "~/ui/data-table/view-switch";
import { EmptyState } from "~/ui/empty-state";
import { Download, KanbanSquare, ListTodo, MessageSquareText, Plus, Table2, Upload } from "~/ui/icons";
import { onDemand } from "~/ui/on-demand";
import { PageHeader } from "~/ui/page-header";
import { TaskBoard as RenderedBoard } from "./board";
import { TASK_PRIORITIES, TASK_STATUSES, tasksTable } from "./list";
import { DueDate, PriorityBadge, TaskStatusBadge } from "./task-badges";
import type { TaskOutletContext } from "./task-panel";
import type { TaskRow, TasksPageData } from "./tasks.server";

// The board's code (drag and drop, columns) loads only for the board view, not with the table.
const TaskBoard = onDemand(import.meta.env.SSR ? RenderedBoard : null, () =>
  import("./board").then((module) => module.TaskBoard),
);

function taskColumns(
  t: (key: string) => string,
  format: Formatter,
  search: string,
  assigneeName: (id: string) => string,
): Array<Column<TaskRow>> {
  return [
    {
      id: "title",
      header: t("field.title"),
      rowHeader: true,
      priority: 1,
      cell: (task) => (
        <Link
          to={`/tasks/${task.id}${search}`}
          preventScrollReset
          className="line-clamp-2 max-w-80 hover:underline"
          data-user-content
        >
          {task.title}
        </Link>
      ),
    },
    { id: "status", header: t("field.status"), priority: 2, cell: (task) => <TaskStatusBadge status={task.status} /> },
    {
      id: "priority",
      header: t("field.priority"),
      priority: 4,
      cell: (task) => <PriorityBadge priority={task.priority} />,
    },
    {
      id: "label",
      header: t("field.label"),
      priority: 5,
      cell: (task) =>
        task.label ? (
          <span className="rounded-md bg-muted px-2 py-0.5 text-xs" data-user-content>
            {task.label}
          </span>
        ) : null,
    },
    {
      id: "assignee",
      header: t("field.assignee"),
      priority: 3,
      cell: (task) =>
        task.assigneeId ? assigneeName(task.assigneeId) : <span className="text-muted-foreground">{t("nobody")}</span>,
    },
    {
      id: "due",
      header: t("field.due"),
      priority: 2,
      cell: (task) => <DueDate date={task.dueDate} overdue={task.overdue} />,
    },
    {
      id: "project",
      header: t("field.project"),
      priority: 5,
      wraps: true,
      cell: (task) =>
        task.projectId && (
          <span className="flex items-center gap-2">
            <span
              className="inline-block size-2.5 shrink-0 rounded-full"
              style={{ background: task.projectColor ?? undefined }}
              aria-hidden="true"
            />
            <span data-user-content>{task.projectName}</span>
          </span>
        ),
    },
    {
      id: "mention",
      header: t("field.mention"),
      priority: 5,
      cell: (task) =>
        task.messageId && (
          <Link
            to={`/messages/${task.messageId}`}
            className="inline-flex max-w-56 items-center gap-1.5 text-muted-foreground hover:text-foreground hover:underline"
          >
            <MessageSquareText aria-hidden="true" className="size-4 shrink-0" />
            <span className="truncate" data-user-content>
              {task.messageHeading}
            </span>
          </Link>
        ),
    },
    {
      id: "updated",
      header: t("field.updated"),
      priority: 5,
      cell: (task) => <time dateTime={new Date(task.updatedAt).toISOString()}>{format.dateTime(task.updatedAt)}</time>,
    },
  ];
}

/** A bulk change that needs a value (a status, a priority, a person): a menu with a choice and Apply. */
function BulkChoice({
  intent,
  label,
  options,
}: {
  intent: string;
  label: string;
  options: Array<{ value: string; label: string }>;
}) {
  const { t } = useTranslation("tasks");
  return (
    <Menu summary={label}>
      <div className="menu-panel w-64 max-w-[calc(100vw-2rem)] gap-2 p-3 sm:right-auto sm:left-0">
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{label}</span>
          <select
            name={intent === "assign" ? "assignee" : intent}
            className="h-8 rounded-md border border-border bg-background px-2"
          >
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        <BulkAction intent={intent}>{t("bulk.apply")}</BulkAction>
      </div>
    </Menu>
  );
}

/** The tasks screen: the table or the board, its filters and bulk bar, and the open task in a sheet over it. */
export function TasksPage({ loaderData }: { loaderData: TasksPageData }) {
  const { t } = useTranslation("tasks");
  const format = useFormatter();
  const location = useLocation();
  const hydrated = useHydrated();
  // A task opened from the list shows in a sheet over it. One the page was loaded on (and every one without
  // JavaScript) is a page of its own, so nothing typed before the scripts arrive is lost by a change of layout.
  const [asPage, setAsPage] = useState(!hydrated);
  const outlet = useOutlet({ asPage } satisfies TaskOutletContext);
  if (asPage && hydrated && !outlet) setAsPage(false);
  const { state, rows, total, view, members } = loaderData;
  if (outlet && asPage) return outlet;

  const names = new Map(members.map((m) => [m.id, m.email]));
  const assigneeName = (id: string) => names.get(id) ?? t("formerMember");
  const exportHref = `/tasks/export${withParams(location.search, { page: null, view: null })}`;
  const personOptions = [
    { value: "nobody", label: t("nobody") },
    ...members.map((m) => ({ value: m.id, label: m.email })),
  ];
  return (
    <>
      <PageHeader
        help="tasks"
        title={t("title")}
        description={t("description")}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <a href={exportHref} className={buttonClass("outline")} download>
              <Download aria-hidden="true" />
              {t("export")}
            </a>
            {loaderData.canEdit && (
              <>
                <Link to="/tasks/import" className={buttonClass("outline")}>
                  <Upload aria-hidden="true" />
                  {t("import.action")}
                </Link>
                <Link to={`/tasks/new${location.search}`} preventScrollReset className={buttonClass()}>
                  <Plus aria-hidden="true" />
                  {t("new")}
                </Link>
              </>
            )}
          </div>
        }
      />
      <DataTable
        spec={tasksTable}
        state={state}
        rows={rows}
        total={total}
        columns={taskColumns(t, format, location.search, assigneeName)}
        getRowId={(task) => task.id}
        caption={t("table.caption")}
        search={{ label: t("search"), placeholder: t("searchPlaceholder") }}
        facets={[
          { id: "status", label: t("field.status"), optionLabel: (v) => t(`status.${v}`) },
          { id: "priority", label: t("field.priority"), optionLabel: (v) => t(`priority.${v}`) },
          {
            id: "assignee",
            label: t("field.assignee"),
            values: ["me", "nobody", ...members.filter((m) => m.id !== loaderData.me).map((m) => m.id)],
            optionLabel: (v) => (v === "me" ? t("me") : v === "nobody" ? t("nobody") : assigneeName(v)),
          },
          {
            id: "project",
            label: t("field.project"),
            values: loaderData.projects.map((p) => p.id),
            optionLabel: (v) => loaderData.projects.find((p) => p.id === v)?.name ?? v,
          },
          { id: "label", label: t("field.label"), values: loaderData.labels, optionLabel: (v) => v },
          { id: "due", label: t("field.due"), optionLabel: (v) => t(`due.${v}`) },
        ]}
        selection={
          loaderData.canEdit && view === "table"
            ? {
                rowLabel: (task) => task.title,
                actions: (
                  <>
                    <BulkChoice
                      intent="status"
                      label={t("bulk.status")}
                      options={TASK_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
                    />
                    <BulkChoice
                      intent="priority"
                      label={t("bulk.priority")}
                      options={TASK_PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))}
                    />
                    <BulkChoice intent="assign" label={t("bulk.assign")} options={personOptions} />
                    {loaderData.canDelete && <BulkDelete ns="tasks" />}
                  </>
                ),
              }
            : undefined
        }
        empty={<EmptyState icon={ListTodo} text={loaderData.canEdit ? t("emptyEditor") : t("empty")} />}
        noMatches={t("noMatches")}
        toolbar={
          <ViewSwitch
            label={t("view.label")}
            view={view}
            options={[
              { value: "table", label: t("view.table"), icon: Table2 },
              { value: "board", label: t("view.board"), icon: KanbanSquare },
            ]}
            resetPage
          />
        }
        body={
          loaderData.board ? (
            <Suspense>
              <TaskBoard columns={loaderData.board} canEdit={loaderData.canEdit} assigneeName={assigneeName} />
            </Suspense>
          ) : undefined
        }
        paged={view === "table"}
      />
      {outlet}
    </>
  );
}
