/**
 * Automatic sentiment: positive, neutral or negative with a score from −1 to 1. The default classifier
 * scores words from our own lexicons (lexicons/*.json: English, Russian, and Uzbek for both scripts, since
 * Uzbek Cyrillic folds to the Latin spelling) with negation, intensifiers, "but", expected actions that did
 * not happen, and damping for reported news (ADR 023). A classifier works on a whole batch, so another one
 * (the model of llm-sentiment.server.ts when one is configured) can take its place per batch.
 */
import { foldWord, foldWords, inflects } from "~/core/text";
import { mapInSlices } from "~/lib/slices";
import type { Language } from "./language.ts";
import emoji from "./lexicons/emoji.json" with { type: "json" };
import en from "./lexicons/en.json" with { type: "json" };
import ru from "./lexicons/ru.json" with { type: "json" };
import uz from "./lexicons/uz.json" with { type: "json" };

export type SentimentLabel = "positive" | "neutral" | "negative";
export interface SentimentResult {
  sentiment: SentimentLabel;
  /** −1 … 1. */
  score: number;
}
export interface SentimentInput {
  text: string;
  language: Language;
}
export type SentimentClassifier = (items: readonly SentimentInput[]) => Promise<SentimentResult[]>;

export interface LexiconFile {
  /** Words that turn the sentiment of the next words of the clause around ("not good"). */
  negators: string[];
  /** Words that turn the sentiment of the word before around (Uzbek "yaxshi emas"); `x*` is a prefix. */
  postNegators: string[];
  /** Words that strengthen the next sentiment word, with their factor. */
  intensifiers: Record<string, number>;
  /** "but": what comes before it in the sentence counts for less than what follows. */
  contrast: string[];
  /** "and", "or": a negation before one does not reach past it ("не ту модель и отказываются"). */
  conjunctions: string[];
  /** Words and phrases of reporting ("announced", "according to"): a text with one of them and no `personal`
   * word reads as news, and its sentiment words count for little. */
  news: string[];
  /** Words of someone speaking for themselves ("I", "my"). */
  personal: string[];
  /** Word → valence −3 … 3. `x*` matches any word starting with x; a plain word also matches its inflected
   * forms; an entry with spaces is a phrase (valence 0 makes a phrase neutral: "technical works"). */
  words: Record<string, number>;
  /** How long something took: a time unit (`day*`, exact Uzbek stems) after a "quick" word ("in two days",
   * "за два дня") is praise, after a "slow" word ("for two days", "уже месяц") a complaint. Uzbek marks it on
   * the unit: -da after a count is quick (ikki kunda), -dan beri slow (ikki kundan beri). Between the word
   * and the unit only `counts` (a, few, two, пару, ikki) and digits. A date (`dates`: Sunday, October) after
   * `since` (or with Uzbek -dan beri) is slow too: a problem that has lasted. */
  time: { units: string[]; quick: string[]; slow: string[]; counts: string[]; dates: string[]; since: string[] };
  /** What a customer expects to happen (works, arrived, answered, refunded) → weight 1 … 2. Saying it
   * happened is not praise ("the branch opens at nine"); saying it did not is a complaint, FAILED × weight.
   * In Uzbek a stem's own suffix negates it (-ma-: ishlamayapti, kelmadi, qaytarishmadi). */
  expected: Record<string, number>;
  /** What something costs (fee, комиссия, narx) and words that move it down (cut, снизил, kamay-) or up (raised,
   * повысил, osh-). In one clause the two are read together, not on their own: a cost moved down leans
   * positive, up negative, a little (a reported price change alone stays neutral). So "komissiyani kamaytirdi"
   * is no complaint, though "komissiya" is one alone and "kam" (few) starts "kamaytirdi". */
  costs: { nouns: string[]; down: string[]; up: string[] };
}

