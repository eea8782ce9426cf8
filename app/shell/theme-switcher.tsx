import { type FormEvent, useRef } from "react";
import { useLocation } from "react-router";
import { Theme, useTheme } from "remix-themes";
import { useTranslation } from "~/i18n/use-translation";
import { THEME_CHOICES, type ThemeChoice } from "~/lib/theme";
import { buttonClass } from "~/ui/button";
import { Monitor, Moon, Sun } from "~/ui/icons";
import { MenuChoice } from "~/ui/menu-choice";
import { useDetailsDismiss } from "~/ui/use-dismiss";

export const THEME_ICONS = { light: Sun, dark: Moon, system: Monitor } as const;

/** The current choice: "system" when the theme follows the operating system. */
export function useThemeChoice(): [ThemeChoice, (choice: ThemeChoice) => void] {
  const [theme, setTheme, { definedBy }] = useTheme();
  const choice: ThemeChoice = definedBy === "SYSTEM" || !theme ? "system" : theme;
  const set = (next: ThemeChoice) => setTheme(next === "system" ? null : next === "dark" ? Theme.DARK : Theme.LIGHT);
  return [choice, set];
}

/**
 * A menu of the three themes. Without JavaScript it is a plain form post that stores the cookie
 * and comes back; with JavaScript the theme changes at once and is stored in the background.
 */
export function ThemeSwitcher() {
  const { t } = useTranslation();
  const location = useLocation();
  const [choice, setChoice] = useThemeChoice();
  const menu = useRef<HTMLDetailsElement>(null);
  useDetailsDismiss(menu);
  const Icon = THEME_ICONS[choice];

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const value = (event.nativeEvent as SubmitEvent).submitter?.getAttribute("value");
    if (!THEME_CHOICES.includes(value as ThemeChoice)) return;
    event.preventDefault();
    setChoice(value as ThemeChoice);
    if (menu.current) menu.current.open = false;
  }

  return (
    <details ref={menu} className="menu">
      <summary className={buttonClass("ghost", "icon")} aria-label={t("theme.change")} title={t("theme.change")}>
        <Icon aria-hidden="true" />
      </summary>
      <form method="post" action="/resources/theme" onSubmit={onSubmit} className="menu-panel">
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <p className="menu-label">{t("theme.label")}</p>
        {THEME_CHOICES.map((value) => {
          const ItemIcon = THEME_ICONS[value];
          return (
            <MenuChoice
              key={value}
              name="theme"
              value={value}
              chosen={choice === value}
              icon={<ItemIcon aria-hidden="true" />}
            >
              {t(`theme.${value}`)}
            </MenuChoice>
          );
        })}
      </form>
    </details>
  );
}
