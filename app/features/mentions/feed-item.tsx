import { Link, useFetcher, useLocation } from "react-router";
import type { QueryNode } from "~/core/query";
import { highlight, needlesOf, snippet } from "~/core/search";
import { headingOf } from "~/core/text";
import { useTranslation } from "~/i18n/use-translation";
import { useFormatter } from "~/lib/format";
import { buttonClass } from "~/ui/button";
import { cn } from "~/ui/cn";
import { checkboxClass } from "~/ui/data-table/url-form";
import { Highlighted } from "~/ui/highlighted";
import { Archive, ArchiveRestore, Star } from "~/ui/icons";
import { MentionSource } from "~/ui/mention-source";
import { SentimentBadge } from "~/ui/sentiment";
import type { FeedItem } from "./feed.server";

/** The fields a change (alone or in bulk) may alter: what the page shows before the server has answered. */
export type Flags = Pick<FeedItem, "isRead" | "isStarred" | "isArchived" | "sentiment" | "tags">;

/** A change as the page sends it, applied to a mention's flags (optimistic display). */
export function applyChange(flags: Flags, form: FormData | undefined): Flags {
  if (!form) return flags;
  const intent = String(form.get("intent") ?? "");
  switch (intent) {
    case "read":
    case "unread":
      return { ...flags, isRead: intent === "read" };
    case "star":
    case "unstar":
      return { ...flags, isStarred: intent === "star" };
    case "archive":
    case "unarchive":
      return { ...flags, isArchived: intent === "archive" };
    case "sentiment": {
      const sentiment = String(form.get("sentiment") ?? "");
      return sentiment === "positive" || sentiment === "negative" || sentiment === "neutral"
        ? { ...flags, sentiment }
        : flags;
    }
    case "tag": {
      const tag = String(form.get("tag") ?? "").trim();
      return tag && !flags.tags.includes(tag) ? { ...flags, tags: [...flags.tags, tag] } : flags;
    }
    case "untag":
      return { ...flags, tags: flags.tags.filter((t) => t !== form.get("tag")) };
    default:
      return flags;
  }
}

/** A one-button form on a mention (star, archive, …): a plain post without JavaScript, a fetcher with it. */
export function MentionToggle({
  messageId,
  intent,
  label,
  pressed,
  icon: Icon,
  fetcher,
  shortcut,
}: {
  messageId: string;
  intent: string;
  label: string;
  pressed?: boolean;
  icon: typeof Star;
  fetcher: ReturnType<typeof useFetcher>;
  shortcut?: string;
}) {
  const location = useLocation();
  return (
    <fetcher.Form method="post" action={`/messages/${messageId}${location.search}`}>
      <button
        type="submit"
        name="intent"
        value={intent}
        title={label}
        aria-pressed={pressed}
        data-shortcut={shortcut}
        className={cn(buttonClass("ghost", "icon"), "size-8")}
      >
        <Icon aria-hidden="true" className={cn(pressed && "fill-current text-warning")} />
        <span className="sr-only">{label}</span>
      </button>
    </fetcher.Form>
  );
}

/** A mention's star and archive buttons, in its feed card (with the feed's shortcut keys) and its side panel. */
export function StarAndArchive({
  messageId,
  flags,
  fetcher,
  shortcuts,
}: {
  messageId: string;
  flags: Pick<Flags, "isStarred" | "isArchived">;
  fetcher: ReturnType<typeof useFetcher>;
  shortcuts?: boolean;
}) {
  const { t } = useTranslation("messages");
  return (
    <>
      <MentionToggle
        messageId={messageId}
        intent={flags.isStarred ? "unstar" : "star"}
        label={flags.isStarred ? t("action.unstar") : t("action.star")}
        pressed={flags.isStarred}
        icon={Star}
        fetcher={fetcher}
        shortcut={shortcuts ? "s" : undefined}
      />
      <MentionToggle
        messageId={messageId}
        intent={flags.isArchived ? "unarchive" : "archive"}
        label={flags.isArchived ? t("action.unarchive") : t("action.archive")}
        icon={flags.isArchived ? ArchiveRestore : Archive}
        fetcher={fetcher}
        shortcut={shortcuts ? "e" : undefined}
      />
    </>
  );
}

