// The tasks a user may see (their projects; all for admins), as a table page, a board, a palette list or
// an export, and the changes made to them. A task outside the user's projects does not exist for them (404).
import { and, asc, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { data, type RouterContextProvider } from "react-router";
import { getDb } from "~/db/client.server";
import { messages, projects, tasks } from "~/db/schema";
import { clampPage, type TableState } from "~/ui/data-table/spec";
import { preferencesContext, servicesOf } from "../../core/context.server.ts";
import { can } from "../../core/permissions";
import type { CurrentUser } from "../../core/reader";
import { authCallContext } from "../auth/guard.server";
import { type Member, projectMembers } from "../projects/members.server";
import {
  BOARD_COLUMN_LIMIT,
  OPEN_STATUSES,
  TASK_STATUSES,
  type TaskPriority,
  type TaskStatus,
  type tasksTable,
} from "./list";

export type TasksTableState = TableState<typeof tasksTable>;
export type TaskFilters = TasksTableState["filters"];

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface TaskRow {
  id: string;
  title: string;
  description: string | null;
  status: TaskStatus;
  priority: TaskPriority;
  label: string | null;
  assigneeId: string | null;
  /** YYYY-MM-DD. */
  dueDate: string | null;
  overdue: boolean;
  projectId: string | null;
  projectName: string | null;
  projectColor: string | null;
  messageId: string | null;
  /** The linked mention's title, or the start of its text. */
  messageHeading: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The reader's time zone (their preferences): "today", "overdue" and "this week" are theirs. */
export function readerTimeZone(context: Readonly<RouterContextProvider>): string {
  return context.get(preferencesContext)?.timezone ?? "UTC";
}

/** The projects whose tasks the user sees: null for all (admins). */
export function taskProjects(user: CurrentUser): string[] | null {
  return user.roles.includes("admin") ? null : user.projectIds.filter((id) => UUID.test(id));
}

const today = (timeZone: string) => sql`(now() AT TIME ZONE ${timeZone})::date`;
const isOpen = inArray(tasks.status, [...OPEN_STATUSES]);
const overdue = (timeZone: string) => and(isOpen, sql`${tasks.dueDate} < ${today(timeZone)}`) as SQL;

/** LIKE treats % and _ as wildcards; a search for them means the characters. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, "\\$&")}%`;

/** Whom the "assignee" filter means: "me", "nobody", or people by id (anything else matches no one). */
function assigneeCondition(user: CurrentUser, values: string[]): SQL | undefined {
  if (values.length === 0) return undefined;
  const ids = values.map((v) => (v === "me" ? user.id : v)).filter((v) => UUID.test(v));
  return or(
    ids.length ? inArray(tasks.assigneeId, ids) : undefined,
    values.includes("nobody") ? isNull(tasks.assigneeId) : undefined,
    sql`false`,
  );
}

function dueCondition(values: string[], timeZone: string): SQL | undefined {
  if (values.length === 0) return undefined;
  const week = sql`date_trunc('week', ${today(timeZone)})::date`;
  return or(
    values.includes("overdue") ? overdue(timeZone) : undefined,
    values.includes("week") ? sql`${tasks.dueDate} >= ${week} AND ${tasks.dueDate} < ${week} + 7` : undefined,
    values.includes("none") ? isNull(tasks.dueDate) : undefined,
  );
}

/**
 * The tasks a user may see that match a search and filters: one definition for the table, the board, the
 * export, the bulk "all matching" and the overview's "my open tasks".
 */
export function taskConditions(
  user: CurrentUser,
  query: { q: string; filters: Partial<TaskFilters> },
  timeZone: string,
): SQL {
  const visible = taskProjects(user);
  const f = query.filters;
  const projectIds = (f.project ?? []).filter((id) => UUID.test(id));
  return and(
    visible ? (visible.length ? inArray(tasks.projectId, visible) : sql`false`) : undefined,
    f.status?.length ? inArray(tasks.status, f.status) : undefined,
    f.priority?.length ? inArray(tasks.priority, f.priority) : undefined,
    f.label?.length ? inArray(tasks.label, f.label) : undefined,
    f.project?.length ? (projectIds.length ? inArray(tasks.projectId, projectIds) : sql`false`) : undefined,
    assigneeCondition(user, f.assignee ?? []),
    dueCondition(f.due ?? [], timeZone),
    query.q ? or(ilike(tasks.title, likePattern(query.q)), ilike(tasks.description, likePattern(query.q))) : undefined,
  ) as SQL;
}

function rowSelection(timeZone: string) {
  return {
    id: tasks.id,
    title: tasks.title,
    description: tasks.description,
    status: tasks.status,
    priority: tasks.priority,
    label: tasks.label,
    assigneeId: tasks.assigneeId,
    dueDate: tasks.dueDate,
    overdue: sql<boolean>`coalesce(${overdue(timeZone)}, false)`,
    projectId: tasks.projectId,
    projectName: projects.name,
    projectColor: projects.color,
    messageId: tasks.messageId,
    messageHeading: sql<string | null>`coalesce(nullif(${messages.title}, ''), left(${messages.text}, 120))`,
    createdAt: tasks.createdAt,
    updatedAt: tasks.updatedAt,
  };
}

function selectTasks(timeZone: string) {
  return getDb()
    .select(rowSelection(timeZone))
    .from(tasks)
    .leftJoin(projects, eq(projects.id, tasks.projectId))
    .leftJoin(messages, eq(messages.id, tasks.messageId));
}

/**
 * One page of tasks, searched, filtered and sorted as the URL says. `assigneeOrder`: the people's ids in
 * the order their names sort (the names live in the auth service), for sorting by assignee.
 */
export async function listTasks(
  user: CurrentUser,
  requested: TasksTableState,
  options: { timeZone: string; assigneeOrder?: string[] },
): Promise<{ state: TasksTableState; total: number; rows: TaskRow[] }> {
  const where = taskConditions(user, requested, options.timeZone);
  const [count] = await getDb().select({ n: sql<number>`count(*)::int` }).from(tasks).where(where);
  const total = Number(count?.n ?? 0);
  const state = clampPage(requested, total);
  const people = (options.assigneeOrder ?? []).filter((id) => UUID.test(id));
  const byAssignee = people.length
    ? sql`array_position(ARRAY[${sql.join(
        people.map((id) => sql`${id}`),
        sql`, `,
      )}]::uuid[], ${tasks.assigneeId})`
    : tasks.assigneeId;
  const key = {
    title: sql`lower(${tasks.title})`,
    status: tasks.status,
    priority: tasks.priority,
    label: sql`lower(${tasks.label})`,
    assignee: byAssignee,
    due: tasks.dueDate,
    project: sql`lower(${projects.name})`,
    updated: tasks.updatedAt,
  }[state.sort.id];
  // Empty cells go last whichever way the column is sorted; the id breaks ties so no row shows up twice.
  const order = state.sort.desc ? sql`${key} DESC NULLS LAST` : sql`${key} ASC NULLS LAST`;
  const rows = await selectTasks(options.timeZone)
    .where(where)
    .orderBy(order, desc(tasks.updatedAt), asc(tasks.id))
    .limit(state.pageSize)
    .offset((state.page - 1) * state.pageSize);
  return { state, total, rows: rows as TaskRow[] };
}

/** The board: per status, how many match and the first cards (most urgent first). */
export async function boardTasks(
  user: CurrentUser,
  query: { q: string; filters: TaskFilters },
  timeZone: string,
): Promise<Array<{ status: TaskStatus; total: number; tasks: TaskRow[] }>> {
  const statuses = query.filters.status.length
    ? TASK_STATUSES.filter((s) => query.filters.status.includes(s))
    : TASK_STATUSES;
  return Promise.all(
    statuses.map(async (status) => {
      const where = taskConditions(user, { q: query.q, filters: { ...query.filters, status: [status] } }, timeZone);
      const [count] = await getDb().select({ n: sql<number>`count(*)::int` }).from(tasks).where(where);
      const rows = await selectTasks(timeZone)
        .where(where)
        .orderBy(desc(tasks.priority), sql`${tasks.dueDate} ASC NULLS LAST`, desc(tasks.updatedAt), asc(tasks.id))
        .limit(BOARD_COLUMN_LIMIT);
      return { status, total: Number(count?.n ?? 0), tasks: rows as TaskRow[] };
    }),
  );
}

/** Tasks whose title has the words typed, for the command palette. */
export async function findTasksByTitle(user: CurrentUser, q: string, timeZone: string, limit = 5) {
  const rows = await selectTasks(timeZone)
    .where(and(taskConditions(user, { q: "", filters: {} }, timeZone), ilike(tasks.title, likePattern(q))))
    .orderBy(desc(tasks.updatedAt), asc(tasks.id))
    .limit(limit);
  return rows as TaskRow[];
}

/** One task the user may see, or a 404. */
export async function getTask(user: CurrentUser, id: string, timeZone: string): Promise<TaskRow> {
  if (!UUID.test(id)) throw data(null, { status: 404 });
  const [row] = await selectTasks(timeZone).where(
    and(eq(tasks.id, id), taskConditions(user, { q: "", filters: {} }, timeZone)),
  );
  if (!row) throw data(null, { status: 404 });
  return row as TaskRow;
}

/** The projects a user may put tasks in, by name. */
export async function taskProjectChoices(user: CurrentUser) {
  const visible = taskProjects(user);
  if (visible?.length === 0) return [];
  return getDb()
    .select({ id: projects.id, name: projects.name, color: projects.color })
    .from(projects)
    .where(visible ? inArray(projects.id, visible) : undefined)
    .orderBy(sql`lower(${projects.name})`);
}

/** The labels already used on tasks the user sees, to suggest and to filter by. */
export async function taskLabels(user: CurrentUser): Promise<string[]> {
  const rows = await getDb()
    .selectDistinct({ label: tasks.label })
    .from(tasks)
    .where(and(taskConditions(user, { q: "", filters: {} }, "UTC"), sql`${tasks.label} IS NOT NULL`))
    .orderBy(tasks.label);
  return rows.map((r) => r.label as string);
}

export type People = Record<string, Member[]>;

/** The members of each project, from the auth service. */
export function taskPeople(context: Readonly<RouterContextProvider>, projectIds: string[]): Promise<People> {
  return projectMembers(servicesOf(context), authCallContext(context), projectIds);
}

/** Everyone in any of the projects, each once, by e-mail. */
export function everyone(people: People): Member[] {
  const byId = new Map<string, Member>();
  for (const list of Object.values(people)) for (const m of list) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.email.localeCompare(b.email));
}

export function isMember(people: People, projectId: string, userId: string) {
  return (people[projectId] ?? []).some((m) => m.id === userId);
}

export interface TaskInput {
  title: string;
  description: string | null;
  status: TaskStatus;
  priority: TaskPriority;
  label: string | null;
  assigneeId: string | null;
  dueDate: string | null;
  projectId: string;
  messageId: string | null;
}

/** Of these mention ids, the ones the user may see (a mention is seen through one of its projects). */
export async function visibleMentions(user: CurrentUser, ids: string[]): Promise<Set<string>> {
  const valid = [...new Set(ids.filter((id) => UUID.test(id)).map((id) => id.toLowerCase()))];
  const visible = taskProjects(user);
  if (valid.length === 0 || visible?.length === 0) return new Set();
  const rows = await getDb()
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        inArray(messages.id, valid),
        visible
          ? sql`EXISTS (SELECT 1 FROM message_projects mp WHERE mp.message_id = ${messages.id} AND mp.project_id IN ${visible})`
          : undefined,
      ),
    );
  return new Set(rows.map((r) => r.id));
}