interface Entry {
  valence: number;
  /** Weight of an expected action not happening (0: not an expected action). */
  expected: number;
  prefix: boolean;
}
interface Lexicon {
  language: "en" | "ru" | "uz";
  words: Map<string, Entry>;
  /** Phrases by their first word, longest first. */
  phrases: Map<string, Array<{ words: string[]; entry: Entry }>>;
  negators: Set<string>;
  postNegators: Map<string, Entry>;
  intensifiers: Map<string, number>;
  contrast: Set<string>;
  conjunctions: Set<string>;
  /** News words and phrases by their first word; those starting with a prefix (`сообщил*`) apart. */
  news: { byFirst: Map<string, NewsPhrase[]>; prefixed: NewsPhrase[] };
  personal: Set<string>;
  time: {
    units: Array<{ key: string; prefix: boolean }>;
    quick: Set<string>;
    slow: Set<string>;
    counts: Set<string>;
    dates: string[];
    since: Set<string>;
  };
  costs: { nouns: Keyed[]; down: Keyed[]; up: Keyed[] };
}

type Keyed = { key: string; prefix: boolean };

const NEGATION_FLIP = -0.75;
const NEGATION_SCOPE = 4;
// A positive verb negated ("never arrived", "ishlamayapti") is a complaint, stronger than the verb's praise.
const FAILED = -2;
const NO_ENTRY: Entry = { valence: 0, expected: 0, prefix: false };
// "Done in two days" / "waiting for two days".
const TIMING = 1;
// Before "but" counts half: "the app is nice, but transfers fail" is a complaint.
const BEFORE_CONTRAST = 0.5;
// News ("the ministry discussed complaints") keeps a quarter of its sentiment words' weight.
const NEWS = 0.25;
// score = sum / √(sum² + α): one plain word (valence 2) gives 0.71, two strong ones saturate near 1.
const ALPHA = 4;
const THRESHOLD = 0.3;
// Uzbek verb forms after a stem: voice (-ish-, -il-, -in-, -tir-), then a negation (-ma-) or a tense.
const UZ_VERB_NEGATED = /^(?:ish|il|in|tir|dir|t)?(?:ma|may|mas|mag)/;
const UZ_VERB = /^(?:ish|il|in|tir|dir|t)?(?:di|yap|adi|aman|asiz|ydi|ib|gan|sa|moq|ar|ay|sin|ing)/;
// A cost moved down ("cut fees", "komissiyani kamaytirdi") or up, once per clause: below THRESHOLD alone.
const COST_MOVE = 0.5;
/** How many words may stand between a cost and the word that moves it. */
const COST_REACH = 2;
// Uzbek "-siz" (without): navbatsiz, komissiyasiz.
const UZ_WITHOUT = /^siz/;

function key(word: string): Keyed {
  const prefix = word.endsWith("*");
  return { key: foldWord(prefix ? word.slice(0, -1) : word), prefix };
}

type NewsPhrase = Keyed[];

function compileNews(entries: string[]): Lexicon["news"] {
  const news: Lexicon["news"] = { byFirst: new Map(), prefixed: [] };
  for (const phrase of entries.map((n) => n.split(" ").map(key))) {
    const first = phrase[0] as { key: string; prefix: boolean };
    if (first.prefix) news.prefixed.push(phrase);
    else news.byFirst.set(first.key, [...(news.byFirst.get(first.key) ?? []), phrase]);
  }
  return news;
}

