import { lazy, Suspense, useEffect, useRef } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { buttonClass } from "~/ui/button";
import { Bell } from "~/ui/icons";
import { useDetailsDismiss } from "~/ui/use-dismiss";
import type { NotificationView } from "./notification-list";

const SHOWN = 8;

// The list (and the time-zone arithmetic of its alert texts) loads with its items, when the panel first
// opens: every signed-in page has the bell, few open it.
const loadList = () => import("./notification-list");
const NotificationList = lazy(() => loadList().then((module) => ({ default: module.NotificationList })));
const MarkAllRead = lazy(() => loadList().then((module) => ({ default: module.MarkAllRead })));

/**
 * The bell with the unread count. It opens a panel that, with JavaScript, loads the latest notifications
 * from /notifications; without it the panel links to that page, which lists and marks them.
 */
export function NotificationBell({ unread }: { unread: number }) {
  const { t } = useTranslation("dashboard");
  const menu = useRef<HTMLDetailsElement>(null);
  useDetailsDismiss(menu);
  const fetcher = useFetcher<{ items: NotificationView[]; unread: number }>();
  const location = useLocation();
  const label = unread > 0 ? t("notifications.unread", { count: unread }) : t("notifications.bell");

  // Going somewhere closes the panel; the next opening loads the list afresh.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of page on purpose.
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location.pathname, location.search]);

  const onToggle = () => {
    if (!menu.current?.open) return;
    void loadList();
    if (fetcher.state === "idle") fetcher.load("/notifications");
  };
  const items = fetcher.data?.items.slice(0, SHOWN);

  return (
    <details ref={menu} className="menu" onToggle={onToggle} data-testid="notification-bell">
      <summary className={`${buttonClass("ghost", "icon")} relative`} aria-label={label} title={label}>
        <Bell aria-hidden="true" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 grid h-4 min-w-4 place-items-center rounded-full bg-danger px-1 text-[10px] font-semibold leading-none text-danger-foreground"
          >
            {unread > 99 ? "99+" : unread}
          </span>
        )}
      </summary>
      <div className="menu-panel w-96 max-sm:fixed max-sm:inset-x-2 max-sm:top-14 max-sm:w-auto">
        <div className="flex items-center justify-between gap-2 px-2 py-1.5">
          <p className="text-sm font-semibold">{t("notifications.title")}</p>
          {unread > 0 && items && (
            <Suspense>
              <MarkAllRead />
            </Suspense>
          )}
        </div>
        {items && items.length === 0 && (
          <p className="px-2 py-3 text-sm text-muted-foreground">{t("notifications.empty")}</p>
        )}
        {items && items.length > 0 && (
          <div className="max-h-96 overflow-y-auto">
            <Suspense>
              <NotificationList items={items} compact />
            </Suspense>
          </div>
        )}
        <hr className="my-1 border-border" />
        <Link to="/notifications" className="menu-item">
          {t("notifications.seeAll")}
        </Link>
      </div>
    </details>
  );
}
