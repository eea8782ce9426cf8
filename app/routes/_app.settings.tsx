import { useTranslation } from "react-i18next";
import { NavLink, Outlet } from "react-router";
import { PageErrorBoundary } from "~/shell/error-page";
import { NAV_GROUPS } from "~/shell/nav";
import { PageHeader } from "~/ui/page-header";

// The same items as the sidebar's Settings group.
const SETTINGS_ITEMS =
  NAV_GROUPS.flatMap((group) => group.items).find((item) => item.key === "settings")?.children ?? [];

export default function SettingsLayout() {
  const { t } = useTranslation("settings");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <div className="flex flex-col gap-6 lg:flex-row lg:gap-10">
        <nav aria-label={t("sections")} className="lg:w-52 lg:shrink-0">
          <ul className="flex gap-1 overflow-x-auto lg:flex-col">
            {SETTINGS_ITEMS.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} prefetch="intent" className="nav-link whitespace-nowrap">
                  <item.icon aria-hidden="true" />
                  {t(`navigation:${item.key}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 max-w-2xl flex-1">
          <Outlet />
        </div>
      </div>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
