import { desc, sql } from "drizzle-orm";
import type { Services } from "~/core/context.server";
import { helpArticleViews } from "~/db/schema";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "~/i18n/config";
import { type Article, allArticles, buildLibrary, type Library } from "./library.server";

// The articles are bundled with the server like the locale files, so every build and container has them.
const files = import.meta.glob<string>("../../../content/help/*/*.md", {
  eager: true,
  query: "?raw",
  import: "default",
});

let library: Library | undefined;

/** The help center's articles, parsed once per process. */
export function helpLibrary(): Library {
  library ??= buildLibrary(files);
  return library;
}

/** The language to read articles in: the reader's. */
export function helpLanguage(reader: { language: string }): Language {
  return isLanguage(reader.language) ? reader.language : DEFAULT_LANGUAGE;
}

/** Counts an article's opening. */
export async function countView({ db }: Services, slug: string): Promise<void> {
  await db
    .insert(helpArticleViews)
    .values({ slug, views: 1 })
    .onConflictDoUpdate({ target: helpArticleViews.slug, set: { views: sql`${helpArticleViews.views} + 1` } });
}

/** The most read articles; until enough have been read, the first of each topic fill the list. */
export async function popularArticles({ db }: Services, language: Language, limit = 5): Promise<Article[]> {
  const all = allArticles(helpLibrary(), language);
  const read = await db
    .select({ slug: helpArticleViews.slug })
    .from(helpArticleViews)
    .orderBy(desc(helpArticleViews.views), helpArticleViews.slug)
    .limit(limit);
  const popular = read.flatMap((row) => all.find((a) => a.slug === row.slug) ?? []);
  const firsts = all.filter((a, i) => i === 0 || all[i - 1]?.topic !== a.topic);
  for (const article of firsts) {
    if (popular.length >= limit) break;
    if (!popular.includes(article)) popular.push(article);
  }
  return popular;
}
