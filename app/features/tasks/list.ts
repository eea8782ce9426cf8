import { defineTable, type TableState } from "~/core/table";

export const TASK_STATUSES = ["backlog", "todo", "in_progress", "done", "canceled"] as const;
export const TASK_PRIORITIES = ["low", "medium", "high", "critical"] as const;
export const DUE_FILTERS = ["overdue", "week", "none"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

/** Done and canceled tasks are closed: never overdue, never "open". */
export const OPEN_STATUSES: readonly TaskStatus[] = ["backlog", "todo", "in_progress"];

/** The tasks table and board: what their URL may sort, filter, hide and page by. */
export const tasksTable = defineTable({
  sortable: ["title", "status", "priority", "label", "assignee", "due", "project", "updated"],
  defaultSort: { id: "updated", desc: true },
  filters: { status: TASK_STATUSES, priority: TASK_PRIORITIES, due: DUE_FILTERS },
  // Labels are the team's own words; people (or "me", "nobody") and projects are ids.
  openFilters: { label: true, assignee: true, project: true },
  hideable: ["status", "priority", "label", "assignee", "due", "project", "mention", "updated"],
  hiddenByDefault: ["updated"],
  pageSizes: [10, 20, 50],
  defaultPageSize: 20,
});

export type TasksTableState = TableState<typeof tasksTable>;
export type TaskFilters = TasksTableState["filters"];
/** Which tasks: a search and the table's filters (any of them). */
export interface TaskQuery {
  q: string;
  filters: Partial<TaskFilters>;
}

/** Parameters of the task pages that are not the list's: left out of the way back. */
const PAGE_ONLY = ["message", "forProject"];

/** The list a task's sheet was opened over (its search and filters), where a saved form goes back to. */
export function listUrl(url: URL): string {
  const params = new URLSearchParams(url.search);
  for (const name of PAGE_ONLY) params.delete(name);
  const query = params.toString();
  return query ? `/tasks?${query}` : "/tasks";
}

export const TASK_BULK_INTENTS = ["status", "priority", "assign", "delete"] as const;
export type TaskBulkIntent = (typeof TASK_BULK_INTENTS)[number];

export const MAX_TITLE = 200;
export const MAX_DESCRIPTION = 5000;
export const MAX_LABEL = 40;
/** How many cards a board column shows; the column says how many more match. */
export const BOARD_COLUMN_LIMIT = 50;
