import type { FormEvent, ReactNode } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { THEME_CHOICES, type ThemeChoice } from "~/lib/theme";
import { useThemeChoice } from "~/shell/theme-switcher";
import { cn } from "~/ui/cn";
import { FieldError } from "~/ui/field";
import { BackToSection, SettingsSection } from "~/ui/settings-section";
import { FONTS } from "./schemas";
import { usePreferenceForm } from "./use-preference-form";

export const FONT_SECTION = "font";

/** A miniature of the dashboard in a theme's colours. */
function ThemePreview({ theme }: { theme: ThemeChoice }) {
  const pane = (mode: "light" | "dark") => (
    <div className={cn("flex h-full flex-1 gap-1.5 p-2", mode === "dark" ? "bg-[#0b0d12]" : "bg-[#f8f9fb]")}>
      <div className={cn("w-1/4 rounded", mode === "dark" ? "bg-[#1a1f29]" : "bg-[#e2e6ec]")} />
      <div className="flex flex-1 flex-col gap-1.5">
        <div className={cn("h-2 w-2/3 rounded", mode === "dark" ? "bg-[#6b93ff]" : "bg-[#1f5eff]")} />
        <div className={cn("h-2 w-full rounded", mode === "dark" ? "bg-[#262c38]" : "bg-[#e2e6ec]")} />
        <div className={cn("h-2 w-5/6 rounded", mode === "dark" ? "bg-[#262c38]" : "bg-[#e2e6ec]")} />
      </div>
    </div>
  );
  return (
    <span aria-hidden="true" className="flex h-20 overflow-hidden rounded-md border border-border">
      {theme === "system" ? (
        <>
          {pane("light")}
          {pane("dark")}
        </>
      ) : (
        pane(theme)
      )}
    </span>
  );
}

/** A card that submits its value (a plain post without JavaScript), pressed while it is the choice. */
function ChoiceCard({
  name,
  value,
  chosen,
  className,
  children,
}: {
  name: string;
  value: string;
  chosen: boolean;
  className: string;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      name={name}
      value={value}
      aria-pressed={chosen}
      className={cn(
        "flex flex-col rounded-lg border border-border text-left outline-none focus-visible:ring-2 focus-visible:ring-ring",
        className,
        chosen && "border-primary ring-1 ring-primary",
      )}
    >
      {children}
    </button>
  );
}

function ThemeSection() {
  const { t } = useTranslation("settings");
  const location = useLocation();
  const [choice, setChoice] = useThemeChoice();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const value = (event.nativeEvent as SubmitEvent).submitter?.getAttribute("value");
    if (!THEME_CHOICES.includes(value as ThemeChoice)) return;
    event.preventDefault();
    setChoice(value as ThemeChoice);
  }

  return (
    <SettingsSection title={t("appearance.themeTitle")} description={t("appearance.themeDescription")}>
      {/* Each card is a submit button: a plain post without JavaScript, instant with it. */}
      <form method="post" action="/resources/theme" onSubmit={onSubmit} className="grid gap-3 sm:grid-cols-3">
        <input type="hidden" name="redirectTo" value={location.pathname} />
        {THEME_CHOICES.map((theme) => (
          <ChoiceCard key={theme} name="theme" value={theme} chosen={choice === theme} className="gap-2 p-2">
            <ThemePreview theme={theme} />
            <span className="px-1 text-sm font-medium">{t(`common:theme.${theme}`)}</span>
          </ChoiceCard>
        ))}
      </form>
    </SettingsSection>
  );
}

const FONT_STACKS: Record<(typeof FONTS)[number], string> = {
  system: "var(--font-sans)",
  inter: '"Inter Variable", var(--font-sans)',
  "noto-sans": '"Noto Sans Variable", var(--font-sans)',
  "ibm-plex-sans": '"IBM Plex Sans Variable", var(--font-sans)',
};

/** Like the theme: each font is a submit button, applied at once (no separate Save on this page). */
function FontSection({ font }: { font: string }) {
  const { t } = useTranslation("settings");
  const { fetcher, pending, key, errors } = usePreferenceForm("font");
  const chosen = pending?.font ?? font;
  return (
    <SettingsSection id={FONT_SECTION} title={t("appearance.fontTitle")} description={t("appearance.fontDescription")}>
      <fetcher.Form method="post" preventScrollReset key={key} className="flex flex-col gap-2">
        <BackToSection />
        <fieldset
          className="grid gap-2 sm:grid-cols-2"
          aria-describedby={errors.field("font") ? "font-error" : undefined}
        >
          <legend className="mb-1 text-sm font-medium">{t("appearance.font")}</legend>
          {FONTS.map((value) => (
            <ChoiceCard key={value} name="font" value={value} chosen={chosen === value} className="gap-1 p-3">
              <span className="text-lg" style={{ fontFamily: FONT_STACKS[value] }}>
                {t("appearance.fontSample")}
              </span>
              <span className="text-sm font-medium">{t(`appearance.fonts.${value}`)}</span>
            </ChoiceCard>
          ))}
        </fieldset>
        <FieldError id="font-error">{errors.field("font")}</FieldError>
      </fetcher.Form>
    </SettingsSection>
  );
}

/** Settings → Appearance: the theme (a cookie, and the preference) and the font. */
export function AppearancePage({ font }: { font: string }) {
  const { t } = useTranslation("settings");
  return (
    <div className="flex flex-col gap-8">
      <title>{`${t("appearance.title")} · Kuzatuv`}</title>
      <ThemeSection />
      <FontSection font={font} />
    </div>
  );
}