export function FeedItemCard({
  item,
  search,
  selectable,
  canTriage,
  open,
  pendingBulk,
}: {
  item: FeedItem;
  /** The feed's query, read. */
  search: QueryNode | null;
  selectable: boolean;
  canTriage: boolean;
  /** Shown in the side panel now (and so read). */
  open: boolean;
  /** A bulk change on its way that includes this mention. */
  pendingBulk: FormData | undefined;
}) {
  const { t } = useTranslation("messages");
  const format = useFormatter();
  const location = useLocation();
  const fetcher = useFetcher();
  const flags = applyChange(applyChange(item, pendingBulk), fetcher.formData);
  const read = flags.isRead || open;
  const { heading, body } = headingOf(item);
  const matched = needlesOf(
    search,
    item.projects.flatMap((p) => p.terms),
  );
  const href = `/messages/${item.id}${location.search}`;
  return (
    <li
      data-feed-item={item.id}
      tabIndex={-1}
      aria-current={open ? "true" : undefined}
      className={cn(
        "flex gap-3 rounded-lg border border-border p-3 outline-none focus-visible:ring-2 focus-visible:ring-ring sm:p-4",
        read ? "bg-background" : "border-l-4 border-l-primary bg-card",
        open && "ring-2 ring-primary",
      )}
    >
      {selectable && (
        <input
          type="checkbox"
          name="ids"
          value={item.id}
          form="bulk"
          aria-label={t("select", { title: heading.slice(0, 80) })}
          className={cn(checkboxClass, "mt-1")}
        />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
          <MentionSource
            type={item.sourceType}
            typeLabel={t(`sourceType.${item.sourceType}`)}
            source={item.source}
            author={item.author}
          />
          <time dateTime={item.publishedAt} suppressHydrationWarning>
            {format.when(item.publishedAt)}
          </time>
          <SentimentBadge sentiment={flags.sentiment} label={t(`sentiment.${flags.sentiment}`)} />
          <span>{t("reach", { value: format.number(item.reach) })}</span>
          {!read && <span className="font-semibold text-primary">{t("unread")}</span>}
          {flags.isArchived && <span>{t("archived")}</span>}
        </p>
        <h2 className={cn("line-clamp-2 [overflow-wrap:anywhere]", read ? "font-medium" : "font-semibold")}>
          <Link to={href} preventScrollReset data-open className="hover:underline">
            <span data-user-content>
              <Highlighted segments={highlight(heading, matched, item.language)} />
            </span>
          </Link>
        </h2>
        {body && (
          <p className="line-clamp-3 text-sm text-muted-foreground [overflow-wrap:anywhere]" data-user-content>
            <Highlighted segments={snippet(body, matched, item.language)} />
          </p>
        )}
        {(item.projects.length > 0 || flags.tags.length > 0) && (
          <ul className="flex flex-wrap gap-1 text-xs" aria-label={t("projectsAndTags")}>
            {item.projects.map((p) => (
              <li key={p.id} className="flex items-center gap-1 rounded-md bg-muted px-2 py-0.5">
                <span className="size-2 rounded-full" style={{ background: p.color }} aria-hidden="true" />
                <span data-user-content>{p.name}</span>
              </li>
            ))}
            {flags.tags.map((tag) => (
              <li key={tag} className="rounded-md border border-border px-2 py-0.5">
                #<span data-user-content>{tag}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      {canTriage && (
        <div className="flex shrink-0 flex-col items-center gap-1 sm:flex-row sm:items-start">
          <StarAndArchive messageId={item.id} flags={flags} fetcher={fetcher} shortcuts />
        </div>
      )}
    </li>
  );
}
