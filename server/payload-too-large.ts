// The 413 page, answered by server/body-limit.ts before React Router sees the request. It travels in the
// server bundle (see app.ts) for the translations.
import i18next from "i18next";
import { DEFAULT_LANGUAGE, LANGUAGES } from "~/i18n/config";
import { resources } from "~/i18n/i18n.server";
import { detectLanguage } from "~/i18n/locale-cookie.server";

const i18n = i18next.createInstance();
await i18n.init({
  resources,
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  // Interpolated values end up in HTML.
  interpolation: { escapeValue: true },
});

/** A small page in the visitor's language (the `lng` cookie, then Accept-Language) naming the limit. */
export async function payloadTooLargePage(headers: Headers, limitBytes: number): Promise<string> {
  const lng = await detectLanguage(new Request("http://localhost/", { headers }));
  const t = i18n.getFixedT(lng, "errors");
  const limit = new Intl.NumberFormat(lng, { style: "unit", unit: "megabyte", maximumFractionDigits: 1 }).format(
    limitBytes / 1024 ** 2,
  );
  const title = t("413.title");
  return `<!doctype html>
<html lang="${lng}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>413 · ${title} · Kuzatuv</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;padding:1.5rem;box-sizing:border-box;text-align:center;color-scheme:light dark}main{max-width:28rem}</style>
</head>
<body>
<main>
<h1>${title}</h1>
<p>${t("413.description", { limit })}</p>
<p><a href="/">${t("common:backToHome")}</a></p>
</main>
</body>
</html>
`;
}
