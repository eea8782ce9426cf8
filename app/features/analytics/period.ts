// Periods and calendar days in the reader's time zone (ADR 029). Plain functions on Intl, no server imports:
// the page uses them too. Days are `yyyy-mm-dd` strings of the zone's calendar; instants are Dates.
import { zonedParts } from "../../lib/format.ts";

export const PERIOD_CHOICES = ["7", "30", "90", "this-month", "last-month", "custom"] as const;
export type PeriodChoice = (typeof PERIOD_CHOICES)[number];
export const DEFAULT_PERIOD: PeriodChoice = "30";
/** A custom period is at most this many days long. */
export const MAX_PERIOD_DAYS = 366;
/** Periods up to this many days are drawn hour by hour. */
export const HOURLY_UP_TO_DAYS = 3;

export interface Range {
  start: Date;
  /** Exclusive. */
  end: Date;
}

export interface ResolvedPeriod extends Range {
  choice: PeriodChoice;
  /** First and last day, both included, in the zone. */
  from: string;
  to: string;
  days: number;
  /** The same number of days just before. */
  previous: Range & { from: string; to: string };
  bucket: "hour" | "day";
}

/** How far the zone's clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const p = zonedParts(new Date(instant), timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant a wall-clock time happens in a zone (a time skipped by a spring-forward jump: just after it). */
export function zonedInstant(day: string, hour: number, timeZone: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, hour);
  const guess = offsetAt(wall, timeZone);
  const first = wall - guess;
  const actual = offsetAt(first, timeZone);
  return new Date(actual === guess ? first : wall - actual);
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The zone's calendar day of an instant. */
export function localDay(instant: Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** Calendar arithmetic on days (no zone involved). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
}

/** Local midnight starting a day. */
export function startOfDay(day: string, timeZone: string): Date {
  return zonedInstant(day, 0, timeZone);
}

/** Local midnight of the Monday of an instant's week. */
export function startOfWeek(instant: Date, timeZone: string): Date {
  const { weekday } = zonedParts(instant, timeZone);
  return startOfDay(addDays(localDay(instant, timeZone), -weekday), timeZone);
}

/** Local midnight of the first day of an instant's month. */
export function startOfMonth(instant: Date, timeZone: string): Date {
  return startOfDay(`${localDay(instant, timeZone).slice(0, 8)}01`, timeZone);
}

export function isPeriodChoice(value: unknown): value is PeriodChoice {
  return (PERIOD_CHOICES as readonly unknown[]).includes(value);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
export function isDay(value: unknown): value is string {
  return typeof value === "string" && DAY.test(value) && new Date(value).toISOString().slice(0, 10) === value;
}

/** Why a custom period cannot be used, if it cannot. */
export function customPeriodError(from: string | null, to: string | null): "missing" | "order" | "length" | null {
  if (!isDay(from) || !isDay(to)) return "missing";
  if (from > to) return "order";
  if (daysBetween(from, to) + 1 > MAX_PERIOD_DAYS) return "length";
  return null;
}

/**
 * A period choice as instants in the zone: whole local days, today included, and the same number of days
 * just before for comparison. A custom period that cannot be used falls back to the default (the caller
 * reports `customPeriodError`).
 */
export function resolvePeriod(
  choice: PeriodChoice,
  timeZone: string,
  { from: customFrom = null, to: customTo = null }: { from?: string | null; to?: string | null } = {},
  now: Date = new Date(),
): ResolvedPeriod {
  const today = localDay(now, timeZone);
  let from: string;
  let to = today;
  if (choice === "this-month") from = `${today.slice(0, 8)}01`;
  else if (choice === "last-month") {
    to = addDays(`${today.slice(0, 8)}01`, -1);
    from = `${to.slice(0, 8)}01`;
  } else if (choice === "custom" && !customPeriodError(customFrom, customTo)) {
    from = customFrom as string;
    to = customTo as string;
  } else {
    const n = Number(choice === "custom" ? DEFAULT_PERIOD : choice);
    from = addDays(today, -(n - 1));
  }
  const days = daysBetween(from, to) + 1;
  const previousFrom = addDays(from, -days);
  const start = startOfDay(from, timeZone);
  return {
    choice,
    from,
    to,
    days,
    start,
    end: startOfDay(addDays(to, 1), timeZone),
    previous: { from: previousFrom, to: addDays(from, -1), start: startOfDay(previousFrom, timeZone), end: start },
    bucket: days <= HOURLY_UP_TO_DAYS ? "hour" : "day",
  };
}

/**
 * The buckets of a period in order: its local days (`yyyy-mm-dd`), or its hours as UTC instants
 * (ISO strings), which a zone's day may have 23 or 25 of.
 */
export function bucketKeys(period: Pick<ResolvedPeriod, "bucket" | "from" | "days" | "start" | "end">): string[] {
  if (period.bucket === "day") return Array.from({ length: period.days }, (_, i) => addDays(period.from, i));
  const keys: string[] = [];
  for (let t = period.start.getTime(); t < period.end.getTime(); t += 3_600_000) keys.push(new Date(t).toISOString());
  return keys;
}
