import { compileQuery, looksForSomething, positiveTerms, type QueryNode, queryTree, searchStem } from "~/core/query";
import { type Needles, needlesOf, type Segment, snippet } from "~/core/search";
import type { Token } from "~/core/text";
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

type Term = Extract<QueryNode, { kind: "term" }>;

/** How often a term stands in a part's words: the search index's reading (a stem or prefix starts the last word). */
function occurrences(term: Term, words: string[]): number {
  const last = term.words.length - 1;
  const start = searchStem(term);
  let n = 0;
  for (let i = 0; i + last < words.length; i++) {
    if (!term.words.slice(0, last).every((w, k) => words[i + k] === w)) continue;
    const word = words[i + last] as string;
    if (term.exact ? word === start : word.startsWith(start)) n++;
  }
  return n;
}

const tokens = (words: string[]): Token[] => words.map((word, i) => ({ word, start: i, end: i + 1 }));

function score(article: Article, tree: QueryNode, titlesOnly: boolean): number {
  const parts = titlesOnly ? (["title", "keywords"] as const) : (["title", "keywords", "summary", "text"] as const);
  const body = parts.slice(1).flatMap((part) => article.words[part]);
  const found = compileQuery(tree, { asIndex: true })({
    title: tokens(article.words.title),
    text: tokens(body),
    language: null,
  });
  if (!found) return 0;
  let total = 0;
  for (const term of positiveTerms(tree)) {
    for (const part of parts) total += WEIGHTS[part] * Math.min(occurrences(term, article.words[part]), 5);
  }
  return Math.max(total, 1);
}

/**
 * Articles in the language matching the query `q` (the feed's language, core/query; Uzbek Latin and
 * Cyrillic spellings alike, since words are folded), the best first. With
 * `titlesOnly` only titles and keywords count (the command palette).
 */
export function searchArticles(
  library: Library,
  language: Language,
  q: string,
  { limit = 20, titlesOnly = false }: { limit?: number; titlesOnly?: boolean } = {},
): SearchHit[] {
  const tree = queryTree(q);
  if (!looksForSomething(tree)) return [];
  const needles: Needles = needlesOf(tree);
  return allArticles(library, language)
    .map((article) => ({ article, points: score(article, tree as QueryNode, titlesOnly) }))
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
