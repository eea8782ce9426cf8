import { useRef } from "react";
import { useLocation } from "react-router";
import { LANGUAGE_NAMES, LANGUAGES } from "~/i18n/config";
import { useTranslation } from "~/i18n/use-translation";
import { buttonClass } from "~/ui/button";
import { Languages } from "~/ui/icons";
import { MenuChoice } from "~/ui/menu-choice";
import { useDetailsDismiss } from "~/ui/use-dismiss";

/**
 * A menu of the four languages. It is always a plain form post: the server stores the choice and
 * sends the page back rendered in the new language, with or without JavaScript.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  useDetailsDismiss(menu);
  const current = LANGUAGE_NAMES[i18n.language as keyof typeof LANGUAGE_NAMES];

  return (
    <details ref={menu} className="menu">
      {/* Its name starts with the language it shows (WCAG 2.5.3: the visible label is part of the name). */}
      <summary
        className={buttonClass("ghost", "sm")}
        aria-label={`${current}: ${t("language.change")}`}
        title={t("language.change")}
      >
        <Languages aria-hidden="true" />
        <span className="hidden sm:inline">{current}</span>
      </summary>
      <form method="post" action="/resources/locale" className="menu-panel">
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <p className="menu-label">{t("language.label")}</p>
        {LANGUAGES.map((lng) => (
          <MenuChoice key={lng} name="lng" value={lng} lang={lng} chosen={i18n.language === lng}>
            {LANGUAGE_NAMES[lng]}
          </MenuChoice>
        ))}
      </form>
    </details>
  );
}
