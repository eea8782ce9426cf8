// Periods named in a question, in any of the four languages, as calendar days in the user's time zone:
// "last week", "yesterday", "in March", "за прошлую неделю", "вчера", "в марте", "oʻtgan hafta", "kecha",
// "mart oyida", "ўтган ҳафта", "кеча", "март ойида", "last 30 days" … The words are compared folded (the
// matcher's folding: lower case, Cyrillic to Latin, no apostrophes), so Uzbek in either script is one list.

import { addDays, daysBetween } from "../../core/period.ts";
import { foldWords, inflects } from "../../core/text.ts";

/** Both ends included, yyyy-mm-dd in the user's time zone (as the feed's `from` and `to`). */
export interface DayRange {
  from: string;
  to: string;
}

export interface NamedPeriod extends DayRange {
  /** Where it was named (a word index), so two periods keep the order of the question. */
  at: number;
}

export const DEFAULT_DAYS = 7;

const dayKey = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

export function daysIn(range: DayRange): number {
  return daysBetween(range.from, range.to) + 1;
}

/** The same number of days just before. */
export function previousRange(range: DayRange): DayRange {
  const length = daysIn(range);
  return { from: addDays(range.from, -length), to: addDays(range.from, -1) };
}

/** The last `days` days, today included (the feed's `period`). */
export function lastDays(today: string, days: number): DayRange {
  return { from: addDays(today, -(days - 1)), to: today };
}

const mondayOf = (day: string) => addDays(day, -((new Date(msOf(day)).getUTCDay() + 6) % 7));
const monthRange = (year: number, month: number): DayRange => {
  const from = dayKey(Date.UTC(year, month - 1, 1));
  return { from, to: dayKey(Date.UTC(year, month, 0)) };
};

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

/**
 * Every period a question names, in order. Months without a year are the latest such month that has begun;
 * weeks start on Monday.
 */
export function findPeriods(question: string, today: string): NamedPeriod[] {
  const words = foldWords(question);
  const found: NamedPeriod[] = [];
  const [year, month] = today.split("-").map(Number) as [number, number];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    const next = words[i + 1];
    if (isOne(word, TODAY)) found.push({ from: today, to: today, at: i });
    else if (isOne(word, YESTERDAY)) {
      const day = addDays(today, -1);
      found.push({ from: day, to: day, at: i });
    } else if (
      (isOne(word, THIS) || isOne(word, LAST)) &&
      (isOne(next, WEEK) || isOne(next, MONTH) || isOne(next, YEAR))
    ) {
      const back = isOne(word, LAST) ? 1 : 0;
      let range: DayRange;
      if (isOne(next, WEEK)) {
        const monday = addDays(mondayOf(today), -7 * back);
        range = { from: monday, to: back ? addDays(monday, 6) : today };
      } else if (isOne(next, MONTH)) {
        const m = month - back;
        range = m < 1 ? monthRange(year - 1, 12) : monthRange(year, m);
        if (!back) range.to = today;
      } else {
        range = { from: `${year - back}-01-01`, to: back ? `${year - 1}-12-31` : today };
      }
      found.push({ ...range, at: i });
      i++;
    } else if (/^\d{1,3}$/.test(word) && isOne(next, DAYS)) {
      const n = Math.min(Math.max(Number(word), 1), 366);
      found.push({ ...lastDays(today, n), at: i });
      i++;
    } else {
      const m = monthOf(words, i);
      if (m === null) continue;
      const named = words[i + 1] && /^\d{4}$/.test(words[i + 1] as string) ? Number(words[i + 1]) : null;
      const y = named ?? (m > month ? year - 1 : year);
      const range = monthRange(y, m);
      if (range.to > today) range.to = today;
      found.push({ ...range, at: i });
    }
  }
  return found;
}

/** The first period a question names, else the last seven days. */
export function periodOf(question: string, today: string): DayRange {
  const [first] = findPeriods(question, today);
  return first ? { from: first.from, to: first.to } : lastDays(today, DEFAULT_DAYS);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A period as the model names it in a tool call: "2026-03-01..2026-03-31", one day, or words in any of the
 * four languages; null when none can be read.
 */
export function readPeriod(text: string, today: string): DayRange | null {
  const [from, to] = text.split("..").map((part) => part.trim());
  if (from && DAY.test(from) && (to === undefined || DAY.test(to))) {
    const end = to ?? from;
    return from <= end ? { from, to: end } : { from: end, to: from };
  }
  const [first] = findPeriods(text, today);
  return first ? { from: first.from, to: first.to } : null;
}
