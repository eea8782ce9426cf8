/**
 * Whether a message matches a project's rules, and on which terms. Matching is on whole words (a term
 * may be a phrase), ignores case and diacritics, and treats Uzbek Cyrillic and Latin spellings of a
 * word as the same: both sides are folded to one Latin form first.
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

/** The words of a text, folded: lower case, Cyrillic to Latin, no diacritics, no apostrophes. */
export function foldWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}'`ʻʼ‘’´]+/u)
    .map((word) => transliterate(word).normalize("NFKD").replace(/\p{M}/gu, "").replace(APOSTROPHES, ""))
    .filter(Boolean);
}

const phrase = (words: string[]) => ` ${words.join(" ")} `;

/** Compiles a project's rules once; the returned function gives the matched terms, or null for no match. */
export function createMatcher(rules: ProjectRules): (message: MatchableMessage) => string[] | null {
  const compile = (terms: readonly string[]) =>
    terms.map((term) => ({ term, folded: phrase(foldWords(term)) })).filter((t) => t.folded.trim() !== "");
  const keywords = compile(rules.keywords);
  const required = compile(rules.requiredWords);
  const excluded = compile(rules.excludedWords);
  const languages = new Set(rules.languages);

  return (message) => {
    if (languages.size > 0 && !(message.language && languages.has(message.language))) return null;
    const haystack = phrase(foldWords(`${message.title ?? ""} ${message.text}`));
    const hits = keywords.filter((k) => haystack.includes(k.folded));
    if (hits.length === 0) return null;
    if (!required.every((r) => haystack.includes(r.folded))) return null;
    if (excluded.some((x) => haystack.includes(x.folded))) return null;
    return [...hits.map((k) => k.term), ...required.map((r) => r.term)];
  };
}
