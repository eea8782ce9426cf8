import { Command } from "cmdk";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { loader } from "~/routes/help-center.search";
import { BookOpen } from "~/ui/icons";

const DELAY_MS = 250;

/** The palette's help articles: those whose title or keywords match what is typed, asked for after a pause. */
export function PaletteHelp({ query, onOpen }: { query: string; onOpen: (to: string) => void }) {
  const { t } = useTranslation("help");
  const fetcher = useFetcher<typeof loader>();
  const q = query.trim();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the fetcher's identity changes each render.
  useEffect(() => {
    if (q.length < 2) return;
    const timer = setTimeout(() => void fetcher.load(`/help-center/search?${new URLSearchParams({ q })}`), DELAY_MS);
    return () => clearTimeout(timer);
  }, [q]);
  const articles = fetcher.data?.articles ?? [];
  if (q.length < 2 || articles.length === 0) return null;
  return (
    <Command.Group heading={t("palette")} forceMount>
      {articles.map((a) => (
        <Command.Item
          key={a.slug}
          value={`help ${a.slug}`}
          forceMount
          onSelect={() => onOpen(`/help-center/${a.slug}`)}
        >
          <BookOpen aria-hidden="true" />
          <span className="truncate">{a.title}</span>
        </Command.Item>
      ))}
    </Command.Group>
  );
}
