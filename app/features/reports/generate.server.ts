import { eq, ne, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server";
import { reports } from "../../db/schema";
import { getJobQueue } from "../../lib/jobs.server";
import { log } from "../../lib/log.server";
import { mailReport } from "./mail.server";
import { lastOccurrence } from "./periods";
import { buildSnapshot } from "./snapshot.server";

type Report = typeof reports.$inferSelect;

/**
 * Takes the report's snapshot (unless it has one and `force` is off): its numbers, charts' data and chosen
 * mentions as they are now. A failure is recorded on the report (shown in the list and on its page) and
 * thrown, so the queue retries a scheduled one.
 */
export async function generateReport(id: string, { now = new Date(), force = false } = {}): Promise<Report> {
  const db = getDb();
  const [report] = await db.select().from(reports).where(eq(reports.id, id));
  if (!report) throw new Error(`Report ${id} does not exist`);
  if (report.status === "ready" && !force) return report;
  try {
    const snapshot = await buildSnapshot(report, now);
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

/** The job of a scheduled report: its snapshot, then the e-mail to its subscribers (each once). */
export async function runScheduledReport(id: string) {
  const report = await generateReport(id);
  if (report.subscribers.length > 0 && !report.mailedAt) {
    await mailReport(report);
    await getDb().update(reports).set({ mailedAt: sql`now()` }).where(eq(reports.id, id));
  }
}

/**
 * The schedule loop (every instance, every 30 s): each scheduled report that has come due since it was set
 * up gets its report for the period just ended, once — the unique (scheduled_from, period_start) key lets
 * only one instance store it, and only that one queues its job.
 */
export async function queueDueReports(now = new Date()) {
  const db = getDb();
  const scheduled = await db.select().from(reports).where(ne(reports.schedule, "none"));
  for (const parent of scheduled) {
    if (parent.schedule === "none") continue;
    const { dueAt, days } = lastOccurrence(parent.schedule, parent.timeZone, now);
    if (dueAt < parent.createdAt) continue;
    const [created] = await db
      .insert(reports)
      .values({
        projectId: parent.projectId,
        title: parent.title,
        periodKind: parent.schedule === "weekly" ? "last_week" : "last_month",
        periodStart: days.from,
        periodEnd: days.to,
        timeZone: parent.timeZone,
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
      log().info({ reportId: created.id, scheduledFrom: parent.id, period: days }, "scheduled report due");
      await getJobQueue().send("generate-report", { reportId: created.id }, { singletonKey: created.id });
    }
  }
  // Reports still waiting (an instance stopped before its job was queued, the demo's): queued again; the
  // singletonKey keeps one job per report whoever sends it.
  const waiting = await db.select({ id: reports.id }).from(reports).where(eq(reports.status, "pending"));
  for (const { id } of waiting) await getJobQueue().send("generate-report", { reportId: id }, { singletonKey: id });
}

/** Generates every report still waiting for its snapshot, here and now (a new demo workspace). */
export async function generatePendingReports() {
  const waiting = await getDb().select({ id: reports.id }).from(reports).where(eq(reports.status, "pending"));
  for (const { id } of waiting) await generateReport(id).catch(() => undefined);
}
