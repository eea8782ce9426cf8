import type { Resource } from "i18next";
import { initReactI18next } from "react-i18next";
import { createCookie } from "react-router";
import { createI18nextMiddleware } from "remix-i18next";
import { getConfig } from "../../server/config.ts";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, NAMESPACES } from "./config.ts";
import { negotiateLanguage } from "./negotiate.ts";

const files = import.meta.glob<Record<string, unknown>>("../../locales/*/*.json", { eager: true, import: "default" });

/** Every translation, kept in memory on the server: { [language]: { [namespace]: strings } }. */
export const resources: Resource = {};
for (const [file, strings] of Object.entries(files)) {
  const [, lng, ns] = file.match(/locales\/([^/]+)\/([^/]+)\.json$/) ?? [];
  if (!lng || !ns) continue;
  resources[lng] ??= {};
  resources[lng][ns] = strings;
}

export const localeCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
  secure: getConfig().isProduction,
});

export const [i18nextMiddleware, getLocale, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    // One finder for the whole order: the `lng` cookie, then Accept-Language (see negotiate.ts).
    order: ["custom"],
    async findLocale({ request }) {
      const cookie = await localeCookie.parse(request.headers.get("Cookie"));
      if (isLanguage(cookie)) return cookie;
      return negotiateLanguage(request.headers.get("Accept-Language"));
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
