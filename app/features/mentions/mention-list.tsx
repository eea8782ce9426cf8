import { headingOf } from "~/core/text";
import { useTranslation } from "~/i18n/use-translation";
import { useFormatter } from "~/lib/format";
import { EmptyState } from "~/ui/empty-state";
import { MentionSource } from "~/ui/mention-source";
import { SentimentBadge } from "~/ui/sentiment";

export interface MentionItem {
  id: string;
  title: string | null;
  text: string;
  url: string | null;
  author: string | null;
  publishedAt: Date | string;
  sentiment: string;
  source: string;
  sourceType: string;
}

/**
 * A short list of mentions: each heading links to the original (new tab), with its source (type icon
 * and name), author, when (as the user likes times) and sentiment. Mentions are user content.
 */
export function MentionList({ mentions, empty }: { mentions: MentionItem[]; empty: string }) {
  const { t } = useTranslation("projects");
  const format = useFormatter();
  if (mentions.length === 0) return <EmptyState text={empty} />;
  return (
    <ul className="flex flex-col divide-y divide-border">
      {mentions.map((m) => {
        const { heading, body } = headingOf(m);
        return (
          <li key={m.id} className="flex min-w-0 flex-col gap-1 py-3 first:pt-0">
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
              <MentionSource
                type={m.sourceType}
                typeLabel={t(`sourceType.${m.sourceType}`)}
                source={m.source}
                author={m.author}
              />
              {/* "5 minutes ago" may have moved on by the time the page hydrates: the server's text stays. */}
              <time dateTime={new Date(m.publishedAt).toISOString()} suppressHydrationWarning>
                {format.when(m.publishedAt)}
              </time>
              <SentimentBadge sentiment={m.sentiment} label={t(`sentiment.${m.sentiment}`)} />
            </p>
            <p className="line-clamp-2 font-medium [overflow-wrap:anywhere]">
              {m.url ? (
                <a
                  href={m.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="underline-offset-4 hover:underline"
                >
                  <span data-user-content>{heading}</span>
                  <span aria-hidden="true" className="text-muted-foreground">
                    {" ↗"}
                  </span>
                  <span className="sr-only"> ({t("openOriginal")})</span>
                </a>
              ) : (
                <span data-user-content>{heading}</span>
              )}
            </p>
            {body && (
              <p className="line-clamp-2 text-sm text-muted-foreground [overflow-wrap:anywhere]" data-user-content>
                {body}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
