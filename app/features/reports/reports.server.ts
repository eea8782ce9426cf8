import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Services } from "~/core/context.server";
import { presetDays, today } from "~/core/period";
import type { Audience, CurrentUser, Reader } from "~/core/reader";
import { canSeeProject, inScope, readerScope, visibleProjects, visibleScope } from "~/core/scope.server";
import { isUuid } from "~/core/sql.server";
import type { TableState } from "~/core/table";
import { offsetPage, searchColumns, sortOrder } from "~/core/table.server";
import { messageProjects, messages, projects, reports } from "~/db/schema";
import { inLanguage } from "~/lib/translations";
import { reportFormatter } from "./format";
import { generateReport } from "./generate.server";
import type { reportsTableFor } from "./list";
import { REPORT_PRESETS } from "./periods";
import { reportT } from "./render.server";
import type { CreateReportInput, ScheduleInput } from "./schemas";

export type Report = typeof reports.$inferSelect;
export type ReportsTableState = TableState<ReturnType<typeof reportsTableFor>>;

export { REPORT_PRESETS } from "./periods";

/** A report the audience may see (its project is theirs); null for anything else, PDF and CSV included. */
export async function getReport({ db }: Services, reader: Audience, id: string): Promise<Report | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(reports)
    .where(and(eq(reports.id, id), visibleProjects(reader, reports.projectId)));
  return row ?? null;
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

/** One page of the reports a reader may see, searched by title, filtered by project and schedule, sorted. */
export async function listReportsTable({ db }: Services, reader: Reader, requested: ReportsTableState) {
  const { project, schedule } = requested.filters;
  const where = and(
    inScope(readerScope(reader, { chosen: project }), reports.projectId),
    schedule.length ? inArray(reports.schedule, schedule) : undefined,
    searchColumns(requested.q, [reports.title]),
  );
  const keys = {
    title: sql`lower(${reports.title})`,
    period: reports.periodStart,
    created: reports.createdAt,
    generated: reports.generatedAt,
  };
  const page = await offsetPage(
    requested,
    async () => (await db.select({ total: count() }).from(reports).where(where))[0]?.total ?? 0,
    ({ limit, offset }) =>
      db
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
        .orderBy(...sortOrder(requested, keys, [reports.id]))
        .limit(limit)
        .offset(offset),
  );
  return {
    ...page,
    rows: page.rows.map(
      ({ projectTranslations, ...row }): ReportRow => ({
        ...row,
        projectName: inLanguage({ name: row.projectName, translations: projectTranslations }, "name", reader.language),
      }),
    ),
  };
}

/** The projects a reader may make reports of (or filter by), by name. */
export async function reportProjects({ db }: Services, reader: Reader) {
  const rows = await db
    .select({ id: projects.id, name: projects.name, translations: projects.translations })
    .from(projects)
    .where(inScope(visibleScope(reader), projects.id))
    .orderBy(asc(sql`lower(${projects.name})`));
  return rows.map((p) => ({ id: p.id, name: inLanguage(p, "name", reader.language) }));
}

/** Starred mentions of the reader's projects (newest first), to hand-pick a report's top mentions from. */
export async function starredMentions({ db }: Services, reader: Reader, limit = 12) {
  const rows = await db
    .selectDistinctOn([messages.publishedAt, messages.id], {
      id: messages.id,
      title: messages.title,
      text: sql<string>`left(${messages.text}, 140)`,
      projectName: projects.name,
      projectTranslations: projects.translations,
    })
    .from(messages)
    .innerJoin(messageProjects, eq(messageProjects.messageId, messages.id))
    .innerJoin(projects, eq(projects.id, messageProjects.projectId))
    .where(and(eq(messages.isStarred, true), inScope(visibleScope(reader), messageProjects.projectId)))
    .orderBy(desc(messages.publishedAt), desc(messages.id))
    .limit(limit);
  return rows.map(({ projectTranslations, ...m }) => ({
    ...m,
    projectName: inLanguage({ name: m.projectName, translations: projectTranslations }, "name", reader.language),
  }));
}