export async function visibleMention(user: CurrentUser, messageId: string) {
  return (await visibleMentions(user, [messageId])).has(messageId.toLowerCase());
}

export async function createTask(user: CurrentUser, input: TaskInput) {
  if (!can(user, "tasks.edit")) throw data(null, { status: 403 });
  const [task] = await getDb()
    .insert(tasks)
    .values({ ...input, createdBy: user.id })
    .returning({ id: tasks.id });
  return task as { id: string };
}

export async function updateTask(user: CurrentUser, id: string, input: TaskInput, timeZone: string) {
  if (!can(user, "tasks.edit")) throw data(null, { status: 403 });
  await getTask(user, id, timeZone);
  await getDb()
    .update(tasks)
    .set({ ...input, updatedAt: sql`now()` })
    .where(eq(tasks.id, id));
}

/** The board's move: a new status for one task; a 404 when the user may not see it. */
export async function moveTask(user: CurrentUser, id: string, status: TaskStatus, timeZone: string) {
  if (!can(user, "tasks.edit")) throw data(null, { status: 403 });
  const task = await getTask(user, id, timeZone);
  if (task.status === status) return task;
  await getDb().update(tasks).set({ status, updatedAt: sql`now()` }).where(eq(tasks.id, id));
  return task;
}

export async function deleteTask(user: CurrentUser, id: string, timeZone: string) {
  if (!can(user, "tasks.delete")) throw data(null, { status: 403 });
  const task = await getTask(user, id, timeZone);
  await getDb().delete(tasks).where(eq(tasks.id, id));
  return task;
}

