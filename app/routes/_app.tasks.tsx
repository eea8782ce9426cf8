import { found, requirePermission, requireReader, servicesOf } from "~/core/context.server";
import { authCallContext } from "~/features/auth/guard.server";
import { projectMembers } from "~/features/projects/members.server";
import { bulkChangeTasks, moveTask } from "~/features/tasks/changes.server";
import { TASK_BULK_INTENTS, tasksTable } from "~/features/tasks/list";
import { bulkChangeSchema, moveSchema } from "~/features/tasks/schemas";
import { taskProjectChoices, tasksPage } from "~/features/tasks/tasks.server";
import { TasksPage } from "~/features/tasks/tasks-page";
import { readForm } from "~/lib/form-body.server";
import { parseForm } from "~/lib/forms.server";
import { keepListBesidePanel } from "~/lib/side-panel";
import { type FlashToast, redirectWithToast } from "~/lib/toast.server";
import { PageErrorBoundary } from "~/shell/error-page";
import { parseBulkAction, parseTableState } from "~/ui/data-table/parse";
import type { Route } from "./+types/_app.tasks";

export async function loader({ context, url }: Route.LoaderArgs) {
  const reader = requireReader(context);
  requirePermission(reader, "tasks.read");
  const services = servicesOf(context);
  const requested = parseTableState(tasksTable, url.searchParams);
  const view = url.searchParams.get("view") === "board" ? "board" : "table";
  const projects = await taskProjectChoices(services, reader);
  // One call to the auth service for the whole page: the people to filter by, sort by and assign.
  const people = await projectMembers(
    servicesOf(context),
    authCallContext(context),
    projects.map((p) => p.id),
  );
  return tasksPage(services, reader, requested, view, { projects, people });
}

/** The list's and board's posts: a card moved, or a bulk change of the ticked (or all matching) tasks. */
export async function action({ request, context, url }: Route.ActionArgs) {
  const reader = requireReader(context);
  requirePermission(reader, "tasks.edit");
  const services = servicesOf(context);
  const form = await readForm(request);
  // Back to the list or board the change was made on. With JavaScript the fetcher that posted follows it in
  // place of the current history entry, so Back still leaves the page rather than repeating it.
  const back = (toast: FlashToast) =>
    redirectWithToast(services.env, `${url.pathname}${url.search}`, toast, { headers: { "X-Remix-Replace": "true" } });

  if (form.get("intent") === "move") {
    const move = parseForm(form, moveSchema);
    if (!move.success) return back({ type: "error", key: "tasks:errors.moveInvalid" });
    const task = found(await moveTask(services, reader, move.data.id, move.data.status));
    return back({ type: "success", key: "tasks:moved", values: { title: task.title } });
  }
  const bulk = parseBulkAction(tasksTable, form, TASK_BULK_INTENTS);
  if (!bulk.ok) return back({ type: "error", key: bulk.error });
  const change = parseForm(form, bulkChangeSchema);
  if (!change.success) return back({ type: "error", key: "tables:bulk.invalid" });
  if (change.data.intent === "delete") requirePermission(reader, "tasks.delete");
  const target = bulk.allMatching ? { matching: parseTableState(tasksTable, url.searchParams) } : { ids: bulk.ids };
  const count = await bulkChangeTasks(services, reader, change.data, target, (ids) =>
    projectMembers(servicesOf(context), authCallContext(context), ids),
  );
  if (count === "notMember") return back({ type: "error", key: "tasks:errors.assigneeNotMemberBulk" });
  return back({
    type: "success",
    key: change.data.intent === "delete" ? "tasks:bulk.deleted" : "tasks:bulk.changed",
    values: { count },
  });
}

export const shouldRevalidate = keepListBesidePanel;

export default function TasksRoute({ loaderData }: Route.ComponentProps) {
  return <TasksPage loaderData={loaderData} />;
}

export const ErrorBoundary = PageErrorBoundary;
