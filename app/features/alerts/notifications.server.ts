// A user's notifications (alerts delivered to them), only for projects they can still see.
import { and, count, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { type CurrentUser, userScope } from "../../core/reader.ts";
import { getDb } from "../../db/client.server.ts";
import { keptRead } from "../../db/kept-reads.server.ts";
import { alerts, notifications, projects } from "../../db/schema.ts";
import { inLanguage } from "../../lib/translations.ts";
import type { AlertKind } from "./rule.ts";

const MAX_LISTED = 50;

/** The user's notifications whose project they may see (admins: all; others: their projectIds). */
function mine(user: CurrentUser): SQL | undefined {
  const own = eq(notifications.userId, user.id);
  if (user.roles.includes("admin")) return own;
  if (user.projectIds.length === 0) return sql`false`;
  return and(own, inArray(alerts.projectId, user.projectIds));
}

export function unreadNotifications(user: CurrentUser): Promise<number> {
  return keptRead(`unread:${userScope(user)}`, async () => {
    const [row] = await getDb()
      .select({ n: count() })
      .from(notifications)
      .innerJoin(alerts, eq(alerts.id, notifications.alertId))
      .where(and(mine(user), isNull(notifications.readAt)));
    return Number(row?.n ?? 0);
  });
}

export type NotificationItem = Awaited<ReturnType<typeof listNotifications>>[number];

/** The newest notifications first, with what the alert says, in the reader's language. */
export async function listNotifications(user: CurrentUser, language: string, limit = MAX_LISTED) {
  const rows = await getDb()
    .select({
      id: notifications.id,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
      projectId: alerts.projectId,
      kind: alerts.kind,
      day: alerts.day,
      value: alerts.value,
      baseline: alerts.baseline,
      project: { name: projects.name, translations: projects.translations },
    })
    .from(notifications)
    .innerJoin(alerts, eq(alerts.id, notifications.alertId))
    .innerJoin(projects, eq(projects.id, alerts.projectId))
    .where(mine(user))
    .orderBy(desc(alerts.day), desc(notifications.createdAt), notifications.id)
    .limit(Math.min(limit, MAX_LISTED));
  return rows.map(({ project, ...row }) => ({
    ...row,
    kind: row.kind as AlertKind,
    projectName: inLanguage(project, "name", language),
  }));
}

/** Marks one of the user's notifications read (someone else's id changes nothing); false when none matched. */
export async function markNotificationRead(user: CurrentUser, id: string): Promise<boolean> {
  const updated = await getDb()
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.id, id), eq(notifications.userId, user.id), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return updated.length > 0;
}

export async function markAllNotificationsRead(user: CurrentUser): Promise<number> {
  const updated = await getDb()
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, user.id), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return updated.length;
}
