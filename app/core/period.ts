// Periods, days and buckets in the reader's time zone: the one meaning of "today", "last 30 days" or "last
// month" for every screen, export, report, alert and the assistant (ADR 042). Zone rules come from
// @date-fns/tz (the IANA data in Intl); days are `yyyy-mm-dd` strings of the zone's calendar, instants are Dates. No server imports:
// pages use it too.
import { TZDateMini } from "@date-fns/tz";

/** A calendar day of the reader's zone, `yyyy-mm-dd`. */
export type Day = string;

/**
 * "N days" is today and the N−1 days before it; "this week/month" runs from its first day to today; "last
 * week" is the previous ISO week (Monday to Sunday) and "last month" the previous calendar month.
 */
export const PRESETS = [
  "today",
  "yesterday",
  "7",
  "30",
  "90",
  "this-week",
  "last-week",
  "this-month",
  "last-month",
] as const;
export type Preset = (typeof PRESETS)[number];
export type PeriodChoice = Preset | "custom";

/** The rolling periods every screen offers first, in this order: the overview's and the feed's whole choice. */
export const QUICK_PRESETS = ["7", "30", "90"] as const satisfies readonly Preset[];
/**
 * What a screen with room for more offers (analytics, reports): the quick periods, then the calendar ones. One
 * list, so no screen lacks a period another has ("Last 7 days" in reports, issue 36).
 */
export const OFFERED_PRESETS = [
  ...QUICK_PRESETS,
  "last-week",
  "this-month",
  "last-month",
] as const satisfies readonly Preset[];
export type OfferedPreset = (typeof OFFERED_PRESETS)[number];

/** A custom period is at most this many days long. */
export const MAX_PERIOD_DAYS = 366;
/** Periods up to this many days are drawn hour by hour. */
export const HOURLY_UP_TO_DAYS = 3;

export interface Range {
  start: Date;
  /** Exclusive. */
  end: Date;
}

export interface DayRange {
  /** First and last day, both included. */
  from: Day;
  to: Day;
}

export interface Period extends Range, DayRange {
  choice: PeriodChoice;
  timeZone: string;
  days: number;
  bucket: "hour" | "day";
  /** The same number of days just before. */
  previous: Range & DayRange;
}

const pad = (n: number) => String(n).padStart(2, "0");
const zoned = (instant: Date | number, timeZone: string) => new TZDateMini(+instant, timeZone);
const dayOfZoned = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const partsOf = (day: Day) => day.split("-").map(Number) as [number, number, number];
// Calendar arithmetic involves no zone: a day is handled as its UTC midnight.
const DAY_MS = 86_400_000;
const calendar = (day: Day) => Date.parse(`${day}T00:00:00Z`);
const calendarDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The zone's calendar day of an instant. */
export function dayOf(instant: Date | number, timeZone: string): Day {
  return dayOfZoned(zoned(instant, timeZone));
}

/** Today in the zone. */
export function today(timeZone: string, now: Date = new Date()): Day {
  return dayOf(now, timeZone);
}

/** The instant a wall-clock hour of a day happens in the zone (an hour skipped by a clock change: just after). */
export function zonedInstant(day: Day, hour: number, timeZone: string): Date {
  const [y, m, d] = partsOf(day);
  return new Date(+new TZDateMini(y, m - 1, d, hour, timeZone));
}

/** The instant a day begins in the zone. */
export function startOfDay(day: Day, timeZone: string): Date {
  return zonedInstant(day, 0, timeZone);
}

export function addDays(day: Day, n: number): Day {
  return calendarDay(calendar(day) + n * DAY_MS);
}

export function daysBetween(from: Day, to: Day): number {
  return Math.round((calendar(to) - calendar(from)) / DAY_MS);
}

/** Both ends included. */
export function daysIn(range: DayRange): number {
  return daysBetween(range.from, range.to) + 1;
}

/** 0 is Monday. */
export function weekdayOf(day: Day): number {
  return (new Date(calendar(day)).getUTCDay() + 6) % 7;
}

/** The Monday of a day's ISO week. */
export function mondayOf(day: Day): Day {
  return addDays(day, -weekdayOf(day));
}

/** The first day of a day's month. */
export const firstOfMonth = (day: Day): Day => `${day.slice(0, 8)}01`;

