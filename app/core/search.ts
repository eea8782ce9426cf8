/**
 * The search language of the feed and the help center (ADR 024): words (all must appear), "exact phrases",
 * -excluded words or phrases, word* prefixes, and OR between alternatives (`a b OR c d`: both a and b, or
 * both c and d; OR binds loosest, as in a project's rules). Words are folded like the matcher folds them (one Latin
 * spelling for Uzbek Latin and Cyrillic, no case, diacritics or apostrophes), so the server's query and the
 * page's highlights agree. Plain data and pure functions: pages highlight with them too.
 */
import { compileRules, type Match } from "./matcher.ts";
import { foldWord, foldWords, stripEndings, type TokenizedMessage, tokenize } from "./text.ts";

export interface SearchTerm {
  /** word: its forms (endings stripped, then a prefix); prefix: as typed; phrase: these words in a row. */
  kind: "word" | "prefix" | "phrase";
  /** As typed, for the Russian stemmer. */
  raw: string;
  /** Folded. */
  words: string[];
  negated: boolean;
  /** The first term of another alternative: an `OR` stood before it. */
  or?: boolean;
}

const TOKEN = /(-?)(?:["«“]([^"»”]*)["»”]?|(\S+))/g;

export function parseSearch(q: string): SearchTerm[] {
  const terms: SearchTerm[] = [];
  let or = false;
  for (const m of q.matchAll(TOKEN)) {
    const negated = m[1] === "-";
    const quoted = m[2];
    const raw = (quoted ?? (m[3] as string)).trim();
    if (!negated && quoted === undefined && raw === "OR") {
      or = terms.length > 0;
      continue;
    }
    const prefix = quoted === undefined && raw.endsWith("*");
    const words = foldWords(prefix ? raw.replace(/\*+$/, "") : raw);
    if (words.length === 0) continue;
    // "covid-19" folds to two words: they must stand together, as a phrase.
    const kind = quoted !== undefined || words.length > 1 ? "phrase" : prefix ? "prefix" : "word";
    terms.push(or ? { kind, raw, words, negated, or } : { kind, raw, words, negated });
    or = false;
  }
  return terms;
}

/** A search's alternatives (split at OR), each the terms that must all hold. */
export function alternativesOf(terms: SearchTerm[]): SearchTerm[][] {
  const alternatives: SearchTerm[][] = [];
  for (const term of terms) {
    if (term.or || alternatives.length === 0) alternatives.push([]);
    (alternatives[alternatives.length - 1] as SearchTerm[]).push(term);
  }
  return alternatives;
}

/** What the server looks for in the `simple` half of the index, as tsquery text (lexemes are quoted). */
export function simpleQuery(term: SearchTerm): string {
  const lexeme = (word: string) => `'${word.replace(/['\\]/g, "")}'`;
  if (term.kind === "phrase") return term.words.map(lexeme).join(" <-> ");
  const word = term.words[0] as string;
  return `${lexeme(term.kind === "word" ? stripEndings(word) : word)}:*`;
}

/**
 * What to highlight in a mention: the search's folded word starts (and exact words, from phrases), and the
 * projects' terms it matched, found where the matcher finds them.
 */
export interface Needles {
  prefixes: string[];
  exact: string[];
  terms: ((message: TokenizedMessage) => Match | null) | null;
}

export function needlesOf(terms: SearchTerm[], matchedTerms: readonly string[] = []): Needles {
  const prefixes: string[] = [];
  const exact: string[] = [];
  for (const term of terms) {
    if (term.negated) continue;
    if (term.kind === "phrase") exact.push(...term.words);
    else prefixes.push(term.kind === "word" ? stripEndings(term.words[0] as string) : (term.words[0] as string));
  }
  const keywords = [...new Set(matchedTerms)];
  const matched = keywords.length
    ? compileRules({ keywords, requiredWords: [], excludedWords: [], languages: [] })
    : null;
  return { prefixes, exact, terms: matched };
}

export interface Segment {
  text: string;
  mark: boolean;
}

const WORD = /[\p{L}\p{M}\p{N}'`ʻʼ‘’´]+/gu;

/**
 * The text cut into plain and highlighted parts; React escapes each part, so no HTML ever comes through.
 * A project's term is marked exactly where the matcher matches it in the mention's `language` (a phrase
 * as one mark, inflected forms of its last word, never another word that merely starts the same way).
 */
export function highlight(text: string, needles: Needles, language: string | null = null): Segment[] {
  const marks: Array<[number, number]> = [];
  if (needles.prefixes.length || needles.exact.length) {
    for (const m of text.matchAll(WORD)) {
      const folded = foldWord(m[0]);
      if (needles.exact.includes(folded) || needles.prefixes.some((p) => p && folded.startsWith(p))) {
        marks.push([m.index, m.index + m[0].length]);
      }
    }
  }
  for (const span of needles.terms?.(tokenize({ text, language }))?.spans ?? []) marks.push([span.start, span.end]);
  // Overlapping marks (a search word inside a matched phrase) read as one.
  const merged: Array<[number, number]> = [];
  for (const [start, end] of marks.sort((a, b) => a[0] - b[0])) {
    const last = merged.at(-1);
    if (last && start < last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  const segments: Segment[] = [];
  let at = 0;
  for (const [start, end] of merged) {
    if (start > at) segments.push({ text: text.slice(at, start), mark: false });
    segments.push({ text: text.slice(start, end), mark: true });
    at = end;
  }
  if (at < text.length) segments.push({ text: text.slice(at), mark: false });
  return segments;
}

const SNIPPET = 280;

/** Up to 280 characters of the text around its first highlight (from the start when there is none). */
export function snippet(text: string, needles: Needles, language: string | null = null): Segment[] {
  const clean = text.replace(/\s+/g, " ").trim();
  const marked = highlight(clean, needles, language);
  if (clean.length <= SNIPPET) return marked;
  const first = marked.findIndex((s) => s.mark);
  const offset = first < 0 ? 0 : marked.slice(0, first).reduce((n, s) => n + s.text.length, 0);
  let start = Math.max(0, offset - 60);
  if (start > 0) start = clean.indexOf(" ", start) + 1 || start;
  const end = Math.min(clean.length, start + SNIPPET);
  const cut = `${start > 0 ? "…" : ""}${clean.slice(start, end)}${end < clean.length ? "…" : ""}`;
  return highlight(cut, needles, language);
}
