import { Outlet } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { PageErrorBoundary } from "~/shell/error-page";
import { NAV_GROUPS } from "~/shell/nav";
import { PageHeader } from "~/ui/page-header";
import { Tabs } from "~/ui/tabs";

// The same items as the sidebar's Settings group; shown as tabs only where the sidebar does not show
// them (a phone, a collapsed sidebar; see .settings-tabs in app.css).
const SETTINGS_ITEMS =
  NAV_GROUPS.flatMap((group) => group.items).find((item) => item.key === "settings")?.children ?? [];

export default function SettingsLayout() {
  const { t } = useTranslation("settings");
  return (
    <>
      <PageHeader help="settings" title={t("title")} description={t("description")} />
      <Tabs
        label={t("sections")}
        items={SETTINGS_ITEMS.map((item) => ({
          to: item.to,
          end: item.end,
          icon: item.icon,
          label: t(`navigation:${item.key}`),
        }))}
        className="settings-tabs mb-8"
        wrap
      />
      <div className="max-w-2xl">
        <Outlet />
      </div>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
