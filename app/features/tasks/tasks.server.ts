// The tasks a reader may see, as a table page, a board, a palette list or an export. Scope is core's
// (ADR 042): a task is seen through its project, so a task in no project is seen by admins only (their scope
// is every task). A task outside the reader's scope does not exist for them: null, which the route makes a 404.
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Services } from "~/core/context.server";
import { addDays, type Day, mondayOf, today } from "~/core/period";
import { can } from "~/core/permissions";
import type { Reader } from "~/core/reader";
import { inScope, readerScope, visibleMentions, visibleScope } from "~/core/scope.server";
import { isUuid, uuidArray, uuids } from "~/core/sql.server";
import { offsetPage, searchColumns, sortOrder } from "~/core/table.server";
import type { Database } from "~/db/client.server";
import { messages, projects, tasks } from "~/db/schema";
import {
  BOARD_COLUMN_LIMIT,
  OPEN_STATUSES,
  TASK_STATUSES,
  type TaskPriority,
  type TaskQuery,
  type TaskStatus,
  type TasksTableState,
} from "./list";

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

/** The members of projects, by project id (the auth service knows them; the route asks it). */
export type People = Record<string, Array<{ id: string; email: string }>>;
/** Looks up the members of some projects. */
export type MembersOf = (projectIds: string[]) => Promise<People>;

export const NO_FILTERS: TaskQuery = { q: "", filters: {} };

const isOpen = inArray(tasks.status, [...OPEN_STATUSES]);
/** Open and due before `day` (the reader's today). */
const overdue = (day: Day) => and(isOpen, lt(tasks.dueDate, day)) as SQL;

/** Whom the "assignee" filter means: "me", "nobody", or people by id (anything else matches no one). */
function assigneeCondition(reader: Reader, values: string[]): SQL | undefined {
  if (values.length === 0) return undefined;
  const ids = uuids(values.map((v) => (v === "me" ? reader.id : v)));
  return or(
    ids.length ? inArray(tasks.assigneeId, ids) : undefined,
    values.includes("nobody") ? isNull(tasks.assigneeId) : undefined,
    sql`false`,
  );
}

/** "Overdue", "this week" (the ISO week of the reader's today) and "no date". */
function dueCondition(values: string[], day: Day): SQL | undefined {
  if (values.length === 0) return undefined;
  const monday = mondayOf(day);
  return or(
    values.includes("overdue") ? overdue(day) : undefined,
    values.includes("week") ? and(gte(tasks.dueDate, monday), lte(tasks.dueDate, addDays(monday, 6))) : undefined,
    values.includes("none") ? isNull(tasks.dueDate) : undefined,
  );
}

/**
 * The tasks a reader may see that match a search and filters: one definition for the table, the board, the
 * export, the bulk "all matching", the palette, the overview's "my open tasks" and the assistant.
 */
export function taskConditions(reader: Reader, query: TaskQuery): SQL {
  const f = query.filters;
  return and(
    inScope(readerScope(reader, { chosen: f.project ?? [] }), tasks.projectId),
    f.status?.length ? inArray(tasks.status, f.status) : undefined,
    f.priority?.length ? inArray(tasks.priority, f.priority) : undefined,
    f.label?.length ? inArray(tasks.label, f.label) : undefined,
    assigneeCondition(reader, f.assignee ?? []),
    dueCondition(f.due ?? [], today(reader.timeZone)),
    searchColumns(query.q, [tasks.title, tasks.description]),
  ) as SQL;
}

function selectTasks(db: Database, reader: Reader) {
  return db
    .select({
      id: tasks.id,
      title: tasks.title,
      description: tasks.description,
      status: tasks.status,
      priority: tasks.priority,
      label: tasks.label,
      assigneeId: tasks.assigneeId,
      dueDate: tasks.dueDate,
      overdue: sql<boolean>`coalesce(${overdue(today(reader.timeZone))}, false)`,
      projectId: tasks.projectId,
      projectName: projects.name,
      projectColor: projects.color,
      messageId: tasks.messageId,
      messageHeading: sql<string | null>`coalesce(nullif(${messages.title}, ''), left(${messages.text}, 120))`,
      createdAt: tasks.createdAt,
      updatedAt: tasks.updatedAt,
    })
    .from(tasks)
    .leftJoin(projects, eq(projects.id, tasks.projectId))
    .leftJoin(messages, eq(messages.id, tasks.messageId));
}

async function countTasks(db: Database, where: SQL): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(tasks).where(where);
  return Number(row?.n ?? 0);
}

/**
 * One page of tasks, searched, filtered and sorted as the URL says. `assigneeOrder`: the people's ids in the
 * order their names sort (the names live in the auth service), for sorting by assignee.
 */
export function listTasks(
  { db }: Services,
  reader: Reader,
  requested: TasksTableState,
  assigneeOrder: readonly string[] = [],
) {
  const where = taskConditions(reader, requested);
  const people = uuids(assigneeOrder, assigneeOrder.length);
  const keys: Record<TasksTableState["sort"]["id"], SQLWrapper> = {
    title: sql`lower(${tasks.title})`,
    status: tasks.status,
    priority: tasks.priority,
    label: sql`lower(${tasks.label})`,
    assignee: people.length ? sql`array_position(${uuidArray(people)}, ${tasks.assigneeId})` : tasks.assigneeId,
    due: tasks.dueDate,
    project: sql`lower(${projects.name})`,
    updated: tasks.updatedAt,
  };
  // Empty cells go last whichever way the column is sorted; the latest change, then the id, break ties.
  const order = [
    sql`${keys[requested.sort.id]} IS NULL`,
    ...sortOrder(requested, keys, []),
    desc(tasks.updatedAt),
    asc(tasks.id),
  ];
  return offsetPage(
    requested,
    () => countTasks(db, where),
    ({ limit, offset }) =>
      selectTasks(db, reader)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset) as Promise<TaskRow[]>,
  );
}

