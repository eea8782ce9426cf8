// Open tasks, soonest due first, then the most urgent: the overview's "my open tasks" (the tasks screen's own
// filter, assignee = me, so the card and `/tasks?assignee=me` always agree) and the assistant's open tasks.
import { asc, eq, sql } from "drizzle-orm";
import type { Services } from "~/core/context.server";
import { type Reader, userScope } from "~/core/reader";
import { projects, tasks } from "~/db/schema";
import { inLanguage } from "~/lib/translations";
import { OPEN_STATUSES, type TaskFilters } from "./list";
import { taskConditions } from "./tasks.server";

/**
 * The first `limit` open tasks the reader sees (no due date last), of some projects or all, and how many
 * there are in all.
 */
export async function openTasks(
  { db }: Services,
  reader: Reader,
  { filters = {}, limit }: { filters?: Partial<TaskFilters>; limit: number },
) {
  const where = taskConditions(reader, { q: "", filters: { ...filters, status: [...OPEN_STATUSES] } });
  const rows = await db
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
      project: project ? { id: project.id, name: inLanguage(project, "name", reader.language) } : null,
    })),
  };
}

/** The reader's own open tasks, for the overview. */
export function myOpenTasks(services: Services, reader: Reader, limit = 5) {
  return services.kept.read(`my-tasks:${userScope(reader)}|${reader.language}|${reader.timeZone}|${limit}`, () =>
    openTasks(services, reader, { filters: { assignee: ["me"] }, limit }),
  );
}
