// Delivery of one alert (ADR 030), the `deliver-alert` job: a notification for every member of the project
// (and every admin) whose preferences want alerts, and an e-mail to those who also want e-mail about their
// projects when mail is configured; then Telegram and the project's webhooks (ADR 045). Idempotent: a retry adds what is missing and sends only what was not sent.
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Services } from "~/core/context.server";
import { alerts, notifications, projects, userPreferences } from "~/db/schema";
import { mailConfigured, sendMail } from "~/lib/mail.server";
import { inLanguage } from "~/lib/translations";
import { projectRecipients } from "./audience.server.ts";
import { announceAlert } from "./channels.server.ts";
import { alertFactColumns } from "./detect.server.ts";
import { alertMail, jobLanguage } from "./mail-text.server.ts";

export async function deliverAlert(services: Services, alertId: string): Promise<void> {
  const { db, env } = services;
  const [alert] = await db
    .select({
      id: alerts.id,
      ...alertFactColumns,
      threshold: alerts.threshold,
      deliveredAt: alerts.deliveredAt,
      project: { name: projects.name, translations: projects.translations },
    })
    .from(alerts)
    .innerJoin(projects, eq(projects.id, alerts.projectId))
    .where(eq(alerts.id, alertId));
  if (!alert || alert.deliveredAt) return;

  const audience = await projectRecipients(services, alert.projectId);
  const preferences = audience.length
    ? await db
        .select()
        .from(userPreferences)
        .where(
          inArray(
            userPreferences.userId,
            audience.map((u) => u.id),
          ),
        )
    : [];
  const prefsOf = new Map(preferences.map((p) => [p.userId, p]));
  // Without a preferences row a user has the defaults: notify "all", communication e-mails on, English.
  const recipients = audience
    .map((user) => ({ user, prefs: prefsOf.get(user.id) }))
    .filter(({ prefs }) => (prefs?.notify ?? "all") !== "none");

  if (recipients.length) {
    await db
      .insert(notifications)
      .values(recipients.map(({ user }) => ({ userId: user.id, alertId })))
      .onConflictDoNothing({ target: [notifications.userId, notifications.alertId] });
  }

  if (mailConfigured(env)) {
    const wanting = recipients.filter(({ prefs }) => prefs?.communicationEmails ?? true);
    const unsent = wanting.length
      ? await db
          .select({ id: notifications.id, userId: notifications.userId })
          .from(notifications)
          .where(
            and(
              eq(notifications.alertId, alertId),
              isNull(notifications.emailedAt),
              inArray(
                notifications.userId,
                wanting.map(({ user }) => user.id),
              ),
            ),
          )
      : [];
    for (const notification of unsent) {
      const { user, prefs } = wanting.find((r) => r.user.id === notification.userId)!;
      const language = jobLanguage(prefs?.language);
      const project = inLanguage(alert.project, "name", language);
      const facts = { ...alert, timeZone: env.WORKSPACE_TIME_ZONE };
      const mail = await alertMail(facts, project, language, env.APP_URL);
      await sendMail(env, { to: user.email, ...mail });
      await db.update(notifications).set({ emailedAt: new Date() }).where(eq(notifications.id, notification.id));
    }
  }
  // Telegram and webhooks: those notified who chose this in Telegram, and the project's endpoints.
  const announced = { ...alert, timeZone: env.WORKSPACE_TIME_ZONE };
  const notified = recipients.map(({ user, prefs }) => ({ id: user.id, language: prefs?.language }));
  await announceAlert(services, announced, notified);
  await db.update(alerts).set({ deliveredAt: new Date() }).where(eq(alerts.id, alertId));
}
