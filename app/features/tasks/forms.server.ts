import type { RouterContextProvider } from "react-router";
import { canAccessProject } from "../../core/permissions";
import type { CurrentUser } from "../../core/reader";
import { formFailure, parseForm } from "../../lib/forms.server";
import { redirectWithToast } from "../../lib/toast.server";
import { taskSchema } from "./schemas";
import {
  createTask,
  deleteTask,
  isMember,
  readerTimeZone,
  taskPeople,
  updateTask,
  visibleMention,
} from "./tasks.server";

/** Parameters of the task pages that are not the list's: left out of the way back. */
const PAGE_ONLY = ["message", "forProject"];

/** The list the sheet was opened over (its search and filters), where a saved form goes back to. */
export function listUrl(url: URL): string {
  const params = new URLSearchParams(url.search);
  for (const name of PAGE_ONLY) params.delete(name);
  const query = params.toString();
  return query ? `/tasks?${query}` : "/tasks";
}

/**
 * Create (no id) or edit: zod, then the rules the form cannot know: the project is one of the user's,
 * the assignee a member of it, the mention one they can see. Back to the list with a toast.
 */
export async function submitTaskForm(
  context: Readonly<RouterContextProvider>,
  user: CurrentUser,
  form: FormData,
  url: URL,
  id?: string,
) {
  const submission = parseForm(form, taskSchema);
  if (!submission.success) return formFailure(submission.result);
  const input = submission.data;
  const refuse = (field: string, key: string) =>
    formFailure({ values: submission.values, fieldErrors: { [field]: key } }, 422);
  if (!canAccessProject(user, input.projectId)) return refuse("projectId", "tasks:errors.projectInvalid");
  if (input.assigneeId) {
    const people = await taskPeople(context, [input.projectId]);
    if (!isMember(people, input.projectId, input.assigneeId)) {
      return refuse("assigneeId", "tasks:errors.assigneeNotMember");
    }
  }
  if (input.messageId && !(await visibleMention(user, input.messageId))) {
    return refuse("messageId", "tasks:errors.mentionInvalid");
  }
  const timeZone = readerTimeZone(context);
  if (id) await updateTask(user, id, input, timeZone);
  else await createTask(user, input);
  return redirectWithToast(listUrl(url), {
    type: "success",
    key: id ? "tasks:saved" : "tasks:created",
    values: { title: input.title },
  });
}

export async function submitTaskDelete(
  context: Readonly<RouterContextProvider>,
  user: CurrentUser,
  url: URL,
  id: string,
) {
  const task = await deleteTask(user, id, readerTimeZone(context));
  return redirectWithToast(listUrl(url), { type: "success", key: "tasks:deleted", values: { title: task.title } });
}
