import { useRouteLoaderData } from "react-router";
import { canAccessProject } from "~/core/permissions";
import { requireRole } from "~/features/auth/guard.server";
import { listUrl, submitTaskForm } from "~/features/tasks/forms.server";
import { TaskForm } from "~/features/tasks/task-form";
import { TaskPanel } from "~/features/tasks/task-panel";
import { mentionForTask } from "~/features/tasks/tasks.server";
import { useTranslation } from "~/i18n/use-translation";
import { PageErrorBoundary } from "~/shell/error-page";
import type { loader as tasksLoader } from "./_app.tasks";
import type { Route } from "./+types/_app.tasks.new";

/** `?message=<id>` starts the task from a mention (linked, in one of its projects); `?forProject=<id>` picks a project. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireRole(context, "tasks.edit");
  const mention = await mentionForTask(user, url.searchParams.get("message"));
  const wanted = url.searchParams.get("forProject") ?? "";
  const projectId =
    (canAccessProject(user, wanted) && wanted) ||
    mention?.projectIds.find((id) => canAccessProject(user, id)) ||
    (user.projectIds.length === 1 ? user.projectIds[0] : "") ||
    "";
  return { mention: mention && { id: mention.id, heading: mention.heading }, projectId, closeTo: listUrl(url) };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = requireRole(context, "tasks.edit");
  return submitTaskForm(context, user, await request.formData(), url);
}

export default function NewTaskPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("tasks");
  const list = useRouteLoaderData<typeof tasksLoader>("routes/_app.tasks");
  const { mention } = loaderData;
  return (
    <TaskPanel title={t("create.title")} closeTo={loaderData.closeTo}>
      <TaskForm
        defaults={{
          title: mention ? mention.heading.slice(0, 200) : "",
          description: "",
          status: "todo",
          priority: "medium",
          label: "",
          assigneeId: "",
          dueDate: "",
          projectId: loaderData.projectId,
          messageId: mention?.id ?? "",
        }}
        projects={list?.projects ?? []}
        people={list?.people ?? {}}
        labels={list?.labels ?? []}
        mention={mention}
        result={actionData}
        submitLabel={t("create.submit")}
        cancelTo={loaderData.closeTo}
      />
    </TaskPanel>
  );
}

export const ErrorBoundary = PageErrorBoundary;
