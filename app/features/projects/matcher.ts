/**
 * Whether a message matches a project's rules, on which terms, and where. Text and terms are folded to one
 * Latin form first (case, diacritics and apostrophes ignored, Uzbek Cyrillic and Latin spellings the same).
 *
 * A term (a word or a phrase) matches whole words, and its last word also matches the word followed by
 * inflectional endings of the message's language: Russian case endings (`Нурбанка`, `Нурбанком`, and
 * `Корзинке` for a keyword ending in -а/-я) and chains of Uzbek suffixes in both scripts (`Nurbankning`,
 * `Нурбанкда`, `Nurbankdagilar`). A term in quotes (`"Nur"`) matches the exact word only. Keywords,
 * required and excluded words follow the same rules. See docs/decisions/016-ingestion-pipeline.md.
 */

export interface ProjectRules {
  /** Any of these. */
  keywords: readonly string[];
  /** All of these, too. */
  requiredWords: readonly string[];
  /** None of these. */
  excludedWords: readonly string[];
  /** Message languages to keep; empty keeps every language. */
  languages: readonly string[];
}

export interface MatchableMessage {
  title?: string | null;
  text: string;
  language?: string | null;
}

/** Where a term was found: a range of the title's or the text's characters, for highlighting. */
export interface MatchSpan {
  field: "title" | "text";
  start: number;
  end: number;
  /** The project's term, as the user wrote it. */
  term: string;
}

export interface Match {
  /** The keywords found, then the required words. */
  terms: string[];
  spans: MatchSpan[];
}

