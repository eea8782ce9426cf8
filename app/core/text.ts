// Words as every feature reads them (ADR 042): folding (case, diacritics, apostrophes, Uzbek Cyrillic and
// Latin spellings the same), tokenising with positions, and the inflectional endings of Russian, Uzbek and
// English. Matching, the feed's search, highlighting, sentiment, terms and the assistant all read words here.

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
    // Composed first: a ў written as у + U+0306 is one letter to transliterate.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII needs no composing
    const composed = /^[\u0000-\u007f]*$/.test(word) ? word : word.normalize("NFC");
    out = transliterate(composed.toLowerCase());
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

export interface MatchableMessage {
  title?: string | null;
  text: string;
  language?: string | null;
}

export interface Token {
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

/** A mention's heading: its title, or else its text's first line; the rest of the text follows it. */
export function headingOf(m: { title: string | null; text: string }): { heading: string; body: string } {
  if (m.title?.trim()) return { heading: m.title.trim(), body: m.text.trim() };
  const text = m.text.trim();
  const end = text.indexOf("\n");
  return end < 0
    ? { heading: text, body: "" }
    : { heading: text.slice(0, end).trim(), body: text.slice(end + 1).trim() };
}
