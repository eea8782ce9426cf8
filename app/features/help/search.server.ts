import { type Needles, needlesOf, parseSearch, type SearchTerm, type Segment, snippet } from "~/core/search";
import { stripEndings } from "~/core/text";
import type { Language } from "~/i18n/config";
import { type Article, allArticles, type Library } from "./library.server";

export interface SearchHit {
  slug: string;
  title: string;
  summary: string;
  /** Where the words were found in the article's text (its summary when only the title matched). */
  excerpt: Segment[];
}

/** Points for a match in each part of an article: a word in the title says more than one in the text. */
const WEIGHTS = { title: 8, keywords: 4, summary: 2, text: 1 } as const;

function matches(term: SearchTerm, words: string[]): number {
  if (term.kind === "phrase") {
    let n = 0;
    for (let i = 0; i + term.words.length <= words.length; i++) {
      if (term.words.every((w, j) => words[i + j] === w)) n++;
    }
    return n;
  }
  const start = term.kind === "word" ? stripEndings(term.words[0] as string) : (term.words[0] as string);
  return words.filter((w) => w.startsWith(start)).length;
}

function score(article: Article, terms: SearchTerm[], titlesOnly: boolean): number {
  const parts = titlesOnly ? (["title", "keywords"] as const) : (["title", "keywords", "summary", "text"] as const);
  let total = 0;
  for (const term of terms) {
    let found = 0;
    for (const part of parts) found += WEIGHTS[part] * Math.min(matches(term, article.words[part]), 5);
    if (term.negated ? found > 0 : found === 0) return 0;
    total += found;
  }
  return total;
}

/**
 * Articles in the language matching every word of `q` (the messages search syntax: "phrases", -words,
 * prefix*; Uzbek Latin and Cyrillic spellings alike, since words are folded), the best first. With
 * `titlesOnly` only titles and keywords count (the command palette).
 */
export function searchArticles(
  library: Library,
  language: Language,
  q: string,
  { limit = 20, titlesOnly = false }: { limit?: number; titlesOnly?: boolean } = {},
): SearchHit[] {
  const terms = parseSearch(q);
  if (!terms.some((t) => !t.negated)) return [];
  const needles: Needles = needlesOf(terms);
  return allArticles(library, language)
    .map((article) => ({ article, points: score(article, terms, titlesOnly) }))
    .filter((r) => r.points > 0)
    .sort((a, b) => b.points - a.points || a.article.order - b.article.order)
    .slice(0, limit)
    .map(({ article }) => {
      const inText = snippet(article.text, needles);
      return {
        slug: article.slug,
        title: article.title,
        summary: article.summary,
        excerpt: inText.some((s) => s.mark) ? inText : snippet(article.summary, needles),
      };
    });
}