export function compileLexicon(language: Lexicon["language"], file: LexiconFile): Lexicon {
  const words = new Map<string, Entry>();
  const phrases: Lexicon["phrases"] = new Map();
  const phraseEntries = new Map<string, Entry>();
  const add = (entries: Record<string, number>, field: "valence" | "expected") => {
    for (const [word, value] of Object.entries(entries)) {
      const phrase = word.includes(" ");
      const k = phrase ? { key: foldWords(word).join(" "), prefix: false } : key(word);
      const map = phrase ? phraseEntries : words;
      const entry = map.get(k.key) ?? { ...NO_ENTRY, prefix: k.prefix };
      entry[field] = value;
      map.set(k.key, entry);
    }
  };
  add(file.words, "valence");
  add(file.expected, "expected");
  for (const [text, entry] of phraseEntries) {
    const words = text.split(" ");
    phrases.set(words[0] as string, [...(phrases.get(words[0] as string) ?? []), { words, entry }]);
  }
  // Longer phrases first, so "not working" wins over "not".
  for (const list of phrases.values()) list.sort((a, b) => b.words.length - a.words.length);
  return {
    language,
    words,
    phrases,
    negators: new Set(file.negators.map(foldWord)),
    postNegators: new Map(file.postNegators.map((w) => [key(w).key, { ...NO_ENTRY, prefix: key(w).prefix }])),
    intensifiers: new Map(Object.entries(file.intensifiers).map(([w, f]) => [foldWord(w), f])),
    contrast: new Set(file.contrast.map(foldWord)),
    conjunctions: new Set(file.conjunctions.map(foldWord)),
    news: compileNews(file.news),
    personal: new Set(file.personal.map(foldWord)),
    time: {
      units: file.time.units.map(key),
      quick: new Set(file.time.quick.map(foldWord)),
      slow: new Set(file.time.slow.map(foldWord)),
      counts: new Set(file.time.counts.map(foldWord)),
      dates: file.time.dates.map(foldWord),
      since: new Set(file.time.since.map(foldWord)),
    },
    costs: { nouns: file.costs.nouns.map(key), down: file.costs.down.map(key), up: file.costs.up.map(key) },
  };
}

const EMOJI = new Map<string, number>(Object.entries(emoji));
const LEXICONS = { en: compileLexicon("en", en), ru: compileLexicon("ru", ru), uz: compileLexicon("uz", uz) };

/** How `word` falls under an entry `stem`: as an inflected form, a negated Uzbek form, or not at all. */
function formOf(stem: string, entry: Entry, word: string, language: string): Found["form"] | undefined {
  if (word === stem) return "plain";
  if (!word.startsWith(stem)) return undefined;
  const rest = word.slice(stem.length);
  if (language === "uz" || language === "uz-Cyrl") {
    if (UZ_VERB_NEGATED.test(rest) || UZ_WITHOUT.test(rest)) return "negated";
    if (UZ_VERB.test(rest)) return "plain";
  }
  // English comparison and adverbs: smoother, smoothest, smoothly (easier, easily: in lookupWord).
  if (language === "en" && stem.length >= 4 && /^(?:r|st|er|est|ly)$/.test(rest)) return "plain";
  // Three-letter stems are prefixes only when marked so: "alo" (aʼlo) is not in "aloqani".
  return entry.prefix || (stem.length >= 4 && inflects(stem, word, language)) ? "plain" : undefined;
}

interface Found {
  entry: Entry;
  /** "negated": the word carries its own negation, an Uzbek -ma- verb form or -siz (without). */
  form: "plain" | "negated";
  width: number;
}

/** The entry at word i: the longest phrase (its last word may be inflected), the word itself, the longest
 * prefix entry, or a stem it inflects. */
function lookup(lexicon: Lexicon, words: string[], i: number, language: string): Found | undefined {
  for (const p of lexicon.phrases.get(words[i] as string) ?? []) {
    const last = p.words.length - 1;
    if (!p.words.slice(0, last).every((w, k) => words[i + k] === w)) continue;
    const form = formOf(p.words[last] as string, p.entry, words[i + last] ?? "", language);
    if (form) return { entry: p.entry, form, width: p.words.length };
  }
  return lookupWord(lexicon.words, words[i] as string, language);
}

function lookupWord(entries: Map<string, Entry>, word: string, language: string): Found | undefined {
  const exact =
    entries.get(word) ?? (language === "en" ? entries.get(word.replace(/i(?:er|est|ly)$/, "y")) : undefined);
  if (exact) return { entry: exact, form: "plain", width: 1 };
  for (let end = word.length - 1; end >= 3; end--) {
    const stem = word.slice(0, end);
    const entry = entries.get(stem);
    const form = entry && formOf(stem, entry, word, language);
    if (entry && form) return { entry, form, width: 1 };
  }
  return undefined;
}

