// What a Telegram message or a webhook body says about an alert or a scheduled report, in one language:
// the figure and why it is news (the alert's own sentence), and a link into the app when APP_URL is set.
import type { Language } from "~/i18n/config";
import { type AlertFacts, alertFeedLink, alertText } from "./alert-text.ts";
import { jobFormatter, jobTranslator } from "./mail-text.server.ts";

export interface ChannelText {
  headline: string;
  /** Absolute; null without APP_URL. */
  link: string | null;
  linkLabel: string;
}

const absolute = (path: string, appUrl: string | undefined) => (appUrl ? new URL(path, appUrl).toString() : null);

export async function alertChannelText(
  alert: AlertFacts,
  project: string,
  language: Language,
  appUrl: string | undefined,
): Promise<ChannelText> {
  const t = await jobTranslator(language);
  return {
    headline: alertText(t, jobFormatter(language, alert.timeZone), alert, project),
    link: absolute(alertFeedLink(alert), appUrl),
    linkLabel: t("alerts.channel.openMentions"),
  };
}

export interface ReportFacts {
  id: string;
  title: string;
  periodStart: string;
  periodEnd: string;
  timeZone: string;
}

export async function reportChannelText(
  report: ReportFacts,
  language: Language,
  appUrl: string | undefined,
): Promise<ChannelText> {
  const t = await jobTranslator(language);
  const format = jobFormatter(language, report.timeZone);
  const period = `${format.day(report.periodStart)} – ${format.day(report.periodEnd)}`;
  return {
    headline: t("alerts.channel.report", { title: report.title, period }),
    link: absolute(`/reports/${report.id}`, appUrl),
    linkLabel: t("alerts.channel.openReport"),
  };
}

/** The text of a plain message: the headline, then the link. */
export const plainText = ({ headline, link, linkLabel }: ChannelText) =>
  link ? `${headline}\n\n${linkLabel}: ${link}` : headline;
