import i18next, { type BackendModule, type ReadCallback } from "i18next";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, NAMESPACES } from "./config.ts";

// Each language/namespace file is emitted as its own hashed, immutable asset and fetched on demand.
const urls = import.meta.glob<string>("../../locales/*/*.json", { eager: true, query: "?url", import: "default" });

export const LOAD_RETRIES = 5;
export const FIRST_RETRY_DELAY_MS = 350;
export const STARTUP_TIMEOUT_MS = 5000;

function urlFor(lng: string, ns: string): string | undefined {
  return urls[`../../locales/${lng}/${ns}.json`];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Fetches JSON, retrying up to LOAD_RETRIES times: 350 ms, then doubling each time. */
export async function fetchWithRetry(url: string, fetcher: typeof fetch = fetch): Promise<Record<string, unknown>> {
  let delay = FIRST_RETRY_DELAY_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await fetcher(url);
      if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
      return (await response.json()) as Record<string, unknown>;
    } catch (error) {
      if (attempt >= LOAD_RETRIES) throw error;
      await sleep(delay);
      delay *= 2;
    }
  }
}

const chunkBackend: BackendModule = {
  type: "backend",
  init() {},
  read(lng: string, ns: string, callback: ReadCallback) {
    const url = urlFor(lng, ns);
    if (!url) return callback(new Error(`No translations for ${lng}/${ns}`), false);
    fetchWithRetry(url).then(
      (data) => callback(null, data),
      (error: Error) => callback(error, false),
    );
  },
};

/**
 * Starts i18next in the language the server rendered (<html lang>), loading all namespaces.
 * If they are not ready within 5 s, or fail, the app proceeds with English `common` as fallback.
 */
export async function startI18n() {
  const lang = document.documentElement.lang;
  const lng = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
  const ready = i18next
    .use(initReactI18next)
    .use(chunkBackend)
    .init({
      lng,
      supportedLngs: [...LANGUAGES],
      // Every key exists in every language (tests check), so only the current one is fetched.
      fallbackLng: false,
      load: "currentOnly",
      ns: [...NAMESPACES],
      defaultNS: "common",
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    })
    .then(() => true)
    .catch(() => false);
  const loaded = await Promise.race([ready, sleep(STARTUP_TIMEOUT_MS).then(() => false)]);
  if (!loaded || !i18next.hasResourceBundle(lng, "common")) {
    i18next.options.fallbackLng = [DEFAULT_LANGUAGE];
    const url = urlFor(DEFAULT_LANGUAGE, "common");
    if (url && !i18next.hasResourceBundle(DEFAULT_LANGUAGE, "common")) {
      const strings = await fetchWithRetry(url).catch(() => null);
      if (strings) i18next.addResourceBundle(DEFAULT_LANGUAGE, "common", strings);
    }
  }
  return i18next;
}
