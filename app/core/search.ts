/**
 * Highlighting a mention: the feed's query (core/query) and the terms its projects matched, marked where they
 * were found. Pure functions: the page highlights with them, in the browser too.
 */
import { compileRules, type Match } from "./matcher.ts";
import { positiveTerms, type QueryNode, searchStem } from "./query.ts";
import { foldWord, type TokenizedMessage, tokenize } from "./text.ts";

/**
 * What to highlight in a mention: the search's folded word starts (and exact words, from phrases), and the
 * projects' terms it matched, found where the matcher finds them.
 */
export interface Needles {
  prefixes: string[];
  exact: string[];
  terms: ((message: TokenizedMessage) => Match | null) | null;
}

/** What to mark for a search (what its index looks for: a word's stem, a prefix, a phrase's words) and for the terms matched. */
export function needlesOf(search: QueryNode | null, matchedTerms: readonly string[] = []): Needles {
  const prefixes: string[] = [];
  const exact: string[] = [];
  for (const term of positiveTerms(search)) {
    if (term.exact) exact.push(...term.words);
    else {
      exact.push(...term.words.slice(0, -1));
      prefixes.push(searchStem(term));
    }
  }
  // The terms a project matched are its keywords (a phrase marked as one, never its words alone).
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
