import { Command } from "cmdk";
import { useTranslation } from "~/i18n/use-translation";
import { BookOpen } from "~/ui/icons";
import { type PaletteArticlesAnswer, usePaletteSearch } from "./palette-search";

/** The palette's help articles: those whose title or keywords match what is typed, asked for after a pause. */
export function PaletteHelp({ query, onOpen }: { query: string; onOpen: (to: string) => void }) {
  const { t } = useTranslation("help");
  const { searching, data } = usePaletteSearch<PaletteArticlesAnswer>("/help-center/search", query);
  const articles = data?.articles ?? [];
  if (!searching || articles.length === 0) return null;
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
