import { Command } from "cmdk";
import { useTranslation } from "~/i18n/use-translation";
import { MessagesSquare, Search } from "~/ui/icons";
import { type PaletteMentionsAnswer, usePaletteSearch } from "./palette-search";

/**
 * The palette's mentions: the top five matching what is typed (asked for after a pause in typing), and
 * "all results", which opens the feed with that search. Shown whatever cmdk's own filter thinks of them,
 * and only when some were found.
 */
export function PaletteMentions({ query, onOpen }: { query: string; onOpen: (to: string) => void }) {
  const { t } = useTranslation("messages");
  const { q, searching, data } = usePaletteSearch<PaletteMentionsAnswer>("/messages/palette", query);
  const mentions = data?.mentions ?? [];
  // Nothing found stays "No results", as for any other palette search.
  if (!searching || mentions.length === 0) return null;
  return (
    <Command.Group heading={t("palette.heading")} forceMount>
      {mentions.map((m) => (
        <Command.Item key={m.id} value={`mention ${m.id}`} forceMount onSelect={() => onOpen(`/messages/${m.id}`)}>
          <MessagesSquare aria-hidden="true" />
          <span className="truncate" data-user-content>
            {m.heading}
          </span>
        </Command.Item>
      ))}
      <Command.Item
        value={`mentions search ${q}`}
        forceMount
        onSelect={() => onOpen(`/messages?${new URLSearchParams({ q })}`)}
      >
        <Search aria-hidden="true" />
        {t("palette.all", { q })}
      </Command.Item>
    </Command.Group>
  );
}
