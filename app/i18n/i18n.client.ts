import { DEFAULT_LANGUAGE, isLanguage, NAMESPACES } from "./config.ts";
import { BrowserTranslator } from "./translator.ts";

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

/**
 * Starts the translator in the language the server rendered (<html lang>), with all its namespaces.
 * If they are not all there within 5 s, the app proceeds with English `common` as fallback.
 */
export async function startI18n() {
  const lang = document.documentElement.lang;
  // Every key exists in every language (tests check), so only the current one is fetched.
  const translator = new BrowserTranslator(isLanguage(lang) ? lang : DEFAULT_LANGUAGE);
  const lng = translator.language;
  const ready = Promise.all(
    NAMESPACES.map(async (ns) => {
      const url = urlFor(lng, ns);
      if (url) translator.addResourceBundle(lng, ns, await fetchWithRetry(url));
    }),
  ).then(
    () => true,
    () => false,
  );
  const loaded = await Promise.race([ready, sleep(STARTUP_TIMEOUT_MS).then(() => false)]);
  if (!loaded || !translator.hasResourceBundle(lng, "common")) {
    translator.fallback = [DEFAULT_LANGUAGE];
    const url = urlFor(DEFAULT_LANGUAGE, "common");
    if (url && !translator.hasResourceBundle(DEFAULT_LANGUAGE, "common")) {
      const strings = await fetchWithRetry(url).catch(() => null);
      if (strings) translator.addResourceBundle(DEFAULT_LANGUAGE, "common", strings);
    }
  }
  return translator;
}