/** The last day of a month given as year and month (1–12). */
export function lastOfMonth(year: number, month: number): Day {
  return calendarDay(Date.UTC(year, month, 0));
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
export function isDay(value: unknown): value is Day {
  if (typeof value !== "string" || !DAY.test(value)) return false;
  const ms = calendar(value);
  return Number.isFinite(ms) && calendarDay(ms) === value;
}

export function isPreset(value: unknown): value is Preset {
  return (PRESETS as readonly unknown[]).includes(value);
}

/** The days a preset covers on a given day. */
export function presetDays(preset: Preset, day: Day): DayRange {
  switch (preset) {
    case "today":
      return { from: day, to: day };
    case "yesterday": {
      const before = addDays(day, -1);
      return { from: before, to: before };
    }
    case "this-week":
      return { from: mondayOf(day), to: day };
    case "last-week": {
      const monday = addDays(mondayOf(day), -7);
      return { from: monday, to: addDays(monday, 6) };
    }
    case "this-month":
      return { from: firstOfMonth(day), to: day };
    case "last-month": {
      const to = addDays(firstOfMonth(day), -1);
      return { from: firstOfMonth(to), to };
    }
    default:
      return lastDays(day, Number(preset));
  }
}

/** The last `n` days: the day given and the n−1 days before it. */
export function lastDays(day: Day, n: number): DayRange {
  return { from: addDays(day, -(n - 1)), to: day };
}

/** The same number of days just before. */
export function previousDays(range: DayRange): DayRange {
  const length = daysIn(range);
  return { from: addDays(range.from, -length), to: addDays(range.from, -1) };
}

/** Why a custom period cannot be used, if it cannot. */
export function customPeriodError(from: unknown, to: unknown): "missing" | "order" | "length" | null {
  if (!isDay(from) || !isDay(to)) return "missing";
  if (from > to) return "order";
  if (daysIn({ from, to }) > MAX_PERIOD_DAYS) return "length";
  return null;
}

/** The instants of whole days in the zone (end exclusive). */
export function rangeOf(days: DayRange, timeZone: string): Range {
  return { start: startOfDay(days.from, timeZone), end: startOfDay(addDays(days.to, 1), timeZone) };
}

/** Days as a period in the zone: instants, length, bucket and the period before. */
export function periodOf(days: DayRange, timeZone: string, choice: PeriodChoice = "custom"): Period {
  const length = daysIn(days);
  const before = previousDays(days);
  return {
    choice,
    timeZone,
    ...days,
    ...rangeOf(days, timeZone),
    days: length,
    bucket: length <= HOURLY_UP_TO_DAYS ? "hour" : "day",
    previous: { ...before, ...rangeOf(before, timeZone) },
  };
}

/**
 * A preset, or a custom range, as a period in the reader's zone at `now`. A custom range that cannot be used
 * falls back to `fallback` (the caller reports `customPeriodError`).
 */
export function resolvePeriod(
  choice: PeriodChoice,
  timeZone: string,
  custom: Partial<DayRange> = {},
  { now = new Date(), fallback = "30" }: { now?: Date; fallback?: Preset } = {},
): Period {
  if (choice === "custom" && !customPeriodError(custom.from, custom.to)) {
    return periodOf({ from: custom.from as Day, to: custom.to as Day }, timeZone, "custom");
  }
  const preset = choice === "custom" ? fallback : choice;
  return periodOf(presetDays(preset, today(timeZone, now)), timeZone, choice === "custom" ? fallback : choice);
}

/**
 * The buckets of a period in order: its days (`yyyy-mm-dd`), or its hours as UTC instants (ISO strings), of
 * which a zone's day may have 23 or 25.
 */
export function bucketKeys(period: Pick<Period, "bucket" | "from" | "days" | "start" | "end">): string[] {
  if (period.bucket === "day") return Array.from({ length: period.days }, (_, i) => addDays(period.from, i));
  const keys: string[] = [];
  for (let t = period.start.getTime(); t < period.end.getTime(); t += 3_600_000) keys.push(new Date(t).toISOString());
  return keys;
}

/** The bucket an instant falls in (see `bucketKeys`). */
export function bucketOf(instant: Date, bucket: Period["bucket"], timeZone: string): string {
  if (bucket === "day") return dayOf(instant, timeZone);
  const hour = new Date(instant);
  hour.setUTCMinutes(0, 0, 0);
  return hour.toISOString();
}
