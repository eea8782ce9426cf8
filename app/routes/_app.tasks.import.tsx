import { data } from "react-router";
import { requirePermission, requireReader, servicesOf } from "~/core/context.server";
import { isUuid } from "~/core/sql.server";
import { authCallContext } from "~/features/auth/guard.server";
import { projectMembers } from "~/features/projects/members.server";
import { checkTaskRows, guessTaskMapping, importTasks, readTaskCsv, readTaskFile } from "~/features/tasks/csv.server";
import {
  type ImportPreview,
  type ImportUpload,
  importPreview,
  TASK_FIELDS,
  type TaskMapping,
} from "~/features/tasks/import-fields";
import { ImportTasksPage } from "~/features/tasks/import-page";
import { taskProjectChoices } from "~/features/tasks/tasks.server";
import { readForm } from "~/lib/form-body.server";
import { redirectWithToast } from "~/lib/toast.server";
import { PageErrorBoundary } from "~/shell/error-page";
import type { Route } from "./+types/_app.tasks.import";

export async function loader({ context }: Route.LoaderArgs) {
  const reader = requireReader(context);
  requirePermission(reader, "tasks.edit");
  return { projects: await taskProjectChoices(servicesOf(context), reader) };
}

/**
 * Two posts, nothing stored in between (ADR 031): the upload is read and shown with a guessed mapping;
 * the confirmation carries the file's text back, checks every row and stores all of them or none.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const reader = requireReader(context);
  requirePermission(reader, "tasks.edit");
  const services = servicesOf(context);
  const form = await readForm(request);
  const defaultProjectId = String(form.get("defaultProjectId") ?? "");
  const values = { defaultProjectId };
  const unreadable = (problem: string, line?: number) =>
    data<ImportUpload>(
      { step: "upload", values, fieldErrors: { file: `tasks:import.fileErrors.${problem}` }, line },
      400,
    );

  if (form.get("intent") === "upload") {
    const file = form.get("file");
    if (!(file instanceof File) || (file.size === 0 && !file.name)) return unreadable("missing");
    const read = await readTaskFile(new Uint8Array(await file.arrayBuffer()));
    if ("problem" in read) return unreadable(read.problem, read.line);
    return importPreview(read, file.name, guessTaskMapping(read.columns), defaultProjectId);
  }
  const fileName = String(form.get("fileName") ?? "");
  const read = readTaskCsv(String(form.get("content") ?? ""));
  if ("problem" in read) return unreadable(read.problem, read.line);
  const mapping: TaskMapping = {};
  for (const field of TASK_FIELDS) {
    const column = String(form.get(`map.${field}`) ?? "");
    if (read.columns.includes(column)) mapping[field] = column;
  }
  const fallbackProject = isUuid(defaultProjectId) ? defaultProjectId : null;
  const checked = await checkTaskRows(services, reader, read, mapping, fallbackProject, (ids) =>
    projectMembers(servicesOf(context), authCallContext(context), ids),
  );
  if (!checked.ok) {
    const problems = { errors: checked.errors, invalidRows: checked.invalidRows };
    return data<ImportPreview>(importPreview(read, fileName, mapping, defaultProjectId, problems), 422);
  }
  const count = await importTasks(services, reader, checked.tasks);
  return redirectWithToast(services.env, "/tasks", { type: "success", key: "tasks:import.done", values: { count } });
}

export default function ImportTasksRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <ImportTasksPage loaderData={loaderData} actionData={actionData} />;
}

export const ErrorBoundary = PageErrorBoundary;