export type BulkChange =
  | { intent: "status"; status: TaskStatus }
  | { intent: "priority"; priority: TaskPriority }
  | { intent: "assign"; assigneeId: string | null }
  | { intent: "delete" };

/**
 * Changes or deletes the chosen tasks (those the user may see among `where`) in one statement. Assigning
 * someone is all or nothing: refused when they are not a member of every chosen task's project.
 * Returns how many tasks changed, or "notMember".
 */
export async function bulkChangeTasks(
  user: CurrentUser,
  change: BulkChange,
  where: SQL,
  people: (projectIds: string[]) => Promise<People>,
): Promise<number | "notMember"> {
  if (!can(user, change.intent === "delete" ? "tasks.delete" : "tasks.edit")) throw data(null, { status: 403 });
  const db = getDb();
  if (change.intent === "delete") {
    return (await db.delete(tasks).where(where).returning({ id: tasks.id })).length;
  }
  if (change.intent === "assign" && change.assigneeId) {
    const chosen = await db.selectDistinct({ projectId: tasks.projectId }).from(tasks).where(where);
    const projectIds = chosen.map((c) => c.projectId).filter((id): id is string => id !== null);
    const members = await people(projectIds);
    const assignee = change.assigneeId;
    if (chosen.some((c) => c.projectId === null || !isMember(members, c.projectId, assignee))) return "notMember";
  }
  const set =
    change.intent === "status"
      ? { status: change.status }
      : change.intent === "priority"
        ? { priority: change.priority }
        : { assigneeId: change.assigneeId };
  const changed = await db
    .update(tasks)
    .set({ ...set, updatedAt: sql`now()` })
    .where(where)
    .returning({ id: tasks.id });
  return changed.length;
}

/** Ticked tasks by id, limited to the ones the user may see. */
export function byIds(user: CurrentUser, ids: string[]): SQL {
  const valid = ids.filter((id) => UUID.test(id));
  return and(
    valid.length ? inArray(tasks.id, valid) : sql`false`,
    taskConditions(user, { q: "", filters: {} }, "UTC"),
  ) as SQL;
}

/** A mention to link a task to, as the form shows it; null when the user may not see it. */
export async function mentionForTask(user: CurrentUser, messageId: string | null) {
  if (!messageId || !(await visibleMention(user, messageId))) return null;
  const [row] = await getDb()
    .select({
      id: messages.id,
      heading: sql<string>`coalesce(nullif(${messages.title}, ''), left(${messages.text}, 120))`,
      projectIds: sql<
        string[]
      >`ARRAY(SELECT mp.project_id::text FROM message_projects mp WHERE mp.message_id = ${messages.id})`,
    })
    .from(messages)
    .where(eq(messages.id, messageId));
  return row ?? null;
}
