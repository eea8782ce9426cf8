import { useTranslation } from "react-i18next";
import { useFormatter } from "~/lib/format";
import { EmptyState } from "~/ui/empty-state";
import { SentimentBadge } from "~/ui/sentiment";

export interface MentionItem {
  id: string;
  title: string | null;
  text: string;
  publishedAt: Date | string;
  sentiment: string;
  source: string;
}

/** A short list of mentions: source, when (as the user likes times), sentiment, and the text. */
export function MentionList({ mentions, empty }: { mentions: MentionItem[]; empty: string }) {
  const { t } = useTranslation("projects");
  const format = useFormatter();
  if (mentions.length === 0) return <EmptyState text={empty} />;
  return (
    <ul className="flex flex-col divide-y divide-border">
      {mentions.map((m) => (
        <li key={m.id} className="flex flex-col gap-1 py-3 first:pt-0">
          <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
            <span className="font-medium text-foreground">{m.source}</span>
            {/* "5 minutes ago" may have moved on by the time the page hydrates: the server's text stays. */}
            <time dateTime={new Date(m.publishedAt).toISOString()} suppressHydrationWarning>
              {format.when(m.publishedAt)}
            </time>
            <SentimentBadge sentiment={m.sentiment} label={t(`sentiment.${m.sentiment}`)} />
          </p>
          {m.title && <p className="font-medium">{m.title}</p>}
          <p className="line-clamp-2 text-sm text-muted-foreground">{m.text}</p>
        </li>
      ))}
    </ul>
  );
}
