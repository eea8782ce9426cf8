import { Link, useFetcher, useLocation } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { useFormatter } from "~/lib/format";
import { cn } from "~/ui/cn";
import { Check } from "~/ui/icons";
import { type AlertFacts, alertFeedLink, alertText } from "./alert-text";

export interface NotificationView extends AlertFacts {
  id: string;
  readAt: Date | string | null;
  createdAt: Date | string;
  projectName: string;
}

/**
 * Notifications, newest first, each linking to the feed of its project and day, with a "mark as read"
 * button: a plain form post without JavaScript, a fetcher (no page change) with it.
 */
export function NotificationList({ items, compact = false }: { items: NotificationView[]; compact?: boolean }) {
  const { t } = useTranslation("dashboard");
  const format = useFormatter();
  const location = useLocation();
  const back = location.pathname + location.search;
  return (
    <ul className="divide-y divide-border">
      {items.map((item) => {
        const unread = !item.readAt;
        const text = alertText(t, format, item, item.projectName);
        return (
          <li key={item.id} className={cn("flex items-start gap-3", compact ? "px-2 py-2" : "py-3")}>
            <span
              aria-hidden="true"
              className={cn("mt-1.5 size-2 shrink-0 rounded-full", unread ? "bg-primary" : "bg-transparent")}
            />
            <div className="min-w-0 flex-1">
              <Link to={alertFeedLink(item)} className="text-sm font-medium underline-offset-4 hover:underline">
                {unread && <span className="sr-only">{t("notifications.new")}: </span>}
                {text}
              </Link>
              <p className="text-xs text-muted-foreground">
                <time dateTime={new Date(item.createdAt).toISOString()}>{format.when(item.createdAt)}</time>
              </p>
            </div>
            {unread && <MarkRead id={item.id} back={back} label={t("notifications.markRead")} />}
          </li>
        );
      })}
    </ul>
  );
}

function MarkRead({ id, back, label }: { id: string; back: string; label: string }) {
  const fetcher = useFetcher();
  if (fetcher.state !== "idle" || fetcher.data) return null;
  return (
    <fetcher.Form method="post" action="/notifications">
      <input type="hidden" name="intent" value="read" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="redirectTo" value={back} />
      <button
        type="submit"
        className="grid size-7 place-items-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground"
        title={label}
        aria-label={label}
      >
        <Check aria-hidden="true" className="size-4" />
      </button>
    </fetcher.Form>
  );
}

/** "Mark all as read": a form post that comes back to where it was sent from. */
export function MarkAllRead() {
  const { t } = useTranslation("dashboard");
  const fetcher = useFetcher();
  const location = useLocation();
  return (
    <fetcher.Form method="post" action="/notifications">
      <input type="hidden" name="intent" value="read-all" />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button type="submit" className="text-sm font-medium underline underline-offset-4">
        {t("notifications.markAllRead")}
      </button>
    </fetcher.Form>
  );
}
