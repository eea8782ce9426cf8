/**
 * Automatic sentiment: positive, neutral or negative with a score from −1 to 1. The default classifier
 * scores words from our own lexicons (lexicons/*.json: English, Russian, and Uzbek for both scripts, since
 * Uzbek Cyrillic folds to the Latin spelling) with negation and intensifiers. A classifier works on a
 * whole batch, so another one (an LLM when AI_BASE_URL is set) can take its place per batch.
 */
import { foldWord, foldWords, inflects } from "../projects/matcher.ts";
import type { Language } from "./language.ts";
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
  /** Word → valence −3 … 3. `x*` matches any word starting with x; a plain word also matches its inflected
   * forms; an entry with spaces is a phrase. */
  words: Record<string, number>;
}

interface Entry {
  valence: number;
  prefix: boolean;
}
interface Lexicon {
  language: "en" | "ru" | "uz";
  words: Map<string, Entry>;
  phrases: Array<{ words: string[]; valence: number }>;
  negators: Set<string>;
  postNegators: Map<string, Entry>;
  intensifiers: Map<string, number>;
}

const NEGATION_FLIP = -0.75;
const NEGATION_SCOPE = 3;
// score = sum / √(sum² + α): one plain word (valence 2) gives 0.71, two strong ones saturate near 1.
const ALPHA = 4;
const THRESHOLD = 0.3;

function key(word: string): { key: string; prefix: boolean } {
  const prefix = word.endsWith("*");
  return { key: foldWord(prefix ? word.slice(0, -1) : word), prefix };
}

export function compileLexicon(language: Lexicon["language"], file: LexiconFile): Lexicon {
  const words = new Map<string, Entry>();
  const phrases: Lexicon["phrases"] = [];
  for (const [word, valence] of Object.entries(file.words)) {
    if (word.includes(" ")) phrases.push({ words: foldWords(word), valence });
    else {
      const k = key(word);
      words.set(k.key, { valence, prefix: k.prefix });
    }
  }
  return {
    language,
    words,
    phrases,
    negators: new Set(file.negators.map(foldWord)),
    postNegators: new Map(file.postNegators.map((w) => [key(w).key, { valence: 0, prefix: key(w).prefix }])),
    intensifiers: new Map(Object.entries(file.intensifiers).map(([w, f]) => [foldWord(w), f])),
  };
}

const LEXICONS = { en: compileLexicon("en", en), ru: compileLexicon("ru", ru), uz: compileLexicon("uz", uz) };

/** The entry a word falls under: itself, the longest prefix entry, or a stem it inflects. */
function lookup(entries: Map<string, Entry>, word: string, language: string): Entry | undefined {
  const exact = entries.get(word);
  if (exact) return exact;
  for (let end = word.length - 1; end >= 3; end--) {
    const stem = word.slice(0, end);
    const entry = entries.get(stem);
    // Three-letter stems are prefixes only when marked so: "alo" (aʼlo) is not in "aloqani".
    if (entry && (entry.prefix || (end >= 4 && inflects(stem, word, language)))) return entry;
  }
  return undefined;
}

function scoreClause(words: string[], lexicon: Lexicon, language: Language): number {
  let sum = 0;
  for (let i = 0; i < words.length; i++) {
    const phrase = lexicon.phrases.find((p) => p.words.every((w, k) => words[i + k] === w));
    const valence = phrase ? phrase.valence : (lookup(lexicon.words, words[i] as string, language)?.valence ?? 0);
    const width = phrase ? phrase.words.length : 1;
    if (valence !== 0) {
      let v = valence;
      const before = words.slice(Math.max(0, i - NEGATION_SCOPE), i);
      const intensity = lexicon.intensifiers.get(words[i - 1] ?? "");
      if (intensity) v *= intensity;
      const after = words.slice(i + width, i + width + 2);
      // A phrase that carries its own negation ("не работает") is not turned around again by another
      // negator before it: Russian "ничего не могу" is one negation, not two.
      const negatedPhrase = phrase?.words.some((w) => lexicon.negators.has(w)) ?? false;
      const negated =
        (!negatedPhrase && before.some((w) => lexicon.negators.has(w))) ||
        after.some((w) => lookup(lexicon.postNegators, w, language) !== undefined);
      sum += negated ? v * NEGATION_FLIP : v;
    }
    i += width - 1;
  }
  return sum;
}

/** The lexicon scorer for one text. */
export function lexiconSentiment(text: string, language: Language): SentimentResult {
  const lexicon =
    language === "ru" ? LEXICONS.ru : language === "uz" || language === "uz-Cyrl" ? LEXICONS.uz : LEXICONS.en;
  let sum = 0;
  // Negation stops at the end of a clause.
  for (const clause of text.split(/[.,;:!?()\n«»"]+|\s[-–—]\s/))
    sum += scoreClause(foldWords(clause), lexicon, language);
  const score = Math.round((sum / Math.sqrt(sum * sum + ALPHA)) * 1000) / 1000;
  return { sentiment: score >= THRESHOLD ? "positive" : score <= -THRESHOLD ? "negative" : "neutral", score };
}

/** The default classifier: the lexicon scorer over a batch. */
export const lexiconClassifier: SentimentClassifier = async (items) =>
  items.map((item) => lexiconSentiment(item.text, item.language));
