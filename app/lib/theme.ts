export const THEME_CHOICES = ["light", "dark", "system"] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export type ResolvedTheme = "light" | "dark";

/** <meta name="theme-color"> values: the dark background, or white. */
export const THEME_COLORS: Record<ResolvedTheme, string> = { dark: "#0b0d12", light: "#ffffff" };

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return typeof value === "string" && (THEME_CHOICES as readonly string[]).includes(value);
}
