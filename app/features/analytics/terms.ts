// Trending terms (ADR 029): words and two-word phrases counted once per mention, folded like the matcher
// folds them (so Uzbek Latin and Cyrillic spellings are one term), without the function words topics skip too.
import { isStopWord } from "../../core/stop-words.ts";
import { tokenize } from "../../core/text.ts";

/** A term worth counting: not a stop word, not a number, at least three letters. */
function counts(word: string): boolean {
  return word.length >= 3 && !isStopWord(word) && !/^\d+$/.test(word);
}

export interface TermCounts {
  /** Folded term → how many mentions have it, and its most frequent spelling. */
  terms: Map<string, { count: number; spellings: Map<string, number> }>;
  mentions: number;
}

/** Counts each word and each pair of neighbouring words once per mention (`exclude`: folded words to skip). */
export function countTerms(
  texts: Iterable<{ title: string | null; text: string }>,
  exclude: ReadonlySet<string> = new Set(),
): TermCounts {
  const terms: TermCounts["terms"] = new Map();
  let mentions = 0;
  for (const message of texts) {
    mentions++;
    const seen = new Map<string, string>();
    const tokenized = tokenize(message);
    for (const [field, tokens] of [
      [message.title ?? "", tokenized.title],
      [message.text, tokenized.text],
    ] as const) {
      for (let i = 0; i < tokens.length; i++) {
        const token = tokens[i] as (typeof tokens)[number];
        if (!counts(token.word) || exclude.has(token.word)) continue;
        const spelling = field.slice(token.start, token.end);
        seen.set(token.word, spelling);
        const next = tokens[i + 1];
        // A phrase is two counted words with nothing but spaces between them.
        if (next && counts(next.word) && !exclude.has(next.word) && /^ +$/.test(field.slice(token.end, next.start))) {
          seen.set(`${token.word} ${next.word}`, `${spelling} ${field.slice(next.start, next.end)}`);
        }
      }
    }
    for (const [term, spelling] of seen) {
      let entry = terms.get(term);
      if (!entry) {
        entry = { count: 0, spellings: new Map() };
        terms.set(term, entry);
      }
      entry.count++;
      entry.spellings.set(spelling, (entry.spellings.get(spelling) ?? 0) + 1);
    }
  }
  return { terms, mentions };
}

export interface TrendingTerm {
  /** The most frequent spelling. */
  term: string;
  /** Mentions with the term in the period, and in the one before. */
  count: number;
  previous: number;
}

/**
 * The terms that rose most: their count now minus what the previous period's rate predicts for this many
 * mentions (so a busier period does not lift every term); a term must be in at least `minCount` mentions. A phrase hides its words when it explains them
 * (the words rose by no more than the phrase did).
 */
export function trending(current: TermCounts, previous: TermCounts, { limit = 15, minCount = 3 } = {}) {
  const scale = previous.mentions ? current.mentions / previous.mentions : 0;
  const rising: Array<TrendingTerm & { key: string; rise: number }> = [];
  for (const [key, entry] of current.terms) {
    if (entry.count < minCount) continue;
    const before = previous.terms.get(key)?.count ?? 0;
    const rise = entry.count - before * scale;
    if (rise <= 0) continue;
    const term = [...entry.spellings].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] as string;
    rising.push({ key, term, count: entry.count, previous: before, rise });
  }
  rising.sort((a, b) => b.rise - a.rise || b.count - a.count || (a.key < b.key ? -1 : 1));
  const phrases = rising.filter((t) => t.key.includes(" "));
  const explained = (t: { key: string; rise: number }) =>
    !t.key.includes(" ") && phrases.some((p) => p.key.split(" ").includes(t.key) && t.rise <= p.rise * 1.2);
  return rising
    .filter((t) => !explained(t))
    .slice(0, limit)
    .map(({ term, count, previous }) => ({ term, count, previous }));
}
