import { useFetcher, useFetchers } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { useFormatter } from "~/lib/format";
import { useRevalidateWhile } from "~/lib/use-revalidate-while";
import { Badge } from "~/ui/badge";
import { buttonClass } from "~/ui/button";
import { CircleAlert, CircleCheck, CircleMinus, CirclePause, CirclePlay, LoaderCircle, RefreshCw } from "~/ui/icons";
import { sourceIcon } from "~/ui/source-icons";
import type { SourceStatus, SourceType } from "./schemas";
import type { SourceRow } from "./sources.server";

/** "every 15 min", "every 2 h". */
export function intervalLabel(t: (key: string, options?: Record<string, unknown>) => string, minutes: number) {
  return minutes < 60
    ? t("sources:form.everyMinutes", { minutes })
    : t("sources:form.everyHours", { hours: minutes / 60 });
}

/** The type's icon with its name (the name only for screen readers when `compact`). */
export function SourceTypeLabel({ type, compact = false }: { type: SourceType; compact?: boolean }) {
  const { t } = useTranslation("projects");
  const Icon = sourceIcon(type);
  return (
    <span className="inline-flex items-center gap-1.5" title={compact ? t(`sourceType.${type}`) : undefined}>
      <Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      <span className={compact ? "sr-only" : undefined}>{t(`sourceType.${type}`)}</span>
    </span>
  );
}

const STATUS = {
  active: { tone: "success", icon: CirclePlay },
  paused: { tone: "neutral", icon: CirclePause },
  failing: { tone: "danger", icon: CircleAlert },
} as const;

export function SourceStatusBadge({ status }: { status: SourceStatus }) {
  const { t } = useTranslation("sources");
  return (
    <Badge tone={STATUS[status].tone} icon={STATUS[status].icon}>
      {t(`status.${status}`)}
    </Badge>
  );
}

const RESULT = {
  ok: { tone: "success", icon: CircleCheck },
  not_modified: { tone: "neutral", icon: CircleMinus },
  error: { tone: "danger", icon: CircleAlert },
} as const;

export function FetchResultBadge({ result }: { result: keyof typeof RESULT | null }) {
  const { t } = useTranslation("sources");
  if (!result) return <span className="text-muted-foreground">—</span>;
  return (
    <Badge tone={RESULT[result].tone} icon={RESULT[result].icon}>
      {t(`result.${result}`)}
    </Badge>
  );
}

/** When the source was last fetched (in the reader's zone, which the exact time names), or that a fetch is under way. */
export function LastFetch({
  at,
  fetching,
  timeZone,
}: {
  at: Date | string | null;
  fetching: boolean;
  timeZone: string;
}) {
  const { t } = useTranslation("sources");
  const format = useFormatter({ timeZone });
  if (fetching) {
    return (
      <span className="inline-flex items-center gap-1.5 text-muted-foreground" role="status">
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
        {t("fetching")}
      </span>
    );
  }
  if (!at) return <span className="text-muted-foreground">{t("never")}</span>;
  return (
    // "5 minutes ago" may have moved on by the time the page hydrates: the server's text stays.
    <time dateTime={new Date(at).toISOString()} title={`${format.dateTime(at)} (${timeZone})`} suppressHydrationWarning>
      {format.relative(at)}
    </time>
  );
}

/**
 * "Fetch now" for one source, posted to the page's own action (`intent=fetch`, `id`). Without JavaScript
 * it is a form post and a redirect back; with it a fetcher, and `useFetching` knows at once. `compact`: an
 * icon that says it in its name and tooltip (a table row's actions).
 */
export function FetchNowButton({ sourceId, compact }: { sourceId: string; compact?: boolean }) {
  const fetcher = useFetcher({ key: `fetch-${sourceId}` });
  const { t } = useTranslation("sources");
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="fetch" />
      <input type="hidden" name="id" value={sourceId} />
      <button
        type="submit"
        className={compact ? buttonClass("ghost", "icon") : buttonClass("outline", "sm")}
        aria-label={compact ? t("actions.fetchNow") : undefined}
        title={compact ? t("actions.fetchNow") : undefined}
        disabled={fetcher.state !== "idle"}
      >
        <RefreshCw aria-hidden="true" />
        {!compact && t("actions.fetchNow")}
      </button>
    </fetcher.Form>
  );
}

const POLL_MS = 2000;

type Fetchable = Pick<SourceRow, "id" | "fetchRequestedAt">;

/**
 * Whether a source is being fetched: asked for on the server, or its "Fetch now" on its way there. While
 * any of `sources` is, the page's data is read again every 2 seconds, so the result shows up.
 */
export function useFetching(sources: readonly Fetchable[]): (source: Fetchable) => boolean {
  const fetchers = useFetchers();
  const pending = new Set(
    fetchers.filter((f) => f.formData?.get("intent") === "fetch").map((f) => String(f.formData?.get("id"))),
  );
  const fetching = (source: Fetchable) => source.fetchRequestedAt !== null || pending.has(source.id);
  useRevalidateWhile(sources.some(fetching), POLL_MS);
  return fetching;
}