/** +TIMING for a quick time ("in two days", "ikki kunda"), −TIMING for a slow one, 0 if `i` is no time. */
function timing(words: string[], i: number, lexicon: Lexicon, language: Language): number {
  const word = words[i] as string;
  const { units, quick, slow, counts, dates, since } = lexicon.time;
  // Back over the count ("two", "a few", "пару", "ikki") to the word before it.
  const wordBeforeCount = () => {
    let before = i - 1;
    while (before >= 0 && (counts.has(words[before] as string) || /^\d+$/.test(words[before] as string))) before--;
    return before;
  };
  if (language === "uz" || language === "uz-Cyrl") {
    const stem = units.find((u) => word.startsWith(u.key))?.key ?? dates.find((d) => word.startsWith(d));
    if (!stem) return 0;
    const rest = word.slice(stem.length);
    if (rest === "dan" && words[i + 1] === "beri") return -TIMING;
    return rest === "da" && !dates.includes(stem) && wordBeforeCount() < i - 1 ? TIMING : 0;
  }
  if (dates.includes(word)) return since.has(words[i - 1] ?? "") ? -TIMING : 0;
  if (!units.some((u) => (u.prefix ? word.startsWith(u.key) : word === u.key))) return 0;
  const marker = words[wordBeforeCount()] ?? "";
  return quick.has(marker) ? TIMING : slow.has(marker) ? -TIMING : 0;
}

/** Whether `word` is one of `list`: itself, a prefix entry's word, or an inflected form of the entry. */
function isOneOf(list: Keyed[], word: string, language: string): boolean {
  return list.some((k) => word === k.key || (k.prefix ? word.startsWith(k.key) : inflects(k.key, word, language)));
}

/** The form of `word` if it is one of `list` as a verb (Uzbek -ma- forms negated), else undefined. */
function moverForm(list: Keyed[], word: string, language: string): Found["form"] | undefined {
  for (const k of list) {
    const form = formOf(k.key, { ...NO_ENTRY, prefix: k.prefix }, word, language);
    if (form) return form;
  }
  return undefined;
}

/** A cost moved down or up in a clause: the two words (scored together, not on their own) and their score. */
function costMove(words: string[], lexicon: Lexicon, language: Language): { at: number[]; score: number } | null {
  const { nouns, down, up } = lexicon.costs;
  for (let c = 0; c < words.length; c++) {
    if (!isOneOf(nouns, words[c] as string, language)) continue;
    for (let d = Math.max(0, c - COST_REACH - 1); d < Math.min(words.length, c + COST_REACH + 2); d++) {
      const word = words[d] as string;
      const lowered = d === c ? undefined : moverForm(down, word, language);
      const form = lowered ?? (d === c ? undefined : moverForm(up, word, language));
      if (!form) continue;
      const negated =
        form === "negated" || words.slice(Math.max(0, Math.min(c, d) - 2), d).some((w) => lexicon.negators.has(w));
      return { at: [c, d], score: (lowered ? COST_MOVE : -COST_MOVE) * (negated ? NEGATION_FLIP : 1) };
    }
  }
  return null;
}

