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

/**
 * Building an Intl formatter costs far more than using one (a chart's axis formats dozens of dates), so each
 * is built once per locale and options. The keys come from a few preferences; the cap only guards memory.
 */
function once<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    if (cache.size >= 500) cache.clear();
    value = make();
    cache.set(key, value);
  }
  return value;
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions) =>
  once(dateTimeFormats, `${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

/** The wall-clock reading of an instant in a zone, as numbers (no locale data needed); `weekday` 0 is Monday. */
export function zonedParts(instant: Date, timeZone: string) {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  const format = dateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
    weekday: "short",
  });
  for (const p of format.formatToParts(instant)) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ""),
  };
}

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * A zone's distance from UTC at an instant: "UTC+5", "UTC+5:30", "UTC−10", or "UTC". The same text in every
 * language and browser, so a time read by people in various zones says which clock it is on.
 */
export function utcOffset(timeZone: string, at: Date | string | number = new Date()): string {
  const instant = new Date(at);
  const p = zonedParts(instant, timeZone);
  const wallClock = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  const minutes = Math.round((wallClock - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
  if (minutes === 0) return "UTC";
  const size = Math.abs(minutes);
  return `UTC${minutes < 0 ? "−" : "+"}${Math.floor(size / 60)}${size % 60 ? `:${pad(size % 60)}` : ""}`;
}

/** A zone by its name and its offset at an instant: "Asia/Tashkent (UTC+5)"; UTC itself is just "UTC". */
export function zoneLabel(timeZone: string, at: Date | string | number = new Date()): string {
  const offset = utcOffset(timeZone, at);
  return timeZone === "UTC" || timeZone === "Etc/UTC" ? offset : `${timeZone} (${offset})`;
}

/**
 * Uzbek in both scripts, from CLDR. Browsers ship ICU without Uzbek (Chromium formats `uz` as
 * `2026 M10 24` and `1,222`), so the page would change after hydration; these give Node's text everywhere.
 */
interface OwnLocale {
  months: { short: string[]; long: string[] };
  /** Between the day and the month in medium and long dates. */
  daySeparator: string;
  dayPeriods: [am: string, pm: string];
  group: string;
  decimal: string;
  /** Compact units after the number: thousand, million, billion, trillion. */
  compact: [string, string, string, string];
  units: Record<"second" | "minute" | "hour" | "day", string>;
  now: string;
  days: Record<"-1" | "0" | "1", string>;
  past: (amount: string) => string;
  future: (amount: string) => string;
}

const UZBEK: Record<"uz" | "uz-Cyrl", OwnLocale> = {
  uz: {
    months: {
      short: ["yan", "fev", "mar", "apr", "may", "iyn", "iyl", "avg", "sen", "okt", "noy", "dek"],
      long: [
        "yanvar",
        "fevral",
        "mart",
        "aprel",
        "may",
        "iyun",
        "iyul",
        "avgust",
        "sentabr",
        "oktabr",
        "noyabr",
        "dekabr",
      ],
    },
    daySeparator: "-",
    dayPeriods: ["TO", "TK"],
    group: "\u00a0",
    decimal: ",",
    compact: ["ming", "mln", "mlrd", "trln"],
    units: { second: "soniya", minute: "daqiqa", hour: "soat", day: "kun" },
    now: "hozir",
    days: { "-1": "kecha", "0": "bugun", "1": "ertaga" },
    past: (amount) => `${amount} oldin`,
    future: (amount) => `${amount}dan keyin`,
  },
  "uz-Cyrl": {
    months: {
      short: ["янв", "фев", "мар", "апр", "май", "июн", "июл", "авг", "сен", "окт", "ноя", "дек"],
      long: ["январ", "феврал", "март", "апрел", "май", "июн", "июл", "август", "сентябр", "октябр", "ноябр", "декабр"],
    },
    daySeparator: " ",
    dayPeriods: ["ТО", "ТК"],
    group: "\u00a0",
    decimal: ",",
    compact: ["минг", "млн", "млрд", "трлн"],
    units: { second: "сония", minute: "дақиқа", hour: "соат", day: "кун" },
    now: "ҳозир",
    days: { "-1": "кеча", "0": "бугун", "1": "эртага" },
    past: (amount) => `${amount} олдин`,
    future: (amount) => `${amount}дан сўнг`,
  },
};

const usNumber = new Intl.NumberFormat("en-US");
/** Three significant digits: "3.25M", "39.4M", "394M". */
const COMPACT: Intl.NumberFormatOptions = { notation: "compact", maximumSignificantDigits: 3 };
const usCompact = new Intl.NumberFormat("en-US", COMPACT);
const US_COMPACT_UNITS = ["K", "M", "B", "T"];
/** Below this a figure is shown whole: it fits a KPI card and says more. */
const COMPACT_FROM = 100_000;

function ownLocale(locale: string): OwnLocale | undefined {
  return locale === "uz" || locale === "uz-Cyrl" ? UZBEK[locale] : undefined;
}

/** The date, time, number and relative-time primitives of one locale, from Intl or from our own data. */
function localeFormats(p: FormatPreferences) {
  const own = ownLocale(p.locale);
  if (!own) {
    const hourCycle = p.use12Hour ? "h12" : "h23";
    const relative = new Intl.RelativeTimeFormat(p.locale, { numeric: "auto" });
    const number = new Intl.NumberFormat(p.locale);
    const compact = new Intl.NumberFormat(p.locale, COMPACT);
    return {
      date: (d: Date, style: "short" | "medium" | "long") =>
        dateTimeFormat(p.locale, { timeZone: p.timeZone, dateStyle: style }).format(d),
      dayMonth: (d: Date, style: "short" | "medium" | "long") =>
        dateTimeFormat(p.locale, {
          timeZone: p.timeZone,
          day: style === "short" ? "2-digit" : "numeric",
          month: style === "short" ? "2-digit" : style === "medium" ? "short" : "long",
        }).format(d),
      time: (d: Date) => dateTimeFormat(p.locale, { timeZone: p.timeZone, timeStyle: "short", hourCycle }).format(d),
      relative: (value: number, unit: Intl.RelativeTimeFormatUnit) => relative.format(value, unit),
      number: (n: number) => number.format(n),
      compact: (n: number) => compact.format(n),
    };
  }
  const number = (n: number) =>
    usNumber
      .formatToParts(n)
      .map((part) => (part.type === "group" ? own.group : part.type === "decimal" ? own.decimal : part.value))
      .join("");
  const compact = (n: number) =>
    usCompact
      .formatToParts(n)
      .map((part) =>
        part.type === "decimal"
          ? own.decimal
          : part.type === "compact"
            ? `\u00a0${own.compact[US_COMPACT_UNITS.indexOf(part.value)] ?? part.value}`
            : part.value,
      )
      .join("");
  return {
    date: (d: Date, style: "short" | "medium" | "long") => {
      const { year, month, day } = zonedParts(d, p.timeZone);
      if (style === "short") return `${pad(day)}/${pad(month)}/${pad(year % 100)}`;
      const name = own.months[style === "medium" ? "short" : "long"][month - 1];
      return `${day}${own.daySeparator}${name}, ${year}`;
    },
    dayMonth: (d: Date, style: "short" | "medium" | "long") => {
      const { month, day } = zonedParts(d, p.timeZone);
      if (style === "short") return `${pad(day)}/${pad(month)}`;
      return `${day}${own.daySeparator}${own.months[style === "medium" ? "short" : "long"][month - 1]}`;
    },
    time: (d: Date) => {
      const { hour, minute } = zonedParts(d, p.timeZone);
      if (!p.use12Hour) return `${pad(hour)}:${pad(minute)}`;
      return `${pad(hour % 12 || 12)}:${pad(minute)} ${own.dayPeriods[hour < 12 ? 0 : 1]}`;
    },
    relative: (value: number, unit: Intl.RelativeTimeFormatUnit) => {
      if (unit === "second" && value === 0) return own.now;
      if (unit === "day" && Math.abs(value) <= 1) return own.days[String(value) as "-1" | "0" | "1"];
      const amount = `${number(Math.abs(value))} ${own.units[unit as keyof OwnLocale["units"]]}`;
      return value < 0 ? own.past(amount) : own.future(amount);
    },
    number,
    compact,
  };
}

const formatters = new Map<string, Formatter>();

/** One formatter for the whole app: locale, time zone, 12/24-hour, date format and relative times. */
export function createFormatter(p: FormatPreferences): Formatter {
  const key = [p.locale, p.timeZone, p.use12Hour, p.dateFormat, p.showRelativeTime].join("|");
  return once(formatters, key, () => buildFormatter(p));
}

function buildFormatter(p: FormatPreferences) {
  const formats = localeFormats(p);
  // Calendar days (yyyy-mm-dd) are read at their UTC midnight, so no zone moves them to another day.
  const calendar = p.timeZone === "UTC" ? formats : localeFormats({ ...p, timeZone: "UTC" });
  const midnight = (day: string) => new Date(`${day}T00:00:00Z`);
  const dateStyle = p.dateFormat === "iso" ? undefined : p.dateFormat;
  const time = formats.time;
  const date = (d: Date) => {
    if (dateStyle) return formats.date(d, dateStyle);
    const { year, month, day } = zonedParts(d, p.timeZone);
    return `${year}-${pad(month)}-${pad(day)}`;
  };
  /** The day and month without the year, e.g. for a chart's axis. */
  const dayMonth = (d: Date) => {
    if (dateStyle) return formats.dayMonth(d, dateStyle);
    const { month, day } = zonedParts(d, p.timeZone);
    return `${pad(month)}-${pad(day)}`;
  };
  const dateTime = (d: Date) => (dateStyle ? `${date(d)}, ${time(d)}` : `${date(d)} ${time(d)}`);
  /** A calendar day (`yyyy-mm-dd`), whichever zone it is a day of. */
  const day = (d: string) => (dateStyle ? calendar.date(midnight(d), dateStyle) : d);
  /** A calendar day without the year, e.g. for a chart's axis. */
  const dayMonthOf = (d: string) => (dateStyle ? calendar.dayMonth(midnight(d), dateStyle) : d.slice(5));

  /** "5 minutes ago" within a week, then the date and time. */
  const relative = (d: Date, now: Date = new Date()) => {
    let value = (d.getTime() - now.getTime()) / 1000;
    for (const [unit, size] of RELATIVE_STEPS) {
      if (Math.abs(value) < size) return formats.relative(Math.round(value), unit);
      value /= size;
    }
    return dateTime(d);
  };

  return {
    date: (d: Date | string) => date(new Date(d)),
    dayMonth: (d: Date | string) => dayMonth(new Date(d)),
    time: (d: Date | string) => time(new Date(d)),
    dateTime: (d: Date | string) => dateTime(new Date(d)),
    /** Date and time with the zone's offset, for a time read by people in other zones: "Mar 9, 2026, 06:00 UTC+5". */
    dateTimeWithZone: (d: Date | string) => `${dateTime(new Date(d))} ${utcOffset(p.timeZone, d)}`,
    /** The formatter's zone as "Asia/Tashkent (UTC+5)", at an instant (offsets change with summer time). */
    zone: (at?: Date | string) => zoneLabel(p.timeZone, at),
    day,
    dayMonthOf,
    relative: (d: Date | string, now?: Date) => relative(new Date(d), now),
    /** What the user asked for: relative when they want relative times, else date and time. */
    when: (d: Date | string, now?: Date) => (p.showRelativeTime ? relative(new Date(d), now) : dateTime(new Date(d))),
    number: formats.number,
    /**
     * A change with its sign: "+3", "−3" (a minus sign) and "0", never "−0" (a rounded −0.4 is no change).
     * Pass its absolute value as the plural `count` of the words around it ("1 point", "−1 point").
     */
    signed: (n: number) => {
      const rounded = n === 0 ? 0 : n;
      return rounded > 0
        ? `+${formats.number(rounded)}`
        : rounded < 0
          ? `−${formats.number(-rounded)}`
          : formats.number(0);
    },
    /**
     * A count short enough for a KPI card: whole below 100 000, else three significant digits and the
     * language's unit ("3.25M", "3,25 млн", "3,25 mln"). Show the exact `number` beside it (ui/figure).
     */
    compact: (n: number) => (Math.abs(n) < COMPACT_FROM ? formats.number(n) : formats.compact(n)),
  };
}

export type Formatter = ReturnType<typeof buildFormatter>;

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
