import { useLocation } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { buttonClass } from "~/ui/button";
import { Clock } from "~/ui/icons";

export interface ZoneNoticeData {
  browser: { id: string; label: string };
  saved: { id: string; label: string };
}

/**
 * A quiet line above the page when the browser is in another zone than the saved one: switch to it, or keep the
 * saved zone (not offered again for this browser zone). Plain posts, so it works without JavaScript. Not on
 * Settings → Account, whose zone field makes the same offer.
 */
export function ZoneNotice({ notice }: { notice: ZoneNoticeData }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (location.pathname === "/settings/account") return null;
  return (
    <form
      method="post"
      action="/resources/time-zone"
      className="zone-notice flex flex-wrap items-center gap-x-3 gap-y-2 border-b bg-muted/40 px-4 py-2 text-sm text-muted-foreground"
    >
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <input type="hidden" name="zone" value={notice.browser.id} />
      <Clock aria-hidden="true" className="size-4 shrink-0" />
      <p className="min-w-0 flex-1">
        {t("zoneNotice.text", { browser: notice.browser.label, saved: notice.saved.label })}
      </p>
      <span className="flex flex-wrap gap-2">
        <button type="submit" name="intent" value="use" className={buttonClass("outline", "sm")}>
          {t("zoneNotice.use", { zone: notice.browser.label })}
        </button>
        <button type="submit" name="intent" value="keep" className={buttonClass("ghost", "sm")}>
          {t("zoneNotice.dismiss", { zone: notice.saved.label })}
        </button>
      </span>
    </form>
  );
}
