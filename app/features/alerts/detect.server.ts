// Alert detection (ADR 030): per project, the workspace's last two days against their trailing 28 days,
// run as the `detect-alerts` job when mentions arrive and on a schedule as a backstop.
import { and, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import { addDays, dayOf as localDay } from "../../core/period.ts";
import { getDb, queryRows } from "../../db/client.server.ts";
import { alerts, projects } from "../../db/schema.ts";
import { getEnv } from "../../lib/env.server.ts";
import { getJobQueue, jobQueueRunning } from "../../lib/jobs.server.ts";
import { BASELINE_DAYS, type DayFigures, detect } from "./rule.ts";

/** Today and yesterday: yesterday may still complete with late arrivals; older days are history, not news. */
const DAYS_CHECKED = 2;

/**
 * Counts the project's mentions per day (in WORKSPACE_TIME_ZONE) for the checked days (the last `days`) and
 * their baselines, stores what fires, and queues delivery of each alert stored now (a second detector stores
 * nothing). Returns the ids of the new alerts.
 */
export async function detectAlerts(
  projectId: string,
  { now = new Date(), days = DAYS_CHECKED }: { now?: Date; days?: number } = {},
): Promise<string[]> {
  const timeZone = getEnv().WORKSPACE_TIME_ZONE;
  const span = BASELINE_DAYS + days;
  const today = localDay(now, timeZone);
  const rows = await queryRows<{ day: string; mentions: number; negative: number }>(sql`
    SELECT to_char((mp.published_at AT TIME ZONE ${timeZone})::date, 'YYYY-MM-DD') AS day,
      count(*)::int AS mentions, count(*) FILTER (WHERE m.sentiment = 'negative')::int AS negative
    FROM message_projects mp JOIN messages m ON m.id = mp.message_id
    WHERE mp.project_id = ${projectId}
      AND mp.published_at >= (${today}::date - ${span - 1}::int)::timestamp AT TIME ZONE ${timeZone}
      AND mp.published_at < (${today}::date + 1)::timestamp AT TIME ZONE ${timeZone}
    GROUP BY 1`);
  const byDay = new Map(rows.map((r) => [r.day, { mentions: Number(r.mentions), negative: Number(r.negative) }]));
  const figures = (day: string): DayFigures => byDay.get(day) ?? { mentions: 0, negative: 0 };

  const found = [];
  for (let back = 0; back < days; back++) {
    const day = addDays(today, -back);
    const baseline = Array.from({ length: BASELINE_DAYS }, (_, i) => figures(addDays(day, i - BASELINE_DAYS)));
    for (const firing of detect(baseline, figures(day))) found.push({ projectId, day, ...firing });
  }
  if (found.length === 0) return [];
  const stored = await getDb()
    .insert(alerts)
    .values(found)
    .onConflictDoNothing({ target: [alerts.projectId, alerts.kind, alerts.day] })
    .returning({ id: alerts.id });
  for (const { id } of stored) await queueDelivery(id);
  return stored.map((a) => a.id);
}

/** The unusual days of the last `days` of every active project (a new demo workspace's history). */
export async function detectPastAlerts(days: number) {
  const active = await getDb().select({ id: projects.id }).from(projects).where(eq(projects.status, "active"));
  for (const { id } of active) await detectAlerts(id, { days });
}

/** Queues detection for projects that just gained mentions; without a running queue (scripts) nothing. */
export async function queueAlertChecks(projectIds: Iterable<string>) {
  if (!jobQueueRunning()) return;
  for (const projectId of new Set(projectIds)) {
    await getJobQueue().send("detect-alerts", { projectId }, { singletonKey: projectId });
  }
}

/** Without a running queue (scripts) the alert waits for the schedule's backstop. */
async function queueDelivery(alertId: string) {
  if (jobQueueRunning()) await getJobQueue().send("deliver-alert", { alertId }, { singletonKey: alertId });
}

/**
 * The schedule's backstop: detection for every active project (mentions that arrived while no job could
 * be queued, a day that only completed later) and delivery of alerts a failed job left undelivered.
 */
export async function queueAlertBackstop() {
  const db = getDb();
  const active = await db.select({ id: projects.id }).from(projects).where(eq(projects.status, "active"));
  await queueAlertChecks(active.map((p) => p.id));
  const stuck = await db
    .select({ id: alerts.id })
    .from(alerts)
    .where(and(isNull(alerts.deliveredAt), lt(alerts.firedAt, sql`now() - interval '5 minutes'`)));
  for (const { id } of stuck) await queueDelivery(id);
}

/** The alerts of these projects on days from `from` to `to` (yyyy-mm-dd, both included), newest first. */
export async function alertsOf(projectIds: string[], from: string, to: string) {
  if (projectIds.length === 0) return [];
  return getDb()
    .select({
      id: alerts.id,
      projectId: alerts.projectId,
      kind: alerts.kind,
      day: alerts.day,
      value: alerts.value,
      baseline: alerts.baseline,
    })
    .from(alerts)
    .where(and(inArray(alerts.projectId, projectIds), sql`${alerts.day} BETWEEN ${from} AND ${to}`))
    .orderBy(sql`${alerts.day} DESC`, alerts.kind);
}
