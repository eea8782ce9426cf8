import { useRouteLoaderData } from "react-router";
import { found, requirePermission, requireReader, servicesOf } from "~/core/context.server";
import { can } from "~/core/permissions";
import { authCallContext } from "~/features/auth/guard.server";
import { projectMembers } from "~/features/projects/members.server";
import { deleteTask, updateTask } from "~/features/tasks/changes.server";
import { listUrl } from "~/features/tasks/list";
import { taskSchema } from "~/features/tasks/schemas";
import { TaskSheet } from "~/features/tasks/task-sheet";
import { getTask } from "~/features/tasks/tasks.server";
import { readForm } from "~/lib/form-body.server";
import { formFailure, parseForm } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { PageErrorBoundary } from "~/shell/error-page";
import type { loader as tasksLoader } from "./_app.tasks";
import type { Route } from "./+types/_app.tasks.$taskId";

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const reader = requireReader(context);
  requirePermission(reader, "tasks.read");
  return {
    task: found(await getTask(servicesOf(context), reader, params.taskId)),
    closeTo: listUrl(url),
    canEdit: can(reader, "tasks.edit"),
    canDelete: can(reader, "tasks.delete"),
  };
}

/** Save (back to the list with a toast, or the form with what is wrong) or delete. */
export async function action({ request, context, params, url }: Route.ActionArgs) {
  const reader = requireReader(context);
  requirePermission(reader, "tasks.edit");
  const services = servicesOf(context);
  const form = await readForm(request);
  if (form.get("intent") === "delete") {
    requirePermission(reader, "tasks.delete");
    const task = found(await deleteTask(services, reader, params.taskId));
    return redirectWithToast(services.env, listUrl(url), {
      type: "success",
      key: "tasks:deleted",
      values: { title: task.title },
    });
  }
  const submission = parseForm(form, taskSchema);
  if (!submission.success) return formFailure(submission.result);
  const saved = found(
    await updateTask(services, reader, params.taskId, submission.data, (ids) =>
      projectMembers(servicesOf(context), authCallContext(context), ids),
    ),
  );
  if (!saved.ok) return formFailure({ values: submission.values, fieldErrors: { [saved.field]: saved.key } }, 422);
  return redirectWithToast(services.env, listUrl(url), {
    type: "success",
    key: "tasks:saved",
    values: { title: submission.data.title },
  });
}

export default function TaskRoute({ loaderData, actionData }: Route.ComponentProps) {
  const list = useRouteLoaderData<typeof tasksLoader>("routes/_app.tasks");
  return <TaskSheet loaderData={loaderData} list={list} result={actionData} />;
}

export const ErrorBoundary = PageErrorBoundary;