// Uzbek Cyrillic → Latin (the 1995 alphabet); Russian letters go through the same table, which is all
// matching needs: the same word always folds to the same string.
const CYRILLIC: Record<string, string> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  д: "d",
  ё: "yo",
  ж: "j",
  з: "z",
  и: "i",
  й: "y",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ф: "f",
  х: "x",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "sh",
  ъ: "",
  ы: "i",
  ь: "",
  э: "e",
  ю: "yu",
  я: "ya",
  ў: "o",
  қ: "q",
  ғ: "g",
  ҳ: "h",
};
const VOWELS = new Set(["а", "е", "ё", "и", "о", "у", "ў", "э", "ю", "я", "ы", "ъ", "ь"]);
// oʻ, gʻ and the tutuq belgisi are written with any of these; they are dropped (oʻ ~ o, gʻ ~ g).
const APOSTROPHES = /['`ʻʼ‘’´]/g;
const WORD = /[\p{L}\p{M}\p{N}'`ʻʼ‘’´]+/gu;

function transliterate(word: string): string {
  let out = "";
  for (let i = 0; i < word.length; i++) {
    const ch = word[i] as string;
    if (ch === "е") {
      // е is "ye" at the start of a word and after a vowel or a sign, "e" elsewhere.
      out += i === 0 || VOWELS.has(word[i - 1] as string) ? "ye" : "e";
    } else {
      out += CYRILLIC[ch] ?? ch;
    }
  }
  return out;
}

const folded = new Map<string, string>();
const FOLD_CACHE_SIZE = 100_000;

/** One word folded: lower case, Cyrillic to Latin, no diacritics, no apostrophes. Remembered: the same
 * words come back in every message and every step (hashing, matching, sentiment). */
export function foldWord(word: string): string {
  let out = folded.get(word);
  if (out === undefined) {
    out = transliterate(word.toLowerCase());
    // biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII needs no decomposition
    if (!/^[\u0000-\u007f]*$/.test(out)) out = out.normalize("NFKD").replace(/\p{M}/gu, "");
    out = out.replace(APOSTROPHES, "");
    if (folded.size >= FOLD_CACHE_SIZE) folded.clear();
    folded.set(word, out);
  }
  return out;
}

/** The words of a text, folded: lower case, Cyrillic to Latin, no diacritics, no apostrophes. */
export function foldWords(text: string): string[] {
  return [...text.matchAll(WORD)].map((m) => foldWord(m[0])).filter(Boolean);
}

interface Token {
  word: string;
  start: number;
  end: number;
}

/** A message split into folded words with their positions; tokenise once, match many projects. */
export interface TokenizedMessage {
  title: Token[];
  text: Token[];
  language: string | null;
}

function tokens(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(WORD)) {
    const word = foldWord(m[0]);
    if (word) out.push({ word, start: m.index, end: m.index + m[0].length });
  }
  return out;
}

export function tokenize(message: MatchableMessage): TokenizedMessage {
  return { title: tokens(message.title ?? ""), text: tokens(message.text), language: message.language ?? null };
}

// Endings on the folded (Latin) form. Russian: one case ending. Uzbek: up to four suffixes in a row
// (plural, possessive, case, particles: Nurbank-lar-imiz-da-gi). English: the plural and the possessive 's.
const RUSSIAN = "a|ya|u|yu|e|ye|i|om|em|yem|oy|oyu|ey|yey|ov|ev|am|yam|ami|yami|ax|yax|im|ix|imi|iy|ogo|ego|omu|emu";
// For a keyword ending in -a/-ya the ending replaces that vowel: Korzinka → Korzinki, Korzinke, Korzinkoy.
const RUSSIAN_FEMININE = "i|e|u|yu|oy|oyu|ey|yey|am|ami|ax";
const UZBEK =
  "lar|i|si|im|m|ing|ng|imiz|miz|ingiz|ngiz|ning|ni|ga|ka|qa|da|ta|dan|tan|dagi|tagi|gi|ki|niki|dek|day|" +
  "cha|gacha|kacha|qacha|chi|lik|li|siz|dir|mi|ku|u|yu|gina|kina|qina";
const ENGLISH = "s";
const endings = (alternatives: string, max: number) => new RegExp(`^(?:${alternatives}){1,${max}}$`);
const RU = endings(RUSSIAN, 1);
const RU_FEMININE = endings(RUSSIAN_FEMININE, 1);
const UZ = endings(UZBEK, 4);
const EN = endings(ENGLISH, 1);

/** Whether `word` is `stem` followed by endings of the language (any of them for an unknown language). */
export function inflects(stem: string, word: string, language: string | null): boolean {
  const russian = language === "ru" || language === null || language === "other";
  const uzbek = language === "uz" || language === "uz-Cyrl" || language === null || language === "other";
  const english = language === "en" || language === null || language === "other";
  if (word.length > stem.length && word.startsWith(stem)) {
    const rest = word.slice(stem.length);
    if ((russian && RU.test(rest)) || (uzbek && UZ.test(rest)) || (english && EN.test(rest))) return true;
  }
  if (russian) {
    const base = stem.endsWith("ya") ? stem.slice(0, -2) : stem.endsWith("a") ? stem.slice(0, -1) : null;
    if (base && base.length >= 2 && word.startsWith(base) && RU_FEMININE.test(word.slice(base.length))) return true;
  }
  return false;
}

const MIN_STEM = 4;

/**
 * A folded word without the longest run of endings `inflects` knows (an Uzbek suffix chain, one Russian
 * case ending, the English plural), keeping at least four letters: what the feed's search looks for as a
 * prefix, so `Nurbankning` and `банка` find every form of `nurbank` and `bank` (ADR 024).
 */
export function stripEndings(word: string): string {
  for (let cut = MIN_STEM; cut < word.length; cut++) {
    const rest = word.slice(cut);
    if (UZ.test(rest) || RU.test(rest) || EN.test(rest)) return word.slice(0, cut);
  }
  return word;
}

interface Term {
  term: string;
  words: string[];
  exact: boolean;
}

const QUOTED = /^\s*["«“„](.*)["»”“]\s*$/s;

function compileTerm(term: string): Term | null {
  const quoted = QUOTED.exec(term);
  const words = foldWords(quoted ? (quoted[1] as string) : term);
  return words.length ? { term, words, exact: Boolean(quoted) } : null;
}

function findTerm(term: Term, message: TokenizedMessage): MatchSpan[] {
  const spans: MatchSpan[] = [];
  const last = term.words.length - 1;
  for (const field of ["title", "text"] as const) {
    const list = message[field];
    for (let i = 0; i + last < list.length; i++) {
      let ok = true;
      for (let k = 0; k < last && ok; k++) ok = (list[i + k] as Token).word === term.words[k];
      if (!ok) continue;
      const end = list[i + last] as Token;
      const stem = term.words[last] as string;
      if (end.word === stem || (!term.exact && inflects(stem, end.word, message.language))) {
        spans.push({ field, start: (list[i] as Token).start, end: end.end, term: term.term });
      }
    }
  }
  return spans;
}

/** Compiles a project's rules once; the returned function gives the terms and spans found, or null. */
export function compileRules(rules: ProjectRules): (message: TokenizedMessage) => Match | null {
  const compile = (terms: readonly string[]) => terms.map(compileTerm).filter((t): t is Term => t !== null);
  const keywords = compile(rules.keywords);
  const required = compile(rules.requiredWords);
  const excluded = compile(rules.excludedWords);
  const languages = new Set(rules.languages);

  return (message) => {
    if (languages.size > 0 && !(message.language && languages.has(message.language))) return null;
    const hits = keywords.map((k) => findTerm(k, message)).filter((s) => s.length > 0);
    if (hits.length === 0) return null;
    const needed = required.map((r) => findTerm(r, message));
    if (needed.some((s) => s.length === 0)) return null;
    if (excluded.some((x) => findTerm(x, message).length > 0)) return null;
    const found = [...hits, ...needed];
    return {
      terms: found.map((s) => (s[0] as MatchSpan).term),
      spans: found.flat().sort((a, b) => (a.field === b.field ? a.start - b.start : a.field === "title" ? -1 : 1)),
    };
  };
}

/** The matched terms of one message, or null: for callers that match a few messages against one project. */
export function createMatcher(rules: ProjectRules): (message: MatchableMessage) => string[] | null {
  const match = compileRules(rules);
  return (message) => match(tokenize(message))?.terms ?? null;
}
