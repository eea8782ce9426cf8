import { foldWords, inflects, type MatchableMessage, type Token, type TokenizedMessage, tokenize } from "./text.ts";

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

/** A term as the matcher reads it: its folded words, and whether it is quoted (exact). */
export interface Term {
  term: string;
  words: string[];
  exact: boolean;
}

const QUOTED = /^\s*["«“„](.*)["»”“]\s*$/s;

export function compileTerm(term: string): Term | null {
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
