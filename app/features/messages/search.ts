/**
 * The feed's search language (ADR 024): words (all must appear), "exact phrases", -excluded words or
 * phrases, and word* prefixes. Words are folded like the matcher folds them (one Latin spelling for Uzbek
 * Latin and Cyrillic, no case, diacritics or apostrophes), so the server's query and the page's highlights
 * agree. Plain data and pure functions: the page highlights with them too.
 */
import { foldWord, foldWords, stripEndings } from "../../core/text.ts";

export interface SearchTerm {
  /** word: its forms (endings stripped, then a prefix); prefix: as typed; phrase: these words in a row. */
  kind: "word" | "prefix" | "phrase";
  /** As typed, for the Russian stemmer. */
  raw: string;
  /** Folded. */
  words: string[];
  negated: boolean;
}

const TOKEN = /(-?)(?:["«“]([^"»”]*)["»”]?|(\S+))/g;

export function parseSearch(q: string): SearchTerm[] {
  const terms: SearchTerm[] = [];
  for (const m of q.matchAll(TOKEN)) {
    const negated = m[1] === "-";
    const quoted = m[2];
    const raw = (quoted ?? (m[3] as string)).trim();
    const prefix = quoted === undefined && raw.endsWith("*");
    const words = foldWords(prefix ? raw.replace(/\*+$/, "") : raw);
    if (words.length === 0) continue;
    // "covid-19" folds to two words: they must stand together, as a phrase.
    const kind = quoted !== undefined || words.length > 1 ? "phrase" : prefix ? "prefix" : "word";
    terms.push({ kind, raw, words, negated });
  }
  return terms;
}

/** What the server looks for in the `simple` half of the index, as tsquery text (lexemes are quoted). */
export function simpleQuery(term: SearchTerm): string {
  const lexeme = (word: string) => `'${word.replace(/['\\]/g, "")}'`;
  if (term.kind === "phrase") return term.words.map(lexeme).join(" <-> ");
  const word = term.words[0] as string;
  return `${lexeme(term.kind === "word" ? stripEndings(word) : word)}:*`;
}

/** Folded word starts (and exact words, from phrases) to highlight in a mention. */
export interface Needles {
  prefixes: string[];
  exact: string[];
}

export function needlesOf(terms: SearchTerm[], matchedTerms: readonly string[] = []): Needles {
  const prefixes: string[] = [];
  const exact: string[] = [];
  for (const term of terms) {
    if (term.negated) continue;
    if (term.kind === "phrase") exact.push(...term.words);
    else prefixes.push(term.kind === "word" ? stripEndings(term.words[0] as string) : (term.words[0] as string));
  }
  for (const matched of matchedTerms) prefixes.push(...foldWords(matched.replace(/["«»“”]/g, "")).map(stripEndings));
  return { prefixes, exact };
}

export interface Segment {
  text: string;
  mark: boolean;
}

const WORD = /[\p{L}\p{M}\p{N}'`ʻʼ‘’´]+/gu;

/** The text cut into plain and highlighted parts; React escapes each part, so no HTML ever comes through. */
export function highlight(text: string, needles: Needles): Segment[] {
  const segments: Segment[] = [];
  let at = 0;
  if (needles.prefixes.length || needles.exact.length) {
    for (const m of text.matchAll(WORD)) {
      const folded = foldWord(m[0]);
      const hit = needles.exact.includes(folded) || needles.prefixes.some((p) => p && folded.startsWith(p));
      if (!hit) continue;
      if (m.index > at) segments.push({ text: text.slice(at, m.index), mark: false });
      segments.push({ text: m[0], mark: true });
      at = m.index + m[0].length;
    }
  }
  if (at < text.length) segments.push({ text: text.slice(at), mark: false });
  return segments;
}

const SNIPPET = 280;

/** Up to 280 characters of the text around its first highlight (from the start when there is none). */
export function snippet(text: string, needles: Needles): Segment[] {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= SNIPPET) return highlight(clean, needles);
  const first = highlight(clean, needles).findIndex((s) => s.mark);
  const offset =
    first < 0
      ? 0
      : highlight(clean, needles)
          .slice(0, first)
          .reduce((n, s) => n + s.text.length, 0);
  let start = Math.max(0, offset - 60);
  if (start > 0) start = clean.indexOf(" ", start) + 1 || start;
  const end = Math.min(clean.length, start + SNIPPET);
  const cut = `${start > 0 ? "…" : ""}${clean.slice(start, end)}${end < clean.length ? "…" : ""}`;
  return highlight(cut, needles);
}
