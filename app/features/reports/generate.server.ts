import { eq, ne, sql } from "drizzle-orm";
import type { Services } from "~/core/context.server";
import { addDays, type DayRange, firstOfMonth, mondayOf, presetDays, today, zonedInstant } from "~/core/period";
import type { ReportSchedule } from "~/db/report-model";
import { projects, reports, userPreferences } from "~/db/schema";
import { announceReport } from "~/features/alerts/channels.server";
import { mailReport } from "./mail.server";
import { buildSnapshot } from "./snapshot.server";

type Report = typeof reports.$inferSelect;

/**
 * Takes the report's snapshot (unless it has one and `force` is off): its numbers, charts' data and chosen
 * mentions as they are now. A failure is recorded on the report (shown in the list and on its page) and
 * thrown, so the queue retries a scheduled one.
 */
export async function generateReport(
  services: Services,
  id: string,
  { now = new Date(), force = false } = {},
): Promise<Report> {
  const { db } = services;
  const [report] = await db.select().from(reports).where(eq(reports.id, id));
  if (!report) throw new Error(`Report ${id} does not exist`);
  if (report.status === "ready" && !force) return report;
  try {
    const snapshot = await buildSnapshot(services, report, now);
    const [done] = await db
      .update(reports)
      .set({
        snapshot: snapshot as unknown as Record<string, unknown>,
        status: "ready",
        error: null,
        attempts: sql`${reports.attempts} + 1`,
        generatedAt: now,
        updatedAt: sql`now()`,
      })
      .where(eq(reports.id, id))
      .returning();
    return done ?? report;
  } catch (error) {
    await db
      .update(reports)
      .set({
        status: "failed",
        error: error instanceof Error ? error.message : String(error),
        attempts: sql`${reports.attempts} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(reports.id, id));
    throw error;
  }
}

/**
 * The job of a scheduled report: its snapshot, then the e-mail to its subscribers (each once), then
 * Telegram for subscribers who chose it there and the project's webhooks (each once, ADR 045).
 */
export async function runScheduledReport(services: Services, id: string) {
  const report = await generateReport(services, id);
  if (report.subscribers.length > 0 && !report.mailedAt) {
    await mailReport(services, report);
    await services.db.update(reports).set({ mailedAt: sql`now()` }).where(eq(reports.id, id));
  }
  const [project] = await services.db
    .select({ name: projects.name })
    .from(projects)
    .where(eq(projects.id, report.projectId));
  await announceReport(services, { ...report, projectName: project?.name ?? "" });
}

/** Scheduled reports are made at this hour of their owner's day. */
export const SCHEDULE_HOUR = 6;

/**
 * The latest moment at or before `now` when a schedule was due (Monday or the 1st, 06:00 in the zone), and
 * the days the report made then covers: the previous ISO week or the previous month (core's "last week" and
 * "last month" as seen on that day).
 */
export function lastOccurrence(schedule: Exclude<ReportSchedule, "none">, timeZone: string, now: Date) {
  const periodStartOf = schedule === "weekly" ? mondayOf : firstOfMonth;
  let boundary = periodStartOf(today(timeZone, now));
  if (zonedInstant(boundary, SCHEDULE_HOUR, timeZone) > now) boundary = periodStartOf(addDays(boundary, -1));
  const days: DayRange = presetDays(schedule === "weekly" ? "last-week" : "last-month", boundary);
  return { dueAt: zonedInstant(boundary, SCHEDULE_HOUR, timeZone), days };
}

/** The zone a report's schedule runs in: its owner's (their preference now), else the one it was set up in. */
export async function scheduleTimeZone({ db }: Pick<Services, "db">, report: Pick<Report, "createdBy" | "timeZone">) {
  if (!report.createdBy) return report.timeZone;
  const [owner] = await db
    .select({ timeZone: userPreferences.timezone })
    .from(userPreferences)
    .where(eq(userPreferences.userId, report.createdBy));
  return owner?.timeZone ?? report.timeZone;
}

/**
 * The schedule loop (every instance, every 30 s): each scheduled report that has come due since it was set
 * up gets its report for the period just ended, once — the unique (scheduled_from, period_start) key lets
 * only one instance store it, and only that one queues its job. A scheduled report is made in its owner's
 * zone (`scheduleTimeZone`).
 */
export async function queueDueReports(services: Services, now = new Date()) {
  const { db, jobs } = services;
  const scheduled = await db.select().from(reports).where(ne(reports.schedule, "none"));
  for (const parent of scheduled) {
    if (parent.schedule === "none") continue;
    const timeZone = await scheduleTimeZone(services, parent);
    const { dueAt, days } = lastOccurrence(parent.schedule, timeZone, now);
    if (dueAt < parent.createdAt) continue;
    const [created] = await db
      .insert(reports)
      .values({
        projectId: parent.projectId,
        title: parent.title,
        periodKind: parent.schedule === "weekly" ? "last_week" : "last_month",
        periodStart: days.from,
        periodEnd: days.to,
        timeZone,
        language: parent.language,
        sections: parent.sections,
        notes: parent.notes,
        topMentionsCount: parent.topMentionsCount,
        topMentionIds: parent.topMentionIds,
        subscribers: parent.subscribers,
        scheduledFrom: parent.id,
        createdBy: parent.createdBy,
        createdByName: parent.createdByName,
      })
      .onConflictDoNothing({ target: [reports.scheduledFrom, reports.periodStart] })
      .returning({ id: reports.id });
    if (created) {
      services.log.info({ reportId: created.id, scheduledFrom: parent.id, period: days }, "scheduled report due");
      await jobs.send("generate-report", { reportId: created.id }, { singletonKey: created.id });
    }
  }
  // Reports still waiting (an instance stopped before its job was queued, the demo's): queued again; the
  // singletonKey keeps one job per report whoever sends it.
  for (const { id } of await pendingReports(services)) {
    await jobs.send("generate-report", { reportId: id }, { singletonKey: id });
  }
}

const pendingReports = ({ db }: Pick<Services, "db">) =>
  db.select({ id: reports.id }).from(reports).where(eq(reports.status, "pending"));

/** Generates every report still waiting for its snapshot, here and now (a new demo workspace). */
export async function generatePendingReports(services: Services) {
  for (const { id } of await pendingReports(services)) await generateReport(services, id).catch(() => undefined);
}
