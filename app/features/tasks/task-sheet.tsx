import { Link } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { FormResult } from "~/lib/forms";
import { buttonClass } from "~/ui/button";
import { Menu } from "~/ui/data-table/url-form";
import { MessageSquareText, Trash2 } from "~/ui/icons";
import { DueDate, PriorityBadge, TaskStatusBadge } from "./task-badges";
import { TaskForm } from "./task-form";
import { TaskPanel } from "./task-panel";
import type { TaskRow, TasksPageData } from "./tasks.server";

/** What a task's form offers, from the list it is opened over. */
export type TaskChoices = Pick<TasksPageData, "projects" | "people" | "labels" | "members">;

/** What a reader (a viewer) sees: the task, without a form. */
function TaskDetails({ task, assignee }: { task: TaskRow; assignee: string }) {
  const { t } = useTranslation("tasks");
  const row = (label: string, value: React.ReactNode) => (
    <div className="grid grid-cols-[8rem_1fr] gap-2 py-2">
      <dt className="text-muted-foreground">{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <div className="flex flex-col gap-4 text-sm">
      <h2 className="text-base font-semibold" data-user-content>
        {task.title}
      </h2>
      {task.description && (
        <p className="whitespace-pre-wrap" data-user-content>
          {task.description}
        </p>
      )}
      <dl className="divide-y divide-border">
        {row(t("field.status"), <TaskStatusBadge status={task.status} />)}
        {row(t("field.priority"), <PriorityBadge priority={task.priority} />)}
        {row(t("field.label"), task.label ? <span data-user-content>{task.label}</span> : "—")}
        {row(t("field.assignee"), assignee)}
        {row(t("field.due"), <DueDate date={task.dueDate} overdue={task.overdue} />)}
        {row(t("field.project"), <span data-user-content>{task.projectName ?? "—"}</span>)}
      </dl>
    </div>
  );
}

/** One task in its sheet (or page): its form for those who edit, else its details. */
export function TaskSheet({
  loaderData,
  list,
  result,
}: {
  loaderData: { task: TaskRow; closeTo: string; canEdit: boolean; canDelete: boolean };
  list: TaskChoices | undefined;
  result: FormResult | undefined;
}) {
  const { t } = useTranslation("tasks");
  const { task, closeTo } = loaderData;
  const assignee = task.assigneeId
    ? (list?.members.find((m) => m.id === task.assigneeId)?.email ?? t("formerMember"))
    : t("nobody");
  const mention = task.messageId ? { id: task.messageId, heading: task.messageHeading ?? "" } : null;
  return (
    <TaskPanel title={loaderData.canEdit ? t("edit.title") : t("detail.title")} closeTo={closeTo}>
      {loaderData.canEdit ? (
        <TaskForm
          key={task.id}
          defaults={{
            title: task.title,
            description: task.description ?? "",
            status: task.status,
            priority: task.priority,
            label: task.label ?? "",
            assigneeId: task.assigneeId ?? "",
            dueDate: task.dueDate ?? "",
            projectId: task.projectId ?? "",
            messageId: task.messageId ?? "",
          }}
          projects={list?.projects ?? []}
          people={list?.people ?? {}}
          labels={list?.labels ?? []}
          mention={mention}
          result={result}
          submitLabel={t("edit.submit")}
          cancelTo={closeTo}
        >
          {loaderData.canDelete && (
            <div className="ml-auto">
              <Menu
                className="text-danger"
                summary={
                  <>
                    <Trash2 aria-hidden="true" />
                    {t("delete.action")}
                  </>
                }
              >
                <div className="menu-panel bottom-full mb-1 w-72 max-w-[calc(100vw-2rem)] gap-3 p-3">
                  <p className="text-sm">{t("delete.description")}</p>
                  <button
                    type="submit"
                    name="intent"
                    value="delete"
                    formNoValidate
                    className={buttonClass("destructive", "sm")}
                  >
                    {t("delete.confirm")}
                  </button>
                </div>
              </Menu>
            </div>
          )}
        </TaskForm>
      ) : (
        <>
          <TaskDetails task={task} assignee={assignee} />
          {mention && (
            <Link
              to={`/messages/${mention.id}`}
              className="inline-flex items-center gap-2 text-sm underline-offset-4 hover:underline"
            >
              <MessageSquareText aria-hidden="true" className="size-4 shrink-0" />
              <span className="truncate" data-user-content>
                {mention.heading}
              </span>
            </Link>
          )}
        </>
      )}
    </TaskPanel>
  );
}
