import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { cursorHref, withParams } from "~/core/table";
import { useTranslation } from "~/i18n/use-translation";
import { useFormatter } from "~/lib/format";
import { buttonClass } from "~/ui/button";
import { RefreshCw } from "~/ui/icons";

const POLL_MS = 30_000;

/**
 * "N new mentions — show them": every 30 s the feed asks how many mentions matching its filters arrived
 * since it was loaded, and offers them without moving what the user is reading.
 */
export function NewArrivals({ loadedAt }: { loadedAt: string }) {
  const { t } = useTranslation("messages");
  const format = useFormatter();
  const location = useLocation();
  const [count, setCount] = useState(0);

  useEffect(() => {
    setCount(0);
    const url = `/messages/arrivals${withParams(location.search, { since: loadedAt })}`;
    let stopped = false;
    const poll = async () => {
      if (document.visibilityState !== "visible") return;
      const response = await fetch(url, { headers: { Accept: "application/json" } }).catch(() => null);
      // Signed out or refused: stop asking rather than retrying.
      if (!response || response.status === 401 || response.status === 403) {
        if (response) stopped = true;
        return;
      }
      if (response.ok && !stopped) setCount(((await response.json()) as { count: number }).count);
    };
    const timer = setInterval(() => {
      if (!stopped) void poll();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [location.search, loadedAt]);

  if (count === 0) return null;
  return (
    <Link
      to={cursorHref(location.search, null)}
      className={buttonClass("outline", "sm")}
      aria-live="polite"
      onClick={() => setCount(0)}
    >
      <RefreshCw aria-hidden="true" />
      {t("arrivals", { value: format.number(count) })}
    </Link>
  );
}
