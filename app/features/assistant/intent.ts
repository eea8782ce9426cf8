// The built-in analyst's reading of a question (no model): what is asked (a count, a trend, a comparison, a
// top list, the sentiment split, share of voice, mentions to show, open tasks), about which projects, which
// periods, which sentiment and which search words. Words are compared folded (the matcher's folding), so one
// list covers English, Russian (transliterated) and Uzbek in both scripts.
import type { Day, DayRange } from "~/core/period";
import { foldWord, inflects } from "~/core/text";
import { findPeriods } from "./period";

export type IntentKind = "count" | "trend" | "compare" | "top" | "sentiment" | "share" | "search" | "tasks";
export type TopKind = "sources" | "authors" | "terms";
export type Sentiment = "positive" | "neutral" | "negative";

export interface Intent {
  kind: IntentKind;
  top?: TopKind;
  sentiment?: Sentiment;
  /** Projects named in the question, in the order named. */
  projectIds: string[];
  /** Periods named, in order (none: the tools' default). */
  periods: DayRange[];
  /** Words to search for ("about X" where X is not a project). */
  query?: string;
}

export interface KnownProject {
  id: string;
  name: string;
  keywords: readonly string[];
}

interface Word {
  raw: string;
  folded: string;
}

const WORDS = /[\p{L}\p{N}ʻʼ’‘'`]+/gu;
const words = (text: string): Word[] =>
  (text.match(WORDS) ?? []).map((raw) => ({ raw, folded: foldWord(raw) })).filter((w) => w.folded);

// Stems: a folded word starting with one of these is that word (сравни → sravni…, negativnye → negativ…).
const STEMS: Record<string, string[]> = {
  tasks: ["task", "zadach", "zadan", "vazifa", "topshiriq"],
  share: ["share", "dolya", "doli", "ulush"],
  compare: ["compar", "versus", "sravn", "sopostav", "solishtir", "taqqos"],
  sources: ["source", "outlet", "channel", "istochnik", "kanal", "manba"],
  authors: ["author", "writer", "avtor", "muallif"],
  terms: ["term", "word", "topic", "keyword", "slov", "temy", "tema", "termin", "soz", "mavzu", "kalit"],
  trend: ["trend", "dynamic", "dinamik", "timeline", "daily", "kunlik"],
  sentiment: ["sentiment", "tone", "mood", "tonaln", "nastroen", "kayfiyat", "ohang"],
  negative: ["negativ", "negative", "bad", "complain", "plokh", "zhalob", "salbiy", "shikoyat", "yomon"],
  positive: ["positiv", "positive", "good", "prais", "khorosh", "pozitiv", "ijobiy", "yaxshi"],
  neutral: ["neutral", "neytral"],
  show: [
    "show",
    "find",
    "list",
    "what",
    "which",
    "pokazh",
    "naydi",
    "nayti",
    "kakie",
    "chto",
    "korsat",
    "qaysi",
    "nima",
  ],
  count: ["how", "count", "number", "skolko", "kolichestv", "chislo", "nechta", "qancha", "soni"],
  top: ["top", "most", "bolshe", "eng"],
};
/** Whole words only: "about X", "про X", "о X", "X haqida". */
const ABOUT = ["about", "pro", "o", "ob", "obo", "haqida", "borasida"];

const has = (list: Word[], key: keyof typeof STEMS) =>
  list.some((w) => (STEMS[key] as string[]).some((stem) => w.folded.startsWith(stem)));

const SMALL_WORDS = new Set([
  "the",
  "a",
  "an",
  "me",
  "this",
  "last",
  "week",
  "month",
  "in",
  "for",
  "of",
  "mentions",
  "mention",
  "eta",
  "etu",
  "etoy",
  "nedele",
  "nedelyu",
  "upominaniya",
  "upominaniy",
  "shu",
  "bu",
  "hafta",
  "haftada",
  "oy",
  "eslatmalar",
  "eslatma",
  "zikrlar",
  "yozuvlar",
  "otgan",
  "proshloy",
  "proshluyu",
]);

/** The projects a question names: a name or keyword, its last word in any inflected form (Нурбанка, Nurbankning). */
function namedProjects(
  list: Word[],
  projects: readonly KnownProject[],
): Array<{ id: string; at: number; length: number }> {
  const found: Array<{ id: string; at: number; length: number }> = [];
  for (const project of projects) {
    const names = [project.name, ...project.keywords].map((name) => words(name).map((w) => w.folded));
    let hit: { at: number; length: number } | null = null;
    for (const name of names) {
      if (name.length === 0) continue;
      for (let i = 0; i + name.length <= list.length && !hit; i++) {
        const ok = name.every((part, k) => {
          const word = (list[i + k] as Word).folded;
          return word === part || (k === name.length - 1 && inflects(part, word, null));
        });
        if (ok) hit = { at: i, length: name.length };
      }
    }
    if (hit) found.push({ id: project.id, ...hit });
  }
  return found.sort((a, b) => a.at - b.at);
}

/** Words after "about"/"про"/"o" (or before "haqida"), when they are not a project or a period. */
function searchWords(list: Word[], taken: Set<number>): string | undefined {
  for (let i = 0; i < list.length; i++) {
    const word = list[i] as Word;
    if (!ABOUT.includes(word.folded)) continue;
    const postposition = word.folded === "haqida" || word.folded === "borasida";
    const index = postposition ? i - 1 : i + 1;
    const candidate = list[index];
    if (!candidate || taken.has(index) || SMALL_WORDS.has(candidate.folded) || /^\d+$/.test(candidate.folded)) continue;
    return candidate.raw.replace(/[ʻʼ’‘'`]/g, "'");
  }
  return undefined;
}

export function recognise(question: string, projects: readonly KnownProject[], today: Day): Intent {
  const list = words(question);
  const named = namedProjects(list, projects);
  const taken = new Set(named.flatMap((p) => Array.from({ length: p.length }, (_, k) => p.at + k)));
  const periods = findPeriods(question, today).map(({ from, to }) => ({ from, to }));
  const sentiment: Sentiment | undefined = has(list, "negative")
    ? "negative"
    : has(list, "positive")
      ? "positive"
      : has(list, "neutral")
        ? "neutral"
        : undefined;
  const top: TopKind | undefined = has(list, "sources")
    ? "sources"
    : has(list, "authors")
      ? "authors"
      : has(list, "terms")
        ? "terms"
        : undefined;
  let kind: IntentKind;
  if (has(list, "tasks")) kind = "tasks";
  else if (has(list, "share")) kind = "share";
  else if (has(list, "compare") || (named.length >= 2 && !top) || periods.length >= 2) kind = "compare";
  else if (top) kind = "top";
  else if (has(list, "trend")) kind = "trend";
  else if (has(list, "sentiment")) kind = "sentiment";
  else if (has(list, "count")) kind = "count";
  else if (has(list, "show") || sentiment) kind = "search";
  else kind = "count";
  return {
    kind,
    top,
    sentiment,
    projectIds: [...new Set(named.map((p) => p.id))],
    periods,
    query: searchWords(list, taken),
  };
}
