export const LANGUAGES = ["en", "ru", "uz", "uz-Cyrl"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

export const NAMESPACES = [
  "common",
  "navigation",
  "forms",
  "auth",
  "settings",
  "tables",
  "dashboard",
  "errors",
  "users",
  "tasks",
  "pages",
  "projects",
  "ai-assistant",
  "reports",
  "imports",
  "messages",
  "sources",
  "help",
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Each language's name in itself, for the language switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  ru: "Русский",
  uz: "Oʻzbekcha",
  "uz-Cyrl": "Ўзбекча",
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}
