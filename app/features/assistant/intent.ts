// The built-in analyst's reading of a question (no model): what is asked (a count, a trend, a comparison, a
// top list, the topics, the sentiment split, share of voice, mentions to show, open tasks; several of them at
// once, in the order asked), about which projects, which periods, which sentiment and which search words.
// Words are compared folded (the matcher's folding), so one list covers English, Russian (transliterated) and
// Uzbek in both scripts.
import type { Day, DayRange } from "~/core/period";
import { foldWord, inflects } from "~/core/text";
import { findPeriods } from "./period";

export type Part = "count" | "trend" | "compare" | "top" | "topics" | "sentiment" | "share" | "search" | "tasks";
export type TopKind = "sources" | "authors";
export type Sentiment = "positive" | "neutral" | "negative";

export interface Intent {
  /** What is asked, in the order asked: one thing, or several ("how many… show them", "the trend and the top
   * sources"). */
  parts: Part[];
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
  // What mentions are about: topics (and the trending terms they replaced).
  topics: [
    "topic",
    "theme",
    "term",
    "keyword",
    "talk",
    "discuss",
    "tema",
    "temi",
    "temu",
    "termin",
    "obsujda",
    "govoryat",
    "mavzu",
    "muhokama",
    "gapiril",
  ],
  trend: ["trend", "dynamic", "dinamik", "timeline", "daily", "kunlik"],
  sentiment: ["sentiment", "tone", "mood", "tonaln", "nastroen", "kayfiyat", "ohang"],
  negative: ["negativ", "negative", "bad", "complain", "plox", "jalob", "salbiy", "shikoyat", "yomon"],
  positive: ["positiv", "positive", "good", "prais", "xorosh", "pozitiv", "ijobiy", "yaxshi"],
  neutral: ["neutral", "neytral"],
  // Asking to see mentions.
  show: ["show", "list", "find", "cite", "pokaj", "pokazat", "naydi", "nayti", "privedi", "korsat", "keltir"],
  // What a question word alone asks for when nothing else is asked ("which mentions…").
  which: ["what", "which", "kakie", "kakoy", "chto", "qaysi", "nima"],
  count: ["count", "number", "skolko", "kolichestv", "chislo", "nechta", "qancha", "soni"],
};
/** Whole words that point at mentions already named: "show them", "покажи их", "ularni koʻrsat", "examples". */
const THEM = new Set([
  "them",
  "these",
  "those",
  "examples",
  "ix",
  "eti",
  "primery",
  "primer",
  "ularni",
  "shularni",
  "misollar",
  "misol",
]);
/** Whole words only: "about X", "про X", "о X", "X haqida". */
const ABOUT = ["about", "pro", "o", "ob", "obo", "haqida", "borasida"];

/** Where the question first says one of a key's stems (a word index), or -1. */
const at = (list: Word[], key: keyof typeof STEMS) =>
  list.findIndex((w) => (STEMS[key] as string[]).some((stem) => w.folded.startsWith(stem)));
const has = (list: Word[], key: keyof typeof STEMS) => at(list, key) >= 0;

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

/** Where a count is asked: a count word, or "how many" / "how much". */
function howMany(list: Word[]): number {
  const how = list.findIndex((w, i) => w.folded === "how" && ["many", "much"].includes(list[i + 1]?.folded ?? ""));
  const word = at(list, "count");
  return how < 0 ? word : word < 0 ? how : Math.min(how, word);
}

/** The parts asked besides tasks, share of voice and comparisons, each where it is first asked. */
function partsAsked(list: Word[], top: TopKind | undefined): Part[] {
  const asked: Array<[Part, number]> = [
    ["topics", at(list, "topics")],
    ["top", top ? at(list, top) : -1],
    ["trend", at(list, "trend")],
    ["sentiment", at(list, "sentiment")],
    ["count", howMany(list)],
  ];
  const others = asked.filter(([, i]) => i >= 0);
  // "Show" asks for mentions on its own, or with something else when it points at them, before or after
  // ("… show them", "… ularni koʻrsat").
  const show = at(list, "show");
  const pointed = show >= 0 && list.slice(Math.max(0, show - 3), show + 4).some((w) => THEM.has(w.folded));
  if (show >= 0 && (others.length === 0 || pointed)) others.push(["search", show]);
  return others.sort((a, b) => a[1] - b[1]).map(([part]) => part);
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
  const top: TopKind | undefined = has(list, "sources") ? "sources" : has(list, "authors") ? "authors" : undefined;
  let parts: Part[];
  if (has(list, "tasks")) parts = ["tasks"];
  else if (has(list, "share")) parts = ["share"];
  else if (has(list, "compare") || (named.length >= 2 && !top) || periods.length >= 2) parts = ["compare"];
  else {
    parts = partsAsked(list, top);
    if (parts.length === 0) parts = [has(list, "which") || sentiment ? "search" : "count"];
  }
  return {
    parts,
    top,
    sentiment,
    projectIds: [...new Set(named.map((p) => p.id))],
    periods,
    query: searchWords(list, taken),
  };
}
