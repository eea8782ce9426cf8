import { and, eq, gte, inArray, lt, ne, type SQL, sql } from "drizzle-orm";
import type { Services } from "~/core/context.server";
import { type Range, resolvePeriod } from "~/core/period";
import type { Reader } from "~/core/reader";
import { inScope, type ProjectScope, visibleScope } from "~/core/scope.server";
import { offsetPage, searchColumns, sortOrder } from "~/core/table.server";
import type { Database } from "~/db/client.server";
import { messageProjects, messages, projects } from "~/db/schema";
import { inLanguage } from "~/lib/translations";
import type { ProjectBulkIntent, ProjectRow, ProjectsTableState } from "./list";
import { forgetDeletedProjects } from "./projects.server";

/**
 * Mentions per project in a range, by the counting policy (ADR 042): a mention counts for each project it
 * matched, an archived one nowhere. Stands in for core/count.server's per-project total until that lands;
 * this is the one place to switch over.
 */
function mentionsPerProject(db: Database, scope: ProjectScope, { start, end }: Range) {
  return db
    .select({ projectId: messageProjects.projectId, total: sql<number>`count(*)::int`.as("total") })
    .from(messageProjects)
    .innerJoin(messages, eq(messages.id, messageProjects.messageId))
    .where(
      and(
        inScope(scope, messageProjects.projectId),
        gte(messageProjects.publishedAt, start),
        lt(messageProjects.publishedAt, end),
        eq(messages.isArchived, false),
      ),
    )
    .groupBy(messageProjects.projectId)
    .as("mentions");
}

/**
 * One page of the projects a reader may see, searched, filtered and sorted as the URL says, with the
 * total and the count per status (under the same search) for the status filter.
 */
export async function listProjectsTable({ db }: Services, reader: Reader, requested: ProjectsTableState) {
  const scope = visibleScope(reader);
  // Who sees what and what the search matches; the status filter is applied apart, so it can be counted.
  const base = and(
    inScope(scope, projects.id),
    searchColumns(requested.q, [projects.name, sql`array_to_string(${projects.keywords}, ' ')`]),
  );
  const perStatus = await db
    .select({ status: projects.status, count: sql<number>`count(*)::int` })
    .from(projects)
    .where(base)
    .groupBy(projects.status);
  const statusCounts: Partial<Record<string, number>> = Object.fromEntries(
    perStatus.map((s) => [s.status, Number(s.count)]),
  );
  const chosen = requested.filters.status;
  const total = perStatus
    .filter((s) => chosen.length === 0 || chosen.includes(s.status))
    .reduce((sum, s) => sum + Number(s.count), 0);

  const mentions = mentionsPerProject(db, scope, resolvePeriod("7", reader.timeZone));
  const mentions7d = sql<number>`coalesce(${mentions.total}, 0)`;
  const byName = sql`lower(${projects.name})`;
  const where: SQL | undefined = and(base, chosen.length ? inArray(projects.status, chosen) : undefined);
  const page = await offsetPage(
    requested,
    async () => total,
    ({ limit, offset }) =>
      db
        .select({
          id: projects.id,
          name: projects.name,
          description: projects.description,
          translations: projects.translations,
          color: projects.color,
          status: projects.status,
          keywords: projects.keywords,
          mentions7d,
          updatedAt: projects.updatedAt,
        })
        .from(projects)
        .leftJoin(mentions, eq(mentions.projectId, projects.id))
        .where(where)
        .orderBy(
          ...sortOrder(requested, { name: byName, status: projects.status, mentions7d, updated: projects.updatedAt }, [
            byName,
            projects.id,
          ]),
        )
        .limit(limit)
        .offset(offset),
  );

  return {
    ...page,
    rows: page.rows.map(
      ({ translations, ...row }): ProjectRow => ({
        ...row,
        description: inLanguage({ description: row.description, translations }, "description", reader.language),
        mentions7d: Number(row.mentions7d),
      }),
    ),
    statusCounts,
  };
}

/**
 * Pauses, resumes or deletes the chosen projects in one statement (the route has checked the permission);
 * ids the reader may not see are skipped. Returns how many projects changed.
 */
export async function bulkUpdateProjects(services: Services, reader: Reader, intent: ProjectBulkIntent, ids: string[]) {
  if (ids.length === 0) return 0;
  const chosen = and(inArray(projects.id, ids), inScope(visibleScope(reader), projects.id));
  if (intent === "delete") {
    const deleted = await services.db.delete(projects).where(chosen).returning({ id: projects.id });
    await forgetDeletedProjects(
      services,
      deleted.map((p) => p.id),
    );
    return deleted.length;
  }
  const status = intent === "pause" ? "paused" : "active";
  const changed = await services.db
    .update(projects)
    .set({ status, updatedAt: sql`now()` })
    .where(and(chosen, ne(projects.status, status)))
    .returning({ id: projects.id });
  return changed.length;
}
