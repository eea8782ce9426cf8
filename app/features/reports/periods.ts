import { addDays, daysBetween, dayOf as localDay, mondayOf, startOfDay, zonedInstant } from "../../core/period";
import type { ReportPeriod } from "../../db/report-model";

const startOfWeek = (instant: Date, timeZone: string) => startOfDay(mondayOf(localDay(instant, timeZone)), timeZone);

/** A report's days, both included, in its time zone. */
export interface ReportDays {
  from: string;
  to: string;
}

/**
 * The whole days a period choice covers at `now` in a zone: last week is Monday to Sunday before this
 * week, last month the calendar month before this one, last 30 days the 30 days before today (a report is
 * about finished days).
 */
export function reportDays(kind: Exclude<ReportPeriod, "custom">, timeZone: string, now: Date): ReportDays {
  const today = localDay(now, timeZone);
  if (kind === "last_week") {
    const monday = localDay(startOfWeek(now, timeZone), timeZone);
    return { from: addDays(monday, -7), to: addDays(monday, -1) };
  }
  if (kind === "last_month") {
    const to = addDays(`${today.slice(0, 8)}01`, -1);
    return { from: `${to.slice(0, 8)}01`, to };
  }
  return { from: addDays(today, -30), to: addDays(today, -1) };
}

/** The instants a report's days span (end exclusive), and the same number of days just before. */
export function reportRange({ from, to }: ReportDays, timeZone: string) {
  const days = daysBetween(from, to) + 1;
  const previous = { from: addDays(from, -days), to: addDays(from, -1) };
  return {
    start: startOfDay(from, timeZone),
    end: startOfDay(addDays(to, 1), timeZone),
    days,
    previous: { ...previous, start: startOfDay(previous.from, timeZone), end: startOfDay(from, timeZone) },
  };
}

/** Scheduled reports are made at this local hour. */
export const SCHEDULE_HOUR = 6;

/**
 * The latest moment at or before `now` when a schedule was due (Monday or the 1st, 06:00 in the zone), and
 * the period the report made then covers: the week or month before.
 */
export function lastOccurrence(schedule: "weekly" | "monthly", timeZone: string, now: Date) {
  const today = localDay(now, timeZone);
  const periodStartOf = (day: string) =>
    schedule === "weekly"
      ? localDay(startOfWeek(startOfDay(day, timeZone), timeZone), timeZone)
      : `${day.slice(0, 8)}01`;
  let boundary = periodStartOf(today);
  if (zonedInstant(boundary, SCHEDULE_HOUR, timeZone) > now) boundary = periodStartOf(addDays(boundary, -1));
  const to = addDays(boundary, -1);
  return {
    dueAt: zonedInstant(boundary, SCHEDULE_HOUR, timeZone),
    days: { from: periodStartOf(to), to },
  };
}
