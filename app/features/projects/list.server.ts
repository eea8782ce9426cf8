import { and, asc, desc, ilike, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import { data } from "react-router";
import { clampPage, type TableState } from "~/ui/data-table/spec";
import { projectMentions } from "../../core/count.server";
import { lastDays, periodOf, today } from "../../core/period";
import { can, canAccessProject } from "../../core/permissions";
import type { CurrentUser } from "../../core/reader";
import { getDb } from "../../db/client.server";
import { projects } from "../../db/schema";
import { inLanguage } from "../../lib/translations";
import type { ProjectBulkIntent, projectsTable } from "./list";
import { forgetDeletedProjects } from "./projects.server";

export type ProjectsTableState = TableState<typeof projectsTable>;

export interface ProjectRow {
  id: string;
  name: string;
  description: string | null;
  color: string;
  status: "active" | "paused";
  keywords: string[];
  /** Mentions in the last 7 days (today included, UTC), from the rollups. */
  mentions7d: number;
  updatedAt: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** LIKE treats % and _ as wildcards; a search for them means the characters. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, "\\$&")}%`;

/** Who sees what and what the search matches; the status filter is applied apart, so it can be counted. */
function baseConditions(visible: string[] | null, q: string): SQL | undefined {
  return and(
    visible ? inArray(projects.id, visible) : undefined,
    q
      ? or(
          ilike(projects.name, likePattern(q)),
          sql`array_to_string(${projects.keywords}, ' ') ILIKE ${likePattern(q)}`,
        )
      : undefined,
  );
}

/**
 * One page of the projects a user may see, searched, filtered and sorted as the URL says, with the
 * total and the count per status (under the same search) for the status filter.
 */
export async function listProjectsTable(
  user: CurrentUser,
  requested: ProjectsTableState,
  language: string,
): Promise<{
  /** As requested, with the page moved back to the last one if it was past the end. */
  state: ProjectsTableState;
  total: number;
  rows: ProjectRow[];
  statusCounts: Partial<Record<string, number>>;
}> {
  const visible = user.roles.includes("admin") ? null : user.projectIds.filter((id) => UUID.test(id));
  if (visible?.length === 0) return { state: clampPage(requested, 0), total: 0, rows: [], statusCounts: {} };
  const db = getDb();
  const base = baseConditions(visible, requested.q);
  const perStatus = await db
    .select({ status: projects.status, count: sql<number>`count(*)::int` })
    .from(projects)
    .where(base)
    .groupBy(projects.status);
  const statusCounts = Object.fromEntries(perStatus.map((s) => [s.status, Number(s.count)]));
  const chosen = requested.filters.status;
  const total = perStatus
    .filter((s) => chosen.length === 0 || chosen.includes(s.status))
    .reduce((sum, s) => sum + Number(s.count), 0);
  const state = clampPage(requested, total);

  // Still UTC days: the reader's zone comes with this screen's move to the reader (issue 27).
  const week = periodOf(lastDays(today("UTC"), 7), "UTC");
  const mentions = projectMentions({ scope: visible ?? "all", start: week.start, end: week.end });
  const mentions7d = sql<number>`coalesce(pm.mentions, 0)`;
  const byName = sql`lower(${projects.name})`;
  const sortKey = { name: byName, status: projects.status, mentions7d, updated: projects.updatedAt }[state.sort.id];
  const direction = state.sort.desc ? desc : asc;

  const rows = await db
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
    .leftJoin(sql`${mentions} pm`, sql`pm.project_id = ${projects.id}`)
    .where(and(base, chosen.length ? inArray(projects.status, chosen) : undefined))
    // Name, then id, break ties, so a row never shows up on two pages.
    .orderBy(direction(sortKey), asc(byName), asc(projects.id))
    .limit(state.pageSize)
    .offset((state.page - 1) * state.pageSize);

  return {
    state,
    total,
    rows: rows.map(
      ({ translations, ...row }): ProjectRow => ({
        ...row,
        description: inLanguage({ description: row.description, translations }, "description", language),
        mentions7d: Number(row.mentions7d),
      }),
    ),
    statusCounts,
  };
}

/**
 * Pauses, resumes or deletes the chosen projects in one statement; ids the user may not reach are
 * skipped. Returns how many projects changed.
 */
export async function bulkUpdateProjects(user: CurrentUser, intent: ProjectBulkIntent, ids: string[]) {
  if (!can(user, intent === "delete" ? "projects.delete" : "projects.manage")) throw data(null, { status: 403 });
  const reachable = ids.filter((id) => UUID.test(id) && canAccessProject(user, id));
  if (reachable.length === 0) return 0;
  const db = getDb();
  const chosen = inArray(projects.id, reachable);
  if (intent === "delete") {
    const deleted = await db.delete(projects).where(chosen).returning({ id: projects.id });
    await forgetDeletedProjects(deleted.map((p) => p.id));
    return deleted.length;
  }
  const status = intent === "pause" ? "paused" : "active";
  const changed = await db
    .update(projects)
    .set({ status, updatedAt: sql`now()` })
    .where(and(chosen, ne(projects.status, status)))
    .returning({ id: projects.id });
  return changed.length;
}
