// Changes to tasks: create, edit, move, delete, and bulk changes of ticked (or all matching) tasks. Each
// reaches only tasks in the reader's scope (null: missing or not theirs); the route checks the permission.
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Services } from "~/core/context.server";
import type { Reader } from "~/core/reader";
import { canSeeProject, inScope, visibleScope } from "~/core/scope.server";
import { uuids } from "~/core/sql.server";
import { projects, tasks } from "~/db/schema";
import type { TaskQuery, TaskStatus } from "./list";
import type { BulkChange, TaskInput } from "./schemas";
import { getTask, isMember, type MembersOf, NO_FILTERS, taskConditions, visibleMentionIds } from "./tasks.server";

/** A saved task, or the field the form cannot know is wrong, with its translation key. */
export type Saved = { ok: true; id: string } | { ok: false; field: keyof TaskInput; key: string };

/** The rules a form cannot check: the project is one the reader sees, the assignee its member, the mention visible. */
async function refusal(services: Services, reader: Reader, input: TaskInput, membersOf: MembersOf) {
  const refuse = (field: keyof TaskInput, key: string) => ({ ok: false as const, field, key });
  const [project] = await services.db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, input.projectId), inScope(visibleScope(reader), projects.id)));
  if (!project) return refuse("projectId", "tasks:errors.projectInvalid");
  if (input.assigneeId && !isMember(await membersOf([input.projectId]), input.projectId, input.assigneeId)) {
    return refuse("assigneeId", "tasks:errors.assigneeNotMember");
  }
  if (input.messageId && !(await visibleMentionIds(services, reader, [input.messageId])).size) {
    return refuse("messageId", "tasks:errors.mentionInvalid");
  }
  return null;
}

export async function createTask(
  services: Services,
  reader: Reader,
  input: TaskInput,
  membersOf: MembersOf,
): Promise<Saved> {
  const refused = await refusal(services, reader, input, membersOf);
  if (refused) return refused;
  const [task] = await services.db
    .insert(tasks)
    .values({ ...input, createdBy: reader.id })
    .returning({ id: tasks.id });
  return { ok: true, id: (task as { id: string }).id };
}

/** Null when the task is not the reader's to see. */
export async function updateTask(
  services: Services,
  reader: Reader,
  id: string,
  input: TaskInput,
  membersOf: MembersOf,
): Promise<Saved | null> {
  if (!(await getTask(services, reader, id))) return null;
  const refused = await refusal(services, reader, input, membersOf);
  if (refused) return refused;
  await services.db
    .update(tasks)
    .set({ ...input, updatedAt: sql`now()` })
    .where(eq(tasks.id, id));
  return { ok: true, id };
}

/** The board's move: a new status for one task. */
export async function moveTask(services: Services, reader: Reader, id: string, status: TaskStatus) {
  const task = await getTask(services, reader, id);
  if (!task || task.status === status) return task;
  await services.db.update(tasks).set({ status, updatedAt: sql`now()` }).where(eq(tasks.id, id));
  return task;
}

export async function deleteTask(services: Services, reader: Reader, id: string) {
  const task = await getTask(services, reader, id);
  if (task) await services.db.delete(tasks).where(eq(tasks.id, id));
  return task;
}

/** Ticked tasks by id, or every task matching the list's search and filters. */
export type BulkTarget = { ids: string[] } | { matching: TaskQuery };

function targetCondition(reader: Reader, target: BulkTarget): SQL {
  if ("matching" in target) return taskConditions(reader, target.matching);
  const ids = uuids(target.ids);
  return and(ids.length ? inArray(tasks.id, ids) : sql`false`, taskConditions(reader, NO_FILTERS)) as SQL;
}

/**
 * Changes or deletes the targeted tasks the reader may see, in one statement. Assigning someone is all or
 * nothing: refused when they are not a member of every chosen task's project. How many changed, or "notMember".
 */
export async function bulkChangeTasks(
  { db }: Services,
  reader: Reader,
  change: BulkChange,
  target: BulkTarget,
  membersOf: MembersOf,
): Promise<number | "notMember"> {
  const where = targetCondition(reader, target);
  if (change.intent === "delete") {
    return (await db.delete(tasks).where(where).returning({ id: tasks.id })).length;
  }
  if (change.intent === "assign" && change.assigneeId) {
    const chosen = await db.selectDistinct({ projectId: tasks.projectId }).from(tasks).where(where);
    const members = await membersOf(chosen.flatMap((c) => (c.projectId ? [c.projectId] : [])));
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

/**
 * The project a new task starts in: the one asked for, else the first of the mention's projects the reader
 * sees, else the reader's only project; "" when none fits.
 */
export function startingProject(reader: Reader, wanted: string, mentionProjects: readonly string[] = []): string {
  if (wanted && canSeeProject(reader, wanted)) return wanted;
  const fromMention = mentionProjects.find((id) => canSeeProject(reader, id));
  if (fromMention) return fromMention;
  return reader.projectIds.length === 1 ? (reader.projectIds[0] as string) : "";
}
