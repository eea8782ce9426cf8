// The two outboxes (ADR 045): Telegram messages and webhook deliveries, one row per recipient or endpoint, each
// sent by its own job. The schedule's backstop tends both the same way.
import { and, eq, lt, ne, sql } from "drizzle-orm";
import type { Services } from "~/core/context.server";
import { telegramMessages, webhookDeliveries } from "~/db/schema";

const OUTBOXES = [
  { table: telegramMessages, job: "send-telegram", data: (id: string) => ({ messageId: id }) },
  { table: webhookDeliveries, job: "deliver-webhook", data: (id: string) => ({ deliveryId: id }) },
] as const;

/**
 * Rows whose job was lost (queued, and due for 5 minutes) are queued again; finished ones (sent, delivered,
 * failed or dropped) older than `keptDays` are forgotten: the pages list only the latest.
 */
export async function tendOutboxes({ db, jobs }: Pick<Services, "db" | "jobs">, keptDays: number) {
  for (const { table, job, data } of OUTBOXES) {
    const stuck = await db
      .select({ id: table.id })
      .from(table)
      .where(
        and(
          eq(table.status, "queued"),
          lt(sql`coalesce(${table.nextAttemptAt}, ${table.createdAt})`, sql`now() - interval '5 minutes'`),
        ),
      );
    for (const { id } of stuck) await jobs.send(job, data(id), { singletonKey: id });
    await db
      .delete(table)
      .where(and(ne(table.status, "queued"), lt(table.createdAt, sql`now() - make_interval(days => ${keptDays})`)));
  }
}
