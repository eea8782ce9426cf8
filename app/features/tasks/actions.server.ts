import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { redirectWithToast } from "~/lib/toast.server";
import { parseBulkAction, parseTableState } from "~/ui/data-table/parse";
import type { CurrentUser } from "../../core/reader";
import { requireRole } from "../auth/guard.server";
import { TASK_BULK_INTENTS, TASK_PRIORITIES, TASK_STATUSES, tasksTable } from "./list";
import {
  type BulkChange,
  bulkChangeTasks,
  byIds,
  moveTask,
  readerTimeZone,
  taskConditions,
  taskPeople,
} from "./tasks.server";

/**
 * Back to the list or board the change was made on. With JavaScript the fetcher that posted follows it in
 * place of the current history entry, so Back still leaves the page rather than repeating it.
 */
const backTo = (url: string, toast: Parameters<typeof redirectWithToast>[1]) =>
  redirectWithToast(url, toast, { headers: { "X-Remix-Replace": "true" } });

const moveSchema = z.object({ id: z.uuid(), status: z.enum(TASK_STATUSES) });

function bulkChangeFrom(intent: (typeof TASK_BULK_INTENTS)[number], form: FormData): BulkChange | null {
  if (intent === "delete") return { intent };
  if (intent === "status") {
    const status = z.enum(TASK_STATUSES).safeParse(form.get("status"));
    return status.success ? { intent, status: status.data } : null;
  }
  if (intent === "priority") {
    const priority = z.enum(TASK_PRIORITIES).safeParse(form.get("priority"));
    return priority.success ? { intent, priority: priority.data } : null;
  }
  const assignee = z.union([z.uuid(), z.literal("nobody")]).safeParse(form.get("assignee"));
  return assignee.success ? { intent, assigneeId: assignee.data === "nobody" ? null : assignee.data } : null;
}

/** A board card's move to another column (its status menu without JavaScript, a drag or a key with it). */
async function move(context: Readonly<RouterContextProvider>, user: CurrentUser, form: FormData, back: string) {
  const parsed = moveSchema.safeParse({ id: form.get("id"), status: form.get("status") });
  if (!parsed.success) return backTo(back, { type: "error", key: "tasks:errors.moveInvalid" });
  const task = await moveTask(user, parsed.data.id, parsed.data.status, readerTimeZone(context));
  return backTo(back, { type: "success", key: "tasks:moved", values: { title: task.title } });
}

/** The list's and board's posts: a card moved, or a bulk change of the ticked (or all matching) tasks. */
export async function tasksAction(context: Readonly<RouterContextProvider>, form: FormData, url: URL) {
  const user = requireRole(context, "tasks.edit");
  const back = `${url.pathname}${url.search}`;
  if (form.get("intent") === "move") return move(context, user, form, back);
  const bulk = parseBulkAction(tasksTable, form, TASK_BULK_INTENTS);
  if (!bulk.ok) return backTo(back, { type: "error", key: bulk.error });
  const change = bulkChangeFrom(bulk.intent, form);
  if (!change) return backTo(back, { type: "error", key: "tables:bulk.invalid" });
  const where = bulk.allMatching
    ? taskConditions(user, parseTableState(tasksTable, url.searchParams), readerTimeZone(context))
    : byIds(user, bulk.ids);
  const count = await bulkChangeTasks(user, change, where, (projectIds) => taskPeople(context, projectIds));
  if (count === "notMember") return backTo(back, { type: "error", key: "tasks:errors.assigneeNotMemberBulk" });
  return backTo(back, {
    type: "success",
    key: change.intent === "delete" ? "tasks:bulk.deleted" : "tasks:bulk.changed",
    values: { count },
  });
}
