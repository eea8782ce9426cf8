import type { Resource } from "i18next";
import { initReactI18next } from "react-i18next";
import { createI18nextMiddleware } from "remix-i18next";
import { preferencesContext } from "../features/settings/preferences.server.ts";
import { DEFAULT_LANGUAGE, LANGUAGES, NAMESPACES } from "./config.ts";
import { detectLanguage } from "./locale-cookie.server.ts";

const files = import.meta.glob<Record<string, unknown>>("../../locales/*/*.json", { eager: true, import: "default" });

/** Every translation, kept in memory on the server: { [language]: { [namespace]: strings } }. */
export const resources: Resource = {};
for (const [file, strings] of Object.entries(files)) {
  const [, lng, ns] = file.match(/locales\/([^/]+)\/([^/]+)\.json$/) ?? [];
  if (!lng || !ns) continue;
  resources[lng] ??= {};
  resources[lng][ns] = strings;
}

export const [i18nextMiddleware, getLocale, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    // One finder for the whole order: the signed-in user's saved language, the `lng` cookie, then
    // Accept-Language (see locale-cookie.server.ts).
    order: ["custom"],
    async findLocale({ request, context }) {
      return context.get(preferencesContext)?.language ?? detectLanguage(request);
    },
  },
  i18next: {
    resources,
    supportedLngs: [...LANGUAGES],
    fallbackLng: DEFAULT_LANGUAGE,
    load: "currentOnly",
    ns: [...NAMESPACES],
    defaultNS: "common",
    interpolation: { escapeValue: false },
  },
  plugins: [initReactI18next],
});
