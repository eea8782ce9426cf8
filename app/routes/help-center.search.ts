import { requireReader } from "~/core/context.server";
import { helpLanguage, helpLibrary } from "~/features/help/articles.server";
import { searchArticles } from "~/features/help/search.server";
import type { PaletteArticlesAnswer } from "~/shell/palette-search";
import type { Route } from "./+types/help-center.search";

/** The command palette's help articles: up to five whose title or keywords match what is typed. */
export async function loader({ context, url }: Route.LoaderArgs): Promise<PaletteArticlesAnswer> {
  const language = helpLanguage(requireReader(context));
  const q = (url.searchParams.get("q") ?? "").slice(0, 200);
  const hits = searchArticles(helpLibrary(), language, q, { limit: 5, titlesOnly: true });
  return { articles: hits.map(({ slug, title }) => ({ slug, title })) };
}
