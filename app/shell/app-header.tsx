import type { ReactNode } from "react";
import { SEARCH_ID } from "~/core/table";
import { useTranslation } from "~/i18n/use-translation";
import { buttonClass } from "~/ui/button";
import { Menu, Search } from "~/ui/icons";
import { DRAWER_ID } from "./app-sidebar";
import { LanguageSwitcher } from "./language-switcher";
import { ThemeSwitcher } from "./theme-switcher";
import { type MenuUser, UserMenu } from "./user-menu";

/** Where searching happens without the palette (the messages feed will take this over). */
const SEARCH_PAGE = `/projects#${SEARCH_ID}`;

export function AppHeader({
  user,
  bell,
  onSearch,
  onSearchIntent,
}: {
  user: MenuUser;
  /** The notifications' bell (features/alerts), given by the layout's route. */
  bell: ReactNode;
  onSearch: () => void;
  onSearchIntent: () => void;
}) {
  const { t } = useTranslation();
  return (
    <header className="app-header">
      <input type="checkbox" id={DRAWER_ID} className="drawer-toggle" aria-label={t("sidebar.toggle")} />
      <label
        htmlFor={DRAWER_ID}
        className={`drawer-open ${buttonClass("ghost", "icon")} md:hidden`}
        title={t("sidebar.open")}
      >
        <Menu aria-hidden="true" />
        <span className="sr-only">{t("sidebar.open")}</span>
      </label>
      {/* Without JavaScript it goes to the page that searches; with it, it opens the palette. */}
      <a
        href={SEARCH_PAGE}
        className="search-button"
        onClick={(event) => {
          event.preventDefault();
          onSearch();
        }}
        onPointerEnter={onSearchIntent}
        onFocus={onSearchIntent}
        aria-keyshortcuts="Control+K Meta+K"
      >
        {/* Named by its visible word alone (WCAG 2.5.3); the shortcut is told by aria-keyshortcuts. */}
        <Search aria-hidden="true" />
        <span className="flex-1 text-left">{t("search")}</span>
        <span aria-hidden="true">
          <kbd className="kbd">Ctrl K</kbd>
        </span>
      </a>
      <div className="ml-auto flex items-center gap-1">
        <LanguageSwitcher />
        <ThemeSwitcher />
        {bell}
        <UserMenu user={user} />
      </div>
    </header>
  );
}