/**
 * Stores a new report and generates its first snapshot; its days are the reader's (in their zone at `now`).
 * Null when the project is missing or not the reader's. A failed generation is recorded on the report, which
 * stays to be looked at and regenerated.
 */
export async function createReport(
  services: Services,
  reader: Reader,
  input: CreateReportInput,
  now = new Date(),
): Promise<Report | null> {
  if (!canSeeProject(reader, input.projectId)) return null;
  const { db } = services;
  const [project] = await db.select().from(projects).where(eq(projects.id, input.projectId));
  if (!project) return null;
  const preset = REPORT_PRESETS[input.period as keyof typeof REPORT_PRESETS];
  const days = input.custom ?? presetDays(preset, today(reader.timeZone, now));
  const [created] = await db
    .insert(reports)
    .values({
      projectId: project.id,
      title: input.title ?? (await suggestedTitle(inLanguage(project, "name", input.language), input)),
      periodKind: input.period,
      periodStart: days.from,
      periodEnd: days.to,
      timeZone: reader.timeZone,
      language: input.language,
      sections: input.sections,
      notes: input.notes,
      topMentionsCount: input.topMentionsCount,
      topMentionIds: input.topMentionIds,
      createdBy: reader.id,
      createdByName: reader.displayName,
    })
    .returning();
  if (!created) throw new Error("The report was not stored");
  return generateReport(services, created.id, { now }).catch(async () => {
    const [failed] = await db.select().from(reports).where(eq(reports.id, created.id));
    return failed ?? created;
  });
}

/** "Project · Last week", or the custom days, in the report's language. */
async function suggestedTitle(project: string, input: CreateReportInput) {
  const t = await reportT(input.language);
  const format = reportFormatter({ language: input.language, timeZone: "UTC" });
  const period = input.custom
    ? `${format.day(input.custom.from)} – ${format.day(input.custom.to)}`
    : t(`periods.${input.period}`);
  return `${project} · ${period}`;
}

/** A new snapshot of the report's period, replacing the one it had; null when the report is not the reader's. */
export async function regenerateReport(services: Services, reader: Audience, id: string, now = new Date()) {
  const report = await getReport(services, reader, id);
  return report && generateReport(services, report.id, { now, force: true });
}

/** The title of the scheduled report another was made by (null once that one is deleted). */
export async function scheduleParentTitle({ db }: Services, id: string) {
  const [row] = await db.select({ title: reports.title }).from(reports).where(eq(reports.id, id));
  return row?.title ?? null;
}

/** Deletes a report of the reader's; null when there is none. */
export async function deleteReport(services: Services, reader: Audience, id: string) {
  const report = await getReport(services, reader, id);
  if (report) await services.db.delete(reports).where(eq(reports.id, report.id));
  return report;
}

/**
 * Turns a report's schedule on, off or to another rhythm, with the members who get each new one by e-mail
 * (`members`: the project's members; chosen ids outside it are dropped). Null when the report is not the
 * reader's; refused for a report a schedule made (only the one that was set up repeats).
 */
export async function setReportSchedule(
  services: Services,
  reader: CurrentUser,
  id: string,
  { schedule, subscriberIds }: ScheduleInput,
  members: ReadonlyArray<{ id: string; email: string }>,
): Promise<{ saved: true } | { refused: "reports:errors.notRepeatable" } | null> {
  const report = await getReport(services, reader, id);
  if (!report) return null;
  if (report.scheduledFrom) return { refused: "reports:errors.notRepeatable" };
  const subscribers = schedule === "none" ? [] : members.filter((m) => subscriberIds.includes(m.id));
  await services.db
    .update(reports)
    .set({
      schedule,
      subscribers: subscribers.map(({ id, email }) => ({ id, email })),
      updatedAt: sql`now()`,
    })
    .where(eq(reports.id, report.id));
  return { saved: true };
}