/** The board: per status, how many match and the first cards (most urgent first). */
export function boardTasks(
  { db }: Services,
  reader: Reader,
  query: TaskQuery,
): Promise<Array<{ status: TaskStatus; total: number; tasks: TaskRow[] }>> {
  const chosen = query.filters.status ?? [];
  const statuses = chosen.length ? TASK_STATUSES.filter((s) => chosen.includes(s)) : TASK_STATUSES;
  return Promise.all(
    statuses.map(async (status) => {
      const where = taskConditions(reader, { q: query.q, filters: { ...query.filters, status: [status] } });
      const rows = await selectTasks(db, reader)
        .where(where)
        .orderBy(desc(tasks.priority), sql`${tasks.dueDate} ASC NULLS LAST`, desc(tasks.updatedAt), asc(tasks.id))
        .limit(BOARD_COLUMN_LIMIT);
      return { status, total: await countTasks(db, where), tasks: rows as TaskRow[] };
    }),
  );
}

/** The tasks page: the table's page or the board, and what its filters, bulk bar and forms offer. */
export async function tasksPage(
  services: Services,
  reader: Reader,
  requested: TasksTableState,
  view: "table" | "board",
  choices: { projects: ProjectChoice[]; people: People },
) {
  const members = everyone(choices.people);
  const list =
    view === "table"
      ? await listTasks(
          services,
          reader,
          requested,
          members.map((m) => m.id),
        )
      : null;
  const board = view === "board" ? await boardTasks(services, reader, requested) : null;
  return {
    state: list?.state ?? requested,
    rows: list?.rows ?? board?.flatMap((c) => c.tasks) ?? [],
    total: list?.total ?? board?.reduce((sum, c) => sum + c.total, 0) ?? 0,
    board,
    view,
    projects: choices.projects,
    people: choices.people,
    members,
    labels: await taskLabels(services, reader),
    me: reader.id,
    canEdit: can(reader, "tasks.edit"),
    canDelete: can(reader, "tasks.delete"),
  };
}
export type TasksPageData = Awaited<ReturnType<typeof tasksPage>>;

/** Tasks whose title has the words typed, for the command palette. */
export async function findTasksByTitle({ db }: Services, reader: Reader, q: string, limit = 5) {
  const rows = await selectTasks(db, reader)
    .where(and(taskConditions(reader, NO_FILTERS), searchColumns(q, [tasks.title])))
    .orderBy(desc(tasks.updatedAt), asc(tasks.id))
    .limit(limit);
  return rows as TaskRow[];
}

/** One task the reader may see; null for anything else. */
export async function getTask({ db }: Services, reader: Reader, id: string): Promise<TaskRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await selectTasks(db, reader).where(and(eq(tasks.id, id), taskConditions(reader, NO_FILTERS)));
  return (row as TaskRow | undefined) ?? null;
}

export interface ProjectChoice {
  id: string;
  name: string;
  color: string;
}

/** The projects a reader may put tasks in, by name. */
export function taskProjectChoices({ db }: Services, reader: Reader): Promise<ProjectChoice[]> {
  return db
    .select({ id: projects.id, name: projects.name, color: projects.color })
    .from(projects)
    .where(inScope(visibleScope(reader), projects.id))
    .orderBy(sql`lower(${projects.name})`);
}

/** The labels already used on tasks the reader sees, to suggest and to filter by. */
export async function taskLabels({ db }: Services, reader: Reader): Promise<string[]> {
  const rows = await db
    .selectDistinct({ label: tasks.label })
    .from(tasks)
    .where(and(taskConditions(reader, NO_FILTERS), sql`${tasks.label} IS NOT NULL`))
    .orderBy(tasks.label);
  return rows.map((r) => r.label as string);
}

/** Everyone in any of the projects, each once, by e-mail. */
export function everyone(people: People): Array<{ id: string; email: string }> {
  const byId = new Map<string, { id: string; email: string }>();
  for (const list of Object.values(people)) for (const m of list) byId.set(m.id, { id: m.id, email: m.email });
  return [...byId.values()].sort((a, b) => a.email.localeCompare(b.email));
}

export function isMember(people: People, projectId: string, userId: string) {
  return (people[projectId] ?? []).some((m) => m.id === userId);
}

/** Of these mention ids, the ones the reader may open (lower case; core/scope's `visibleMentions`). */
export async function visibleMentionIds({ db }: Services, reader: Reader, ids: string[]): Promise<Set<string>> {
  const valid = uuids(
    ids.map((id) => id.toLowerCase()),
    ids.length,
  );
  if (valid.length === 0) return new Set();
  const rows = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(inArray(messages.id, valid), visibleMentions(reader, messages.id)));
  return new Set(rows.map((r) => r.id));
}

/** A mention to link a task to, as the form shows it; null when the reader may not see it. */
export async function mentionForTask(services: Services, reader: Reader, messageId: string | null) {
  if (!messageId || !(await visibleMentionIds(services, reader, [messageId])).size) return null;
  const [row] = await services.db
    .select({
      id: messages.id,
      heading: sql<string>`coalesce(nullif(${messages.title}, ''), left(${messages.text}, 120))`,
      projectIds: sql<
        string[]
      >`ARRAY(SELECT mp.project_id::text FROM message_projects mp WHERE mp.message_id = ${messages.id})`,
    })
    .from(messages)
    .where(eq(messages.id, messageId.toLowerCase()));
  return row ?? null;
}
