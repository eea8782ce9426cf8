// Texts for alert e-mails (and Telegram messages and webhook bodies) in each recipient's language. Jobs run
// outside any request, so they have an i18next instance of their own with the one namespace they need.
import { createInstance, type i18n, type TFunction } from "i18next";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from "~/i18n/config";
import { createFormatter } from "~/lib/format";
import en from "../../../locales/en/dashboard.json" with { type: "json" };
import ru from "../../../locales/ru/dashboard.json" with { type: "json" };
import uz from "../../../locales/uz/dashboard.json" with { type: "json" };
import uzCyrl from "../../../locales/uz-Cyrl/dashboard.json" with { type: "json" };
import { type AlertFacts, alertFeedLink, alertText } from "./alert-text.ts";

let instance: Promise<i18n> | undefined;

/** A stored language preference as one of ours; without one, the default. */
export const jobLanguage = (value: string | null | undefined): Language =>
  isLanguage(value) ? value : DEFAULT_LANGUAGE;

/** The `dashboard` texts in `language`, for jobs. */
export function jobTranslator(language: Language): Promise<TFunction> {
  instance ??= (async () => {
    const created = createInstance({
      resources: {
        en: { dashboard: en },
        ru: { dashboard: ru },
        uz: { dashboard: uz },
        "uz-Cyrl": { dashboard: uzCyrl },
      },
      supportedLngs: [...LANGUAGES],
      fallbackLng: DEFAULT_LANGUAGE,
      ns: ["dashboard"],
      defaultNS: "dashboard",
      interpolation: { escapeValue: false },
    });
    await created.init();
    return created;
  })();
  return instance.then((created) => created.getFixedT(language));
}

/** The subject and plain-text body of an alert's e-mail, in `language`; `appUrl` makes the feed link absolute. */
export async function alertMail(alert: AlertFacts, project: string, language: Language, appUrl: string | undefined) {
  const t = await jobTranslator(language);
  const link = appUrl ? new URL(alertFeedLink(alert), appUrl).toString() : null;
  const text = [
    alertText(t, jobFormatter(language, alert.timeZone), alert, project),
    link ? t("alerts.mail.link", { url: link }) : null,
    t("alerts.mail.why", { project }),
  ]
    .filter(Boolean)
    .join("\n\n");
  return { subject: t(`alerts.mail.subject.${alert.kind}`, { project }), text };
}

/** Days written out in `language` (an alert's day names its zone; nothing else a job writes is a time). */
export const jobFormatter = (language: Language, timeZone: string) =>
  createFormatter({ locale: language, timeZone, use12Hour: false, dateFormat: "long", showRelativeTime: false });
