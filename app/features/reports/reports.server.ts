import { and, asc, desc, eq, ilike, inArray, type SQL, sql } from "drizzle-orm";
import { data } from "react-router";
import { clampPage, type TableState } from "~/ui/data-table/spec";
import { can, canAccessProject } from "../../core/permissions";
import type { CurrentUser } from "../../core/reader";
import { visibleScope } from "../../core/scope.server";
import { getDb } from "../../db/client.server";
import type { ReportSchedule } from "../../db/report-model";
import { messageProjects, messages, projects, reports } from "../../db/schema";
import { inLanguage } from "../../lib/translations";
import { generateReport } from "./generate.server";
import { reportDays } from "./periods";
import type { CreateReportInput } from "./schemas";

export type Report = typeof reports.$inferSelect;
export type ReportsTableState = TableState<ReturnType<typeof import("./list").reportsTableFor>>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The projects the user may see, null for all (the messages feed's `visibleProjects` until reports use inScope). */
function visibleProjects(user: CurrentUser): string[] | null {
  const scope = visibleScope(user);
  return scope === "all" ? null : [...scope];
}

/** A report the user may see (its project is theirs); anything else is 404, PDF and CSV included. */
export async function getReport(user: CurrentUser, id: string): Promise<Report> {
  if (!UUID.test(id)) throw data(null, { status: 404 });
  const [row] = await getDb().select().from(reports).where(eq(reports.id, id));
  if (!row || !canAccessProject(user, row.projectId)) throw data(null, { status: 404 });
  return row;
}

export interface ReportRow {
  id: string;
  title: string;
  projectId: string;
  projectName: string;
  projectColor: string;
  periodFrom: string;
  periodTo: string;
  sections: string[];
  createdByName: string | null;
  createdAt: Date;
  generatedAt: Date | null;
  status: Report["status"];
  schedule: Report["schedule"];
  scheduledFrom: string | null;
}

/** One page of the reports a user may see, searched by title, filtered by project and schedule, sorted. */
export async function listReportsTable(user: CurrentUser, requested: ReportsTableState, language: string) {
  const visible = visibleProjects(user);
  const { project, schedule } = requested.filters;
  const where: SQL | undefined = and(
    visible ? (visible.length ? inArray(reports.projectId, visible) : sql`false`) : undefined,
    project.length ? inArray(reports.projectId, project) : undefined,
    schedule.length ? inArray(reports.schedule, schedule) : undefined,
    requested.q ? ilike(reports.title, `%${requested.q.replace(/[\\%_]/g, "\\$&")}%`) : undefined,
  );
  const db = getDb();
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(reports).where(where);
  const state = clampPage(requested, Number(total));
  const sortKey = {
    title: sql`lower(${reports.title})`,
    period: reports.periodStart,
    created: reports.createdAt,
    generated: reports.generatedAt,
  }[state.sort.id];
  const rows = await db
    .select({
      id: reports.id,
      title: reports.title,
      projectId: reports.projectId,
      projectName: projects.name,
      projectTranslations: projects.translations,
      projectColor: projects.color,
      periodFrom: reports.periodStart,
      periodTo: reports.periodEnd,
      sections: reports.sections,
      createdByName: reports.createdByName,
      createdAt: reports.createdAt,
      generatedAt: reports.generatedAt,
      status: reports.status,
      schedule: reports.schedule,
      scheduledFrom: reports.scheduledFrom,
    })
    .from(reports)
    .innerJoin(projects, eq(projects.id, reports.projectId))
    .where(where)
    .orderBy(state.sort.desc ? sql`${sortKey} DESC NULLS LAST` : sql`${sortKey} ASC NULLS LAST`, desc(reports.id))
    .limit(state.pageSize)
    .offset((state.page - 1) * state.pageSize);
  return {
    state,
    total: Number(total),
    rows: rows.map(
      ({ projectTranslations, ...row }): ReportRow => ({
        ...row,
        projectName: inLanguage({ name: row.projectName, translations: projectTranslations }, "name", language),
      }),
    ),
  };
}

/** The projects a user may make reports of (or filter by), by name. */
export async function reportProjects(user: CurrentUser, language: string) {
  const visible = visibleProjects(user);
  if (visible?.length === 0) return [];
  const rows = await getDb()
    .select({ id: projects.id, name: projects.name, translations: projects.translations })
    .from(projects)
    .where(visible ? inArray(projects.id, visible) : undefined)
    .orderBy(asc(sql`lower(${projects.name})`));
  return rows.map((p) => ({ id: p.id, name: inLanguage(p, "name", language) }));
}

/** Starred mentions of the user's projects (newest first), to hand-pick a report's top mentions from. */
export async function starredMentions(user: CurrentUser, language: string, limit = 12) {
  const visible = visibleProjects(user);
  if (visible?.length === 0) return [];
  const rows = await getDb()
    .selectDistinctOn([messages.publishedAt, messages.id], {
      id: messages.id,
      title: messages.title,
      text: sql<string>`left(${messages.text}, 140)`,
      publishedAt: messages.publishedAt,
      projectId: messageProjects.projectId,
      projectName: projects.name,
      projectTranslations: projects.translations,
    })
    .from(messages)
    .innerJoin(messageProjects, eq(messageProjects.messageId, messages.id))
    .innerJoin(projects, eq(projects.id, messageProjects.projectId))
    .where(and(eq(messages.isStarred, true), visible ? inArray(messageProjects.projectId, visible) : undefined))
    .orderBy(desc(messages.publishedAt), desc(messages.id))
    .limit(limit);
  return rows.map(({ projectTranslations, ...m }) => ({
    ...m,
    projectName: inLanguage({ name: m.projectName, translations: projectTranslations }, "name", language),
  }));
}

export class ProjectNotFoundError extends Error {}

/** Stores a new report and generates its first snapshot; the period's days are counted in `timeZone`. */
export async function createReport(
  user: CurrentUser,
  input: CreateReportInput,
  {
    timeZone,
    suggestTitle,
    now = new Date(),
  }: { timeZone: string; suggestTitle: (project: string) => string; now?: Date },
): Promise<Report> {
  if (!can(user, "reports.edit")) throw data(null, { status: 403 });
  if (!canAccessProject(user, input.projectId)) throw new ProjectNotFoundError();
  const db = getDb();
  const [project] = await db.select().from(projects).where(eq(projects.id, input.projectId));
  if (!project) throw new ProjectNotFoundError();
  const days = input.custom ?? reportDays(input.period as Exclude<typeof input.period, "custom">, timeZone, now);
  const [created] = await db
    .insert(reports)
    .values({
      projectId: project.id,
      title: input.title ?? suggestTitle(inLanguage(project, "name", input.language)),
      periodKind: input.period,
      periodStart: days.from,
      periodEnd: days.to,
      timeZone,
      language: input.language,
      sections: input.sections,
      notes: input.notes,
      topMentionsCount: input.topMentionsCount,
      topMentionIds: input.topMentionIds,
      createdBy: user.id,
      createdByName: user.displayName,
    })
    .returning();
  if (!created) throw new Error("The report was not stored");
  // A failure is recorded on the report, which stays to be looked at and regenerated.
  return generateReport(created.id, { now }).catch(async () => {
    const [failed] = await db.select().from(reports).where(eq(reports.id, created.id));
    return failed ?? created;
  });
}

/** A new snapshot of the report's period, replacing the one it had. */
export async function regenerateReport(user: CurrentUser, id: string, now = new Date()) {
  if (!can(user, "reports.edit")) throw data(null, { status: 403 });
  const report = await getReport(user, id);
  return generateReport(report.id, { now, force: true });
}

/** The title of the scheduled report another was made by (null once that one is deleted). */
export async function scheduleParentTitle(id: string) {
  const [row] = await getDb().select({ title: reports.title }).from(reports).where(eq(reports.id, id));
  return row?.title ?? null;
}

export async function deleteReport(user: CurrentUser, id: string) {
  if (!can(user, "reports.delete")) throw data(null, { status: 403 });
  const report = await getReport(user, id);
  await getDb().delete(reports).where(eq(reports.id, report.id));
  return report;
}

/**
 * Turns a report's schedule on, off or to another rhythm, with the members who get each new one by e-mail
 * (`members`: the project's members, from the auth service; chosen ids outside it are dropped).
 */
export async function setReportSchedule(
  user: CurrentUser,
  id: string,
  schedule: ReportSchedule,
  subscriberIds: string[],
  members: Array<{ id: string; email: string }>,
) {
  if (!can(user, "reports.schedule")) throw data(null, { status: 403 });
  const report = await getReport(user, id);
  // A report its schedule made is one period's; only the one that was set up repeats.
  if (report.scheduledFrom) throw data(null, { status: 400 });
  const subscribers = schedule === "none" ? [] : members.filter((m) => subscriberIds.includes(m.id));
  await getDb()
    .update(reports)
    .set({
      schedule,
      subscribers: subscribers.map(({ id, email }) => ({ id, email })),
      updatedAt: sql`now()`,
    })
    .where(eq(reports.id, report.id));
}
