import { createInstance, type InitOptions, type i18n, type Resource } from "i18next";
import { initReactI18next } from "react-i18next";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, NAMESPACES } from "./config.ts";
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

const instances = new Map<Language, Promise<i18n>>();

/**
 * One i18next instance per language, made on first use and shared by every request in that language:
 * a fresh instance per request (remix-i18next's middleware) rebuilt i18next's services (plural rules,
 * formatters, interpolation patterns) and their caches each time, a large share of a page's server
 * time and of the garbage under load. Nothing on the server changes an instance's language or
 * resources after its creation.
 */
/** How the server's i18next reads strings (the browser's translator must answer alike, ADR 050). */
export const serverOptions = (from: Resource, lng: Language): InitOptions => ({
  resources: from,
  lng,
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  load: "currentOnly",
  ns: [...NAMESPACES],
  defaultNS: "common",
  interpolation: { escapeValue: false },
});

function instanceFor(lng: Language): Promise<i18n> {
  let instance = instances.get(lng);
  if (!instance) {
    const created = createInstance(serverOptions(resources, lng)).use(initReactI18next);
    instance = created.init().then(() => created);
    instances.set(lng, instance);
  }
  return instance;
}

const localeContext = createContext<Language>(DEFAULT_LANGUAGE);
const instanceContext = createContext<i18n | null>(null);

/**
 * Root middleware: the request's language is the signed-in user's saved one (`savedLanguage`, from the layers
 * above), else the `lng` cookie, then Accept-Language (see locale-cookie.server.ts); its i18next instance goes
 * into the context.
 */
export function languageMiddleware(
  savedLanguage: (context: Readonly<RouterContextProvider>) => Language | null | undefined,
): MiddlewareFunction<Response> {
  return async ({ request, context }, next) => {
    const lng = savedLanguage(context) ?? (await detectLanguage(request));
    context.set(localeContext, lng);
    context.set(instanceContext, await instanceFor(lng));
    return next();
  };
}

export const getLocale = (context: Readonly<RouterContextProvider>) => context.get(localeContext);

export function getInstance(context: Readonly<RouterContextProvider>): i18n {
  const instance = context.get(instanceContext);
  if (!instance) throw new Error("i18nextMiddleware has not run for this request");
  return instance;
}

/** A translation function of one language and namespace, for text written on the server (the assistant's). */
export async function translatorFor(lng: Language, ns: string) {
  return (await instanceFor(lng)).getFixedT(lng, ns);
}
