import { useRouteLoaderData } from "react-router";

export const DATE_FORMATS = ["short", "medium", "long", "iso"] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/** The preferences every date, time and number on screen follows (SPEC §3). */
export interface FormatPreferences {
  locale: string;
  timeZone: string;
  use12Hour: boolean;
  dateFormat: DateFormat;
  showRelativeTime: boolean;
}

const RELATIVE_STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 7],
];

function isoParts(date: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return { date: `${get("year")}-${get("month")}-${get("day")}`, time: `${get("hour")}:${get("minute")}` };
}

/** One formatter for the whole app: locale, time zone, 12/24-hour, date format and relative times. */
export function createFormatter(p: FormatPreferences) {
  const hourCycle = p.use12Hour ? "h12" : "h23";
  const dateStyle = p.dateFormat === "iso" ? undefined : p.dateFormat;
  const time = (d: Date) =>
    new Intl.DateTimeFormat(p.locale, { timeZone: p.timeZone, timeStyle: "short", hourCycle }).format(d);
  const date = (d: Date) =>
    dateStyle
      ? new Intl.DateTimeFormat(p.locale, { timeZone: p.timeZone, dateStyle }).format(d)
      : isoParts(d, p.timeZone).date;
  const dateTime = (d: Date) => (dateStyle ? `${date(d)}, ${time(d)}` : `${date(d)} ${time(d)}`);

  /** "5 minutes ago" within a week, then the date and time. */
  const relative = (d: Date, now: Date = new Date()) => {
    let value = (d.getTime() - now.getTime()) / 1000;
    const format = new Intl.RelativeTimeFormat(p.locale, { numeric: "auto" });
    for (const [unit, size] of RELATIVE_STEPS) {
      if (Math.abs(value) < size) return format.format(Math.round(value), unit);
      value /= size;
    }
    return dateTime(d);
  };

  return {
    date: (d: Date | string) => date(new Date(d)),
    time: (d: Date | string) => time(new Date(d)),
    dateTime: (d: Date | string) => dateTime(new Date(d)),
    relative: (d: Date | string, now?: Date) => relative(new Date(d), now),
    /** What the user asked for: relative when they want relative times, else date and time. */
    when: (d: Date | string, now?: Date) => (p.showRelativeTime ? relative(new Date(d), now) : dateTime(new Date(d))),
    number: (n: number) => new Intl.NumberFormat(p.locale).format(n),
  };
}

export type Formatter = ReturnType<typeof createFormatter>;

/** The formatter for the current page, from the root loader's preferences (overrides win, e.g. a preview). */
export function useFormatter(overrides?: Partial<FormatPreferences>): Formatter {
  const data = useRouteLoaderData<{ format: FormatPreferences }>("root");
  return createFormatter({
    locale: "en",
    timeZone: "UTC",
    use12Hour: false,
    dateFormat: "medium",
    showRelativeTime: true,
    ...data?.format,
    ...overrides,
  });
}
