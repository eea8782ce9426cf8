// Alerts and scheduled reports beyond the bell and e-mail (ADR 045): a Telegram message to each recipient
// who linked a chat and chose this kind for this project, and a delivery to each of the project's webhooks.
// Both are stored once per recipient or endpoint, so announcing again (a retried job) sends nothing twice.
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { Services } from "~/core/context.server";
import { type Translations, telegramChoices, telegramLinks, userPreferences } from "~/db/schema";
import type { Language } from "~/i18n/config";
import { inLanguage } from "~/lib/translations";
import type { AlertFacts } from "./alert-text.ts";
import { projectRecipients } from "./audience.server.ts";
import { alertChannelText, plainText, type ReportFacts, reportChannelText } from "./channel-text.server.ts";
import { jobLanguage } from "./mail-text.server.ts";
import { queueTelegramMessages } from "./telegram-send.server.ts";
import { projectEndpoints, queueWebhookDeliveries } from "./webhooks.server.ts";

type Kind = "volume" | "negative" | "reports";

/** The linked chats of `userIds` who chose `kind` for the project. */
function chatsChoosing({ db }: Pick<Services, "db">, projectId: string, kind: Kind, userIds: string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({ userId: telegramLinks.userId, chatId: telegramLinks.chatId })
    .from(telegramLinks)
    .innerJoin(telegramChoices, eq(telegramChoices.userId, telegramLinks.userId))
    .where(
      and(
        inArray(telegramLinks.userId, userIds),
        isNotNull(telegramLinks.chatId),
        eq(telegramChoices.projectId, projectId),
        eq(telegramChoices[kind], true),
      ),
    ) as Promise<Array<{ userId: string; chatId: string }>>;
}

export interface AnnouncedAlert extends AlertFacts {
  id: string;
  threshold: number;
  project: { name: string; translations: Translations };
}

/** `recipients`: those the alert's delivery notified, with their interface language. */
export async function announceAlert(
  services: Services,
  alert: AnnouncedAlert,
  recipients: Array<{ id: string; language: string | undefined }>,
) {
  const appUrl = services.env.APP_URL;
  const textIn = (language: Language) =>
    alertChannelText(alert, inLanguage(alert.project, "name", language), language, appUrl);
  const subject = `alert:${alert.id}`;
  const languageOfUser = new Map(recipients.map((r) => [r.id, jobLanguage(r.language)]));
  const chats = await chatsChoosing(
    services,
    alert.projectId,
    alert.kind,
    recipients.map((r) => r.id),
  );
  const messages = [];
  for (const chat of chats) {
    const text = plainText(await textIn(languageOfUser.get(chat.userId) ?? "en"));
    messages.push({ ...chat, subject, text });
  }
  await queueTelegramMessages(services, messages);

  const facts = {
    project: { id: alert.projectId, name: alert.project.name },
    alert: {
      day: alert.day,
      timeZone: alert.timeZone,
      value: alert.value,
      baseline: alert.baseline,
      threshold: alert.threshold,
    },
  };
  const endpoints = await projectEndpoints(services, alert.projectId);
  await queueWebhookDeliveries(services, endpoints, { subject, type: `alert.${alert.kind}`, facts }, textIn);
}

export interface AnnouncedReport extends ReportFacts {
  projectId: string;
  projectName: string;
  subscribers: Array<{ id: string }>;
}

/**
 * A scheduled report made: to its subscribers who may still see the project and chose reports for it in
 * Telegram (each in their language), and to the project's webhooks.
 */
export async function announceReport(services: Services, report: AnnouncedReport) {
  const appUrl = services.env.APP_URL;
  const subject = `report:${report.id}`;
  const subscribed = new Set(report.subscribers.map((s) => s.id));
  const members = report.subscribers.length ? await projectRecipients(services, report.projectId) : [];
  const chats = await chatsChoosing(
    services,
    report.projectId,
    "reports",
    members.filter((m) => subscribed.has(m.id)).map((m) => m.id),
  );
  const languages = await userLanguages(
    services,
    chats.map((c) => c.userId),
  );
  const messages = [];
  for (const chat of chats) {
    const text = plainText(await reportChannelText(report, jobLanguage(languages.get(chat.userId)), appUrl));
    messages.push({ ...chat, subject, text });
  }
  await queueTelegramMessages(services, messages);

  const facts = {
    project: { id: report.projectId, name: report.projectName },
    report: { id: report.id, title: report.title, periodStart: report.periodStart, periodEnd: report.periodEnd },
  };
  const endpoints = await projectEndpoints(services, report.projectId);
  await queueWebhookDeliveries(services, endpoints, { subject, type: "report.ready", facts }, (language) =>
    reportChannelText(report, language, appUrl),
  );
}

async function userLanguages({ db }: Pick<Services, "db">, userIds: string[]) {
  if (userIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ userId: userPreferences.userId, language: userPreferences.language })
    .from(userPreferences)
    .where(inArray(userPreferences.userId, userIds));
  return new Map(rows.map((r) => [r.userId, r.language]));
}
