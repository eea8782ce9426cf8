// "My open tasks" for the overview: the tasks screen's own filter (assignee = me, open statuses), so the
// card and `/tasks?assignee=me` always agree; soonest due first, then the most urgent.
import { asc, eq, sql } from "drizzle-orm";
import { type CurrentUser, userScope } from "../../core/reader";
import { getDb } from "../../db/client.server";
import { keptRead } from "../../db/kept-reads.server";
import { projects, tasks } from "../../db/schema";
import { inLanguage } from "../../lib/translations";
import { OPEN_STATUSES } from "./list";
import { taskConditions } from "./tasks.server";

/** The first `limit` of the user's open tasks (no due date last) and how many there are in all. */
export function myOpenTasks(user: CurrentUser, language: string, timeZone: string, limit = 5) {
  return keptRead(`my-tasks:${userScope(user)}|${language}|${timeZone}|${limit}`, () =>
    queryMyOpenTasks(user, language, timeZone, limit),
  );
}

async function queryMyOpenTasks(user: CurrentUser, language: string, timeZone: string, limit: number) {
  const where = taskConditions(user, { q: "", filters: { assignee: ["me"], status: [...OPEN_STATUSES] } }, timeZone);
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
    .where(where)
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