function scoreClause(words: string[], lexicon: Lexicon, language: Language): number {
  const moved = costMove(words, lexicon, language);
  let sum = moved?.score ?? 0;
  let scopeStart = 0;
  for (let i = 0; i < words.length; i++) {
    if (lexicon.conjunctions.has(words[i] as string)) scopeStart = i + 1;
    if (moved?.at.includes(i)) continue;
    sum += timing(words, i, lexicon, language);
    const found = lookup(lexicon, words, i, language);
    if (!found) continue;
    const { entry, width } = found;
    const before = words.slice(Math.max(scopeStart, i - NEGATION_SCOPE), i);
    const after = words.slice(i + width, i + width + 2);
    // A phrase or word form that carries its own negation ("не работает", "ishlamayapti") is not turned
    // around again by a negator before it: "ничего не могу", "hech narsa ishlamayapti" are one negation.
    const ownNegation = found.form === "negated";
    const inPhrase = width > 1 && words.slice(i, i + width).some((w) => lexicon.negators.has(w));
    const negated =
      ownNegation ||
      (!inPhrase && before.some((w) => lexicon.negators.has(w))) ||
      after.some((w) => lookupWord(lexicon.postNegators, w, language) !== undefined);
    let v = negated ? (entry.expected ? FAILED * entry.expected : entry.valence * NEGATION_FLIP) : entry.valence;
    const intensity = lexicon.intensifiers.get(words[i - 1] ?? "") ?? lexicon.intensifiers.get(words[i - 2] ?? "");
    if (intensity) v *= intensity;
    sum += v;
    i += width - 1;
  }
  return sum;
}

/** The sentence's score; its folded words are added to `seen`. */
function scoreSentence(sentence: string, lexicon: Lexicon, language: Language, seen: string[]): number {
  let sum = 0;
  // Negation stops at the end of a clause; "but" halves what came before it.
  for (const clause of sentence.split(/[,;:()«»"“”]+|\s[-–—]\s/)) {
    const words = foldWords(clause);
    seen.push(...words);
    const but = words.findIndex((w) => lexicon.contrast.has(w));
    if (but < 0) sum += scoreClause(words, lexicon, language);
    else {
      sum = (sum + scoreClause(words.slice(0, but), lexicon, language)) * BEFORE_CONTRAST;
      sum += scoreClause(words.slice(but + 1), lexicon, language);
    }
  }
  return sum;
}

/** Reported news: a reporting word or phrase, and nobody speaking for themselves. */
function isNews(words: string[], lexicon: Lexicon): boolean {
  if (words.some((w) => lexicon.personal.has(w))) return false;
  const at = (phrase: NewsPhrase, i: number) =>
    phrase.every(({ key, prefix }, k) => {
      const word = words[i + k];
      return word !== undefined && (prefix ? word.startsWith(key) : word === key);
    });
  return words.some(
    (word, i) =>
      (lexicon.news.byFirst.get(word) ?? []).some((phrase) => at(phrase, i)) ||
      lexicon.news.prefixed.some((phrase) => at(phrase, i)),
  );
}

/** The lexicon scorer for one text. */
export function lexiconSentiment(text: string, language: Language): SentimentResult {
  const lexicon =
    language === "ru" ? LEXICONS.ru : language === "uz" || language === "uz-Cyrl" ? LEXICONS.uz : LEXICONS.en;
  let sum = 0;
  const words: string[] = [];
  for (const sentence of text.split(/(?<=[.!?\n])/)) {
    const score = scoreSentence(sentence, lexicon, language, words);
    // A question asks; it does not praise ("does the card work abroad?"), but it can complain ("why so slow?").
    sum += sentence.trim().endsWith("?") ? Math.min(0, score) : score;
  }
  // An exclamation is somebody's feeling, not a report.
  if (sum !== 0 && !text.includes("!") && isNews(words, lexicon)) sum *= NEWS;
  // Emoji speak every language (👍, 🙄); news does not use them.
  for (const symbol of text.match(/\p{Extended_Pictographic}/gu) ?? []) sum += EMOJI.get(symbol) ?? 0;
  const score = Math.round((sum / Math.sqrt(sum * sum + ALPHA)) * 1000) / 1000;
  return { sentiment: score >= THRESHOLD ? "positive" : score <= -THRESHOLD ? "negative" : "neutral", score };
}

/** The default classifier: the lexicon scorer over a batch, in slices that let the event loop turn. */
export const lexiconClassifier: SentimentClassifier = (items) =>
  mapInSlices(items, (item) => lexiconSentiment(item.text, item.language));
