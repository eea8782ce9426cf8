// A user's notifications (alerts delivered to them), only for projects they can still see.
import { and, count, desc, eq, isNull, type SQL } from "drizzle-orm";
import type { Services } from "~/core/context.server";
import { type CurrentUser, type Reader, userScope } from "~/core/reader";
import { visibleProjects } from "~/core/scope.server";
import { alerts, notifications, projects } from "~/db/schema";
import { inLanguage } from "~/lib/translations";
import { alertFactColumns } from "./detect.server.ts";

const MAX_LISTED = 50;

/** The user's notifications whose project they may see. */
const mine = (user: CurrentUser): SQL | undefined =>
  and(eq(notifications.userId, user.id), visibleProjects(user, alerts.projectId));

export function unreadNotifications({ db, kept }: Services, user: CurrentUser): Promise<number> {
  return kept.read(`unread:${userScope(user)}`, async () => {
    const [row] = await db
      .select({ n: count() })
      .from(notifications)
      .innerJoin(alerts, eq(alerts.id, notifications.alertId))
      .where(and(mine(user), isNull(notifications.readAt)));
    return Number(row?.n ?? 0);
  });
}

export type NotificationItem = Awaited<ReturnType<typeof listNotifications>>[number];

/** The newest notifications first, with what the alert says, in the reader's language. */
export async function listNotifications({ db, env }: Services, reader: Reader, limit = MAX_LISTED) {
  const rows = await db
    .select({
      id: notifications.id,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
      ...alertFactColumns,
      project: { name: projects.name, translations: projects.translations },
    })
    .from(notifications)
    .innerJoin(alerts, eq(alerts.id, notifications.alertId))
    .innerJoin(projects, eq(projects.id, alerts.projectId))
    .where(mine(reader))
    .orderBy(desc(alerts.day), desc(notifications.createdAt), notifications.id)
    .limit(Math.min(limit, MAX_LISTED));
  return rows.map(({ project, ...row }) => ({
    ...row,
    timeZone: env.WORKSPACE_TIME_ZONE,
    projectName: inLanguage(project, "name", reader.language),
  }));
}

/** Marks one of the user's notifications read (someone else's id changes nothing); false when none matched. */
export async function markNotificationRead({ db }: Services, user: CurrentUser, id: string): Promise<boolean> {
  const updated = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.id, id), eq(notifications.userId, user.id), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return updated.length > 0;
}

export async function markAllNotificationsRead({ db }: Services, user: CurrentUser): Promise<number> {
  const updated = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, user.id), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return updated.length;
}
