// "My open tasks": what is assigned to the user and still to do, in projects they can see, soonest due first.
import { and, asc, eq, inArray, isNull, notInArray, or, type SQL, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server";
import { projects, tasks } from "../../db/schema";
import { inLanguage } from "../../lib/translations";
import type { CurrentUser } from "../auth/user";

const CLOSED = ["done", "canceled"] as const;

function openAndMine(user: CurrentUser): SQL | undefined {
  const mine = and(eq(tasks.assigneeId, user.id), notInArray(tasks.status, [...CLOSED]));
  if (user.roles.includes("admin")) return mine;
  // A task without a project is the assignee's own; one in a project needs that project's membership.
  const reachable = user.projectIds.length
    ? or(isNull(tasks.projectId), inArray(tasks.projectId, user.projectIds))
    : isNull(tasks.projectId);
  return and(mine, reachable);
}

/** The first `limit` of the user's open tasks (no due date last) and how many there are in all. */
export async function myOpenTasks(user: CurrentUser, language: string, limit = 5) {
  const rows = await getDb()
    .select({
      id: tasks.id,
      title: tasks.title,
      status: tasks.status,
      priority: tasks.priority,
      dueDate: tasks.dueDate,
      project: { id: projects.id, name: projects.name, translations: projects.translations },
      total: sql<number>`count(*) OVER ()`,
    })
    .from(tasks)
    .leftJoin(projects, eq(projects.id, tasks.projectId))
    .where(openAndMine(user))
    .orderBy(
      sql`${tasks.dueDate} ASC NULLS LAST`,
      sql`array_position(ARRAY['critical','high','medium','low']::task_priority[], ${tasks.priority})`,
      asc(tasks.createdAt),
    )
    .limit(limit);
  return {
    total: Number(rows[0]?.total ?? 0),
    items: rows.map(({ project, total: _total, ...task }) => ({
      ...task,
      project: project ? { id: project.id, name: inLanguage(project, "name", language) } : null,
    })),
  };
}
