// Periods named in a question, in any of the four languages, as calendar days in the reader's time zone:
// "last week", "yesterday", "in March", "за прошлую неделю", "вчера", "в марте", "oʻtgan hafta", "kecha",
// "mart oyida", "ўтган ҳафта", "кеча", "март ойида", "last 30 days" … This module reads the words only (compared
// folded, so Uzbek in either script is one list); what "last week" or "30 days" covers is core/period's
// (ADR 042), the same as on every other screen.
import {
  customPeriodError,
  type Day,
  type DayRange,
  lastDays,
  lastOfMonth,
  MAX_PERIOD_DAYS,
  type Preset,
  presetDays,
} from "~/core/period";
import { foldWords, inflects } from "~/core/text";

export interface NamedPeriod extends DayRange {
  /** Where it was named (a word index), so two periods keep the order of the question. */
  at: number;
}

/** A tool's period when none is named. */
export const DEFAULT_PRESET: Preset = "7";

// Folded words: English, Russian (transliterated), Uzbek (either script).
const TODAY = ["today", "segodnya", "bugun"];
const YESTERDAY = ["yesterday", "vchera", "kecha"];
const THIS = ["this", "etoy", "etot", "eta", "etu", "etom", "tekushchey", "tekushchem", "shu", "bu", "joriy"];
const LAST = ["last", "past", "previous", "proshluyu", "proshloy", "proshlom", "proshlaya", "proshlyy", "otgan"];
const WEEK = ["week", "nedelyu", "nedele", "nedelya", "nedeli", "hafta", "haftada", "haftadagi"];
const MONTH = ["month", "mesyats", "mesyatse", "mesyatsa", "oy", "oyda", "oyida", "oydagi"];
const YEAR = ["year", "god", "godu", "goda", "yil", "yilda", "yili"];
const DAYS = ["days", "day", "dney", "dnya", "den", "kun", "kunda", "kunlik", "kunlar", "kunlarda", "kunni"];
const MONTHS: string[][] = [
  ["january", "yanvar"],
  ["february", "fevral"],
  ["march", "mart"],
  ["april", "aprel"],
  ["may", "maye", "maya", "may"],
  ["june", "iyun"],
  ["july", "iyul"],
  ["august", "avgust"],
  ["september", "sentyabr", "sentabr"],
  ["october", "oktyabr", "oktabr"],
  ["november", "noyabr"],
  ["december", "dekabr"],
];

const isOne = (word: string | undefined, list: string[]) => word !== undefined && list.includes(word);
const untilToday = (range: DayRange, today: Day): DayRange => (range.to > today ? { ...range, to: today } : range);

/** A calendar month (1–12) of a year, no later than today. */
const monthDays = (year: number, month: number, today: Day) =>
  untilToday({ from: `${year}-${String(month).padStart(2, "0")}-01`, to: lastOfMonth(year, month) }, today);

/** A calendar year, no later than today. */
const yearDays = (year: number, today: Day) => untilToday({ from: `${year}-01-01`, to: `${year}-12-31` }, today);

function monthOf(words: string[], i: number): number | null {
  const word = words[i] as string;
  const index = MONTHS.findIndex((names) => names.some((name) => word === name || inflects(name, word, null)));
  if (index < 0) return null;
  // "may" is also an English verb: a month only as "in May", "v maye", "may oyida" or "May 2026".
  if (word === "may") {
    const before = words[i - 1];
    const after = words[i + 1] ?? "";
    if (before !== "in" && before !== "v" && !after.startsWith("oy") && !/^\d{4}$/.test(after)) return null;
  }
  return index + 1;
}

/** "this week", "last month", "this year"…: the preset (or year) the two words name, or null. */
function thisOrLast(word: string, next: string | undefined, today: Day): DayRange | null {
  const last = isOne(word, LAST);
  if (!last && !isOne(word, THIS)) return null;
  if (isOne(next, WEEK)) return presetDays(last ? "last-week" : "this-week", today);
  if (isOne(next, MONTH)) return presetDays(last ? "last-month" : "this-month", today);
  if (isOne(next, YEAR)) return yearDays(Number(today.slice(0, 4)) - (last ? 1 : 0), today);
  return null;
}

/**
 * Every period a question names, in order. Months without a year are the latest such month that has begun;
 * weeks start on Monday.
 */
export function findPeriods(question: string, today: Day): NamedPeriod[] {
  const words = foldWords(question);
  const found: NamedPeriod[] = [];
  const [year, month] = today.split("-").map(Number) as [number, number];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    const next = words[i + 1];
    const pair = thisOrLast(word, next, today);
    if (isOne(word, TODAY)) found.push({ ...presetDays("today", today), at: i });
    else if (isOne(word, YESTERDAY)) found.push({ ...presetDays("yesterday", today), at: i });
    else if (pair) found.push({ ...pair, at: i++ });
    else if (/^\d{1,3}$/.test(word) && isOne(next, DAYS)) {
      found.push({ ...lastDays(today, Math.min(Math.max(Number(word), 1), MAX_PERIOD_DAYS)), at: i++ });
    } else {
      const m = monthOf(words, i);
      if (m === null) continue;
      const named = words[i + 1] && /^\d{4}$/.test(words[i + 1] as string) ? Number(words[i + 1]) : null;
      const days = monthDays(named ?? (m > month ? year - 1 : year), m, today);
      // A month named with a year to come has no days yet.
      if (days.from <= days.to) found.push({ ...days, at: i });
    }
  }
  return found;
}

const DAYS_GIVEN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A period as the model names it in a tool call: "2026-03-01..2026-03-31", one day, or words in any of the
 * four languages; nothing is the last seven days. Null when it cannot be read, or names days that do not
 * exist (2026-02-31) or more than a custom period may cover.
 */
export function readPeriod(text: string | undefined, today: Day): DayRange | null {
  if (!text?.trim()) return presetDays(DEFAULT_PRESET, today);
  const [from = "", to = from] = text.split("..").map((part) => part.trim());
  if (DAYS_GIVEN.test(from) || DAYS_GIVEN.test(to)) {
    const range = from <= to ? { from, to } : { from: to, to: from };
    return customPeriodError(range.from, range.to) ? null : range;
  }
  const [first] = findPeriods(text, today);
  return first ? { from: first.from, to: first.to } : null;
}
