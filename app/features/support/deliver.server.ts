// Delivery of a stored support request to the Telegram support chat (the "send-support-request" job):
// one Bot API `sendMessage`, retried by the queue with backoff. The bot's token is part of the Bot API's
// URL, so no URL or library error text is ever stored, thrown or logged as is (ADR 034).
import { eq } from "drizzle-orm";
import type { Services } from "~/core/context.server";
import { supportRequests } from "~/db/schema";
import type { Env } from "~/lib/env.server";
import { BotApiError, callBotApi } from "~/lib/telegram.server";

/** Tries in all (the queue's retryLimit is one less): with backoff capped at 15 minutes, about three hours. */
export const SUPPORT_ATTEMPTS = 20;

type SupportRequest = typeof supportRequests.$inferSelect;

/** The message the support chat reads: who asks, from where, then the question. Plain text, no markup. */
export function supportMessageText(request: SupportRequest): string {
  return [
    `Support request · ${request.topic}`,
    `From: ${request.email}`,
    `Language: ${request.language} · Kuzatuv ${request.appVersion}`,
    ...(request.pageUrl ? [`Page: ${request.pageUrl}`] : []),
    `Request: ${request.id}`,
    "",
    request.message,
  ].join("\n");
}

class DeliveryError extends Error {}

async function sendMessage(env: Env, text: string, signal?: AbortSignal): Promise<void> {
  const chatId = env.TELEGRAM_SUPPORT_CHAT_ID;
  if (!env.TELEGRAM_BOT_TOKEN || !chatId) throw new DeliveryError("the support chat is not configured");
  const message = { chat_id: chatId, text, link_preview_options: { is_disabled: true } };
  await callBotApi(env, "sendMessage", message, { signal });
}

/** Sends one stored request (nothing when it was sent already); a failure is recorded, then thrown for a retry. */
export async function deliverSupportRequest(
  { db, env }: Services,
  requestId: string,
  signal?: AbortSignal,
): Promise<void> {
  const [request] = await db.select().from(supportRequests).where(eq(supportRequests.id, requestId));
  if (!request || request.status === "sent") return;
  const attempts = request.attempts + 1;
  try {
    await sendMessage(env, supportMessageText(request), signal);
  } catch (error) {
    const reason =
      error instanceof DeliveryError || error instanceof BotApiError ? error.message : "an unexpected error";
    await db
      .update(supportRequests)
      .set({ attempts, lastError: reason, status: attempts >= SUPPORT_ATTEMPTS ? "failed" : "queued" })
      .where(eq(supportRequests.id, requestId));
    throw new Error(`Support request ${requestId} not delivered (attempt ${attempts}): ${reason}`);
  }
  await db
    .update(supportRequests)
    .set({ attempts, lastError: null, status: "sent", sentAt: new Date() })
    .where(eq(supportRequests.id, requestId));
}
