// Alert detection (ADR 030): per project, the workspace's last two days against their trailing 28 days,
// run as the `detect-alerts` job when mentions arrive and on a schedule as a backstop.
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { Services } from "~/core/context.server";
import { mentionSeries } from "~/core/count.server";
import { addDays, type DayRange, lastDays, periodOf, today as todayIn } from "~/core/period";
import { projectAudience } from "~/core/reader";
import { inScope, type ProjectScope, visibleScope } from "~/core/scope.server";
import { alerts, projects } from "~/db/schema";
import { tendOutboxes } from "./outbox.server.ts";
import { BASELINE_DAYS, type DayFigures, detect } from "./rule.ts";

/** How long a sent Telegram message or a finished webhook delivery is kept (the webhooks page lists the latest). */
const OUTBOX_KEPT_DAYS = 90;

/** Today and yesterday: yesterday may still complete with late arrivals; older days are history, not news. */
const DAYS_CHECKED = 2;

/**
 * Counts the project's mentions per day (days of WORKSPACE_TIME_ZONE: an alert is the workspace's) for the
 * checked days (the last `days`) and their baselines, as every total is counted (core/count), stores what
 * fires, and queues delivery of each alert stored now (a second detector stores nothing). Returns the ids of
 * the new alerts.
 */
export async function detectAlerts(
  services: Services,
  projectId: string,
  { now = new Date(), days = DAYS_CHECKED }: { now?: Date; days?: number } = {},
): Promise<string[]> {
  const { db, env } = services;
  const timeZone = env.WORKSPACE_TIME_ZONE;
  const today = todayIn(timeZone, now);
  const period = periodOf(lastDays(today, BASELINE_DAYS + days), timeZone);
  const series = await mentionSeries(
    db,
    { scope: visibleScope(projectAudience(projectId)) },
    { ...period, bucket: "day" },
  );
  const byDay = new Map(series.map((d) => [d.key, { mentions: d.total, negative: d.negative }]));
  const figures = (day: string): DayFigures => byDay.get(day) ?? { mentions: 0, negative: 0 };

  const found = [];
  for (let back = 0; back < days; back++) {
    const day = addDays(today, -back);
    const baseline = Array.from({ length: BASELINE_DAYS }, (_, i) => figures(addDays(day, i - BASELINE_DAYS)));
    for (const firing of detect(baseline, figures(day))) found.push({ projectId, day, ...firing });
  }
  if (found.length === 0) return [];
  const stored = await db
    .insert(alerts)
    .values(found)
    .onConflictDoNothing({ target: [alerts.projectId, alerts.kind, alerts.day] })
    .returning({ id: alerts.id });
  for (const { id } of stored) await queueDelivery(services, id);
  return stored.map((a) => a.id);
}

const activeProjects = ({ db }: Pick<Services, "db">) =>
  db.select({ id: projects.id }).from(projects).where(eq(projects.status, "active"));

/** The unusual days of the last `days` of every active project (a new demo workspace's history). */
export async function detectPastAlerts(services: Services, days: number) {
  for (const { id } of await activeProjects(services)) await detectAlerts(services, id, { days });
}

/** Queues detection for projects that just gained mentions; a detached queue (scripts) queues nothing. */
export async function queueAlertChecks({ jobs }: Pick<Services, "jobs">, projectIds: Iterable<string>) {
  for (const projectId of new Set(projectIds)) {
    await jobs.send("detect-alerts", { projectId }, { singletonKey: projectId });
  }
}

/** With a detached queue (scripts) the alert waits for the schedule's backstop. */
async function queueDelivery({ jobs }: Pick<Services, "jobs">, alertId: string) {
  await jobs.send("deliver-alert", { alertId }, { singletonKey: alertId });
}

/**
 * The schedule's backstop: detection for every active project (mentions that arrived while no job could
 * be queued, a day that only completed later), delivery of alerts a failed job left undelivered, and
 * Telegram messages and webhook deliveries whose job was lost; finished ones older than OUTBOX_KEPT_DAYS go.
 */
export async function queueAlertBackstop(services: Services) {
  await queueAlertChecks(
    services,
    (await activeProjects(services)).map((p) => p.id),
  );
  const stuck = await services.db
    .select({ id: alerts.id })
    .from(alerts)
    .where(and(isNull(alerts.deliveredAt), lt(alerts.firedAt, sql`now() - interval '5 minutes'`)));
  for (const { id } of stuck) await queueDelivery(services, id);
  await tendOutboxes(services, OUTBOX_KEPT_DAYS);
}

/** What an alert says (with its project's id), as every list and e-mail of alerts selects it. */
export const alertFactColumns = {
  projectId: alerts.projectId,
  kind: alerts.kind,
  day: alerts.day,
  value: alerts.value,
  baseline: alerts.baseline,
};

/**
 * The alerts of the projects in `scope` on days from `from` to `to` (both included; days of the workspace's
 * zone, which each alert carries), newest first.
 */
export async function alertsOf({ db, env }: Pick<Services, "db" | "env">, scope: ProjectScope, days: DayRange) {
  const rows = await db
    .select({ id: alerts.id, ...alertFactColumns })
    .from(alerts)
    .where(and(inScope(scope, alerts.projectId), sql`${alerts.day} BETWEEN ${days.from} AND ${days.to}`))
    .orderBy(sql`${alerts.day} DESC`, alerts.kind);
  return rows.map((row) => ({ ...row, timeZone: env.WORKSPACE_TIME_ZONE }));
}
