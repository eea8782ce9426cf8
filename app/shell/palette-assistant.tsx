import { Command } from "cmdk";
import { useTranslation } from "~/i18n/use-translation";
import { Bot } from "~/ui/icons";

/**
 * "Ask the assistant: <text>" for whatever is typed (SPEC §1's pending AI question): chosen, the question is
 * posted as a new conversation and the assistant's page answers it on arrival, once.
 */
export function PaletteAssistant({ query, onAsk }: { query: string; onAsk: (question: string) => void }) {
  const { t } = useTranslation("ai-assistant");
  const question = query.trim();
  if (question.length < 2) return null;
  return (
    <Command.Group heading={t("title")} forceMount>
      {/* A fixed value scores nothing against the search: the offer never outranks a real match, and
          "No results" still shows when nothing else matches. */}
      <Command.Item value="ask-the-assistant" forceMount onSelect={() => onAsk(question)}>
        <Bot aria-hidden="true" />
        <span className="truncate">{t("palette.ask", { question })}</span>
      </Command.Item>
    </Command.Group>
  );
}
