// The help center's "Contact support": configuration, the form's submission (stored first, then queued for
// the Telegram support chat), the per-user rate limit and the user's recent requests. Delivery is in
// deliver.server.ts (ADR 034).
import { and, count, eq, gt, sql } from "drizzle-orm";
import type { Services } from "~/core/context.server";
import type { Reader } from "~/core/reader";
import { newestRows } from "~/core/sql.server";
import { supportRequests } from "~/db/schema";
import type { SupportRequestInput } from "./schemas";

/** Requests one user may send in an hour, counted in the database so the limit holds on every instance. */
export const HOURLY_LIMIT = 5;

export interface SupportChannels {
  /** `https://t.me/<bot>` when TELEGRAM_SUPPORT_BOT is set. */
  botUrl: string | null;
  /** Whether the form can reach the support chat (a bot token and a chat id are set). */
  form: boolean;
}

export function supportChannels({ env }: Pick<Services, "env">): SupportChannels {
  return {
    botUrl: env.TELEGRAM_SUPPORT_BOT ? `https://t.me/${env.TELEGRAM_SUPPORT_BOT.replace(/^@/, "")}` : null,
    form: Boolean(env.TELEGRAM_BOT_TOKEN && env.TELEGRAM_SUPPORT_CHAT_ID),
  };
}

/**
 * Stores the question and queues its delivery: the stored request's id, or why it was refused (no support
 * chat configured, the hourly limit reached) as a translation key with the status to answer.
 */
export async function sendSupportRequest(
  services: Services,
  reader: Reader,
  input: SupportRequestInput,
  { language, appVersion }: { language: string; appVersion: string },
): Promise<{ id: string } | { refused: string; status: 429 | 503 }> {
  const { db, jobs } = services;
  if (!supportChannels(services).form) return { refused: "help:support.errors.off", status: 503 };
  const [recent] = await db
    .select({ n: count() })
    .from(supportRequests)
    .where(and(eq(supportRequests.userId, reader.id), gt(supportRequests.createdAt, sql`now() - interval '1 hour'`)));
  if ((recent?.n ?? 0) >= HOURLY_LIMIT) return { refused: "help:support.errors.rateLimit", status: 429 };
  const [row] = await db
    .insert(supportRequests)
    .values({ userId: reader.id, email: reader.email, ...input, language, appVersion })
    .returning({ id: supportRequests.id });
  const id = (row as { id: string }).id;
  await jobs.send("send-support-request", { requestId: id }, { singletonKey: id });
  return { id };
}

/** The user's latest requests, for their status on the help center. */
export function recentSupportRequests({ db }: Services, userId: string, limit = 5) {
  return newestRows(
    db,
    supportRequests,
    {
      id: supportRequests.id,
      topic: supportRequests.topic,
      message: supportRequests.message,
      status: supportRequests.status,
      createdAt: supportRequests.createdAt,
      sentAt: supportRequests.sentAt,
    },
    { owner: supportRequests.userId, id: userId, at: supportRequests.createdAt, limit },
  );
}
