// The help center's "Contact support": configuration, the form's submission (stored first, then queued for
// the Telegram support chat), the per-user rate limit and the user's recent requests. Delivery is in
// deliver.server.ts (ADR 034).
import { and, count, desc, eq, gt, sql } from "drizzle-orm";
import type { CurrentUser } from "../../core/reader";
import { getDb } from "../../db/client.server";
import { supportRequests } from "../../db/schema";
import { getEnv } from "../../lib/env.server.ts";
import { formFailure, parseForm } from "../../lib/forms.server";
import { getJobQueue } from "../../lib/jobs.server";
import { supportRequestSchema } from "./schemas";

/** Requests one user may send in an hour, counted in the database so the limit holds on every instance. */
export const HOURLY_LIMIT = 5;

export interface SupportChannels {
  /** `https://t.me/<bot>` when TELEGRAM_SUPPORT_BOT is set. */
  botUrl: string | null;
  /** Whether the form can reach the support chat (a bot token and a chat id are set). */
  form: boolean;
}

export function supportChannels(): SupportChannels {
  const env = getEnv();
  return {
    botUrl: env.TELEGRAM_SUPPORT_BOT ? `https://t.me/${env.TELEGRAM_SUPPORT_BOT.replace(/^@/, "")}` : null,
    form: Boolean(env.TELEGRAM_BOT_TOKEN && env.TELEGRAM_SUPPORT_CHAT_ID),
  };
}

/**
 * Stores the question and queues its delivery. Answers the form result to show (bad input, the limit) or
 * the stored request's id.
 */
export async function submitSupportRequest(
  user: CurrentUser,
  form: FormData,
  { language, appVersion }: { language: string; appVersion: string },
) {
  const parsed = parseForm(form, supportRequestSchema);
  if (!parsed.success) return { failure: formFailure(parsed.result) };
  if (!supportChannels().form) {
    return { failure: formFailure({ values: parsed.values, formError: { key: "help:support.errors.off" } }, 503) };
  }
  const db = getDb();
  const [recent] = await db
    .select({ n: count() })
    .from(supportRequests)
    .where(and(eq(supportRequests.userId, user.id), gt(supportRequests.createdAt, sql`now() - interval '1 hour'`)));
  if ((recent?.n ?? 0) >= HOURLY_LIMIT) {
    return {
      failure: formFailure({ values: parsed.values, formError: { key: "help:support.errors.rateLimit" } }, 429),
    };
  }
  const [row] = await db
    .insert(supportRequests)
    .values({ userId: user.id, email: user.email, ...parsed.data, language, appVersion })
    .returning({ id: supportRequests.id });
  const id = (row as { id: string }).id;
  await getJobQueue().send("send-support-request", { requestId: id }, { singletonKey: id });
  return { id };
}

/** The user's latest requests, for their status on the help center. */
export function recentSupportRequests(userId: string, limit = 5) {
  return getDb()
    .select({
      id: supportRequests.id,
      topic: supportRequests.topic,
      message: supportRequests.message,
      status: supportRequests.status,
      createdAt: supportRequests.createdAt,
      sentAt: supportRequests.sentAt,
    })
    .from(supportRequests)
    .where(eq(supportRequests.userId, userId))
    .orderBy(desc(supportRequests.createdAt))
    .limit(limit);
}
