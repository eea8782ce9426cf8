import { useRouteLoaderData } from "react-router";
import { requirePermission, requireReader, servicesOf } from "~/core/context.server";
import { authCallContext } from "~/features/auth/guard.server";
import { projectMembers } from "~/features/projects/members.server";
import { createTask, startingProject } from "~/features/tasks/changes.server";
import { listUrl } from "~/features/tasks/list";
import { taskSchema } from "~/features/tasks/schemas";
import { TaskForm } from "~/features/tasks/task-form";
import { TaskPanel } from "~/features/tasks/task-panel";
import { mentionForTask } from "~/features/tasks/tasks.server";
import { useTranslation } from "~/i18n/use-translation";
import { readForm } from "~/lib/form-body.server";
import { formFailure, parseForm } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { PageErrorBoundary } from "~/shell/error-page";
import type { loader as tasksLoader } from "./_app.tasks";
import type { Route } from "./+types/_app.tasks.new";

/** `?message=<id>` starts the task from a mention (linked, in one of its projects); `?forProject=<id>` picks a project. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const reader = requireReader(context);
  requirePermission(reader, "tasks.edit");
  const mention = await mentionForTask(servicesOf(context), reader, url.searchParams.get("message"));
  const projectId = startingProject(reader, url.searchParams.get("forProject") ?? "", mention?.projectIds);
  return { mention: mention && { id: mention.id, heading: mention.heading }, projectId, closeTo: listUrl(url) };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const reader = requireReader(context);
  requirePermission(reader, "tasks.edit");
  const submission = parseForm(await readForm(request), taskSchema);
  if (!submission.success) return formFailure(submission.result);
  const saved = await createTask(servicesOf(context), reader, submission.data, (ids) =>
    projectMembers(servicesOf(context), authCallContext(context), ids),
  );
  if (!saved.ok) return formFailure({ values: submission.values, fieldErrors: { [saved.field]: saved.key } }, 422);
  return redirectWithToast(servicesOf(context).env, listUrl(url), {
    type: "success",
    key: "tasks:created",
    values: { title: submission.data.title },
  });
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
