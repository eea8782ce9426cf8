// Telegram messages (ADR 045): stored first, then sent one by one by the `send-telegram` job with the Bot
// API's `sendMessage`. A 429 is tried again after its `retry_after`, other failures after a growing pause;
// a chat that blocked the bot or no longer exists unlinks itself and takes no more messages.
import { and, eq, sql } from "drizzle-orm";
import type { Services } from "~/core/context.server";
import { telegramLinks, telegramMessages } from "~/db/schema";
import { BotApiError, callBotApi } from "~/lib/telegram.server";

/** Tries in all; between them 5 s, doubling up to 15 minutes (about 40 minutes), or what a 429 asks for. */
export const TELEGRAM_ATTEMPTS = 8;
const FIRST_PAUSE_SECONDS = 5;
const LONGEST_PAUSE_SECONDS = 900;

export interface OutgoingMessage {
  /** Whose link `chatId` is; null for a reply to whoever wrote to the bot. */
  userId: string | null;
  chatId: string;
  /** "alert:<id>", "report:<id>": a user gets each once. */
  subject: string | null;
  text: string;
}

/** Stores the messages (each user's subject once) and queues a job for each one stored now. */
export async function queueTelegramMessages(services: Pick<Services, "db" | "jobs">, messages: OutgoingMessage[]) {
  if (messages.length === 0) return;
  const stored = await services.db
    .insert(telegramMessages)
    .values(messages)
    .onConflictDoNothing({ target: [telegramMessages.userId, telegramMessages.subject] })
    .returning({ id: telegramMessages.id });
  for (const { id } of stored) await services.jobs.send("send-telegram", { messageId: id }, { singletonKey: id });
}

/** Why Telegram will never take messages for this chat again, or null for a failure worth retrying. */
function chatGone(error: BotApiError): "blocked" | "chat_not_found" | null {
  // 403: "bot was blocked by the user", "user is deactivated", "bot was kicked from the group chat".
  if (error.status === 403) return "blocked";
  if (error.status === 400 && /chat not found/i.test(error.description ?? "")) return "chat_not_found";
  return null;
}

const pauseAfter = (attempts: number) => Math.min(FIRST_PAUSE_SECONDS * 2 ** (attempts - 1), LONGEST_PAUSE_SECONDS);

/** The `send-telegram` job: sends one stored message, or schedules its next try, or drops it. */
export async function sendTelegramMessage(services: Services, messageId: string, signal?: AbortSignal) {
  const { db, env, jobs } = services;
  const [message] = await db
    .select({ row: telegramMessages, linkedChat: telegramLinks.chatId })
    .from(telegramMessages)
    .leftJoin(telegramLinks, eq(telegramLinks.userId, telegramMessages.userId))
    .where(eq(telegramMessages.id, messageId));
  if (message?.row.status !== "queued") return;
  const { row } = message;
  const finish = (set: Partial<typeof telegramMessages.$inferInsert>) =>
    db.update(telegramMessages).set(set).where(eq(telegramMessages.id, messageId));
  // A user's message goes only to the chat they have linked now.
  if (row.userId && message.linkedChat !== row.chatId) {
    await finish({ status: "dropped", lastError: "the chat is no longer linked", nextAttemptAt: null });
    return;
  }
  const attempts = row.attempts + 1;
  try {
    const params = { chat_id: row.chatId, text: row.text, link_preview_options: { is_disabled: true } };
    await callBotApi(env, "sendMessage", params, { signal });
  } catch (error) {
    if (!(error instanceof BotApiError)) throw error;
    const gone = chatGone(error);
    if (gone) {
      await finish({ status: "dropped", attempts, lastError: error.message, nextAttemptAt: null });
      await unlinkChat(services, row.chatId, gone);
      return;
    }
    const gaveUp = attempts >= TELEGRAM_ATTEMPTS;
    const pause = error.status === 429 && error.retryAfter !== null ? error.retryAfter : pauseAfter(attempts);
    await finish({
      status: gaveUp ? "failed" : "queued",
      attempts,
      lastError: error.message,
      nextAttemptAt: gaveUp ? null : new Date(Date.now() + pause * 1000),
    });
    if (!gaveUp) await jobs.send("send-telegram", { messageId }, { singletonKey: messageId, startAfter: pause });
    return;
  }
  await finish({ status: "sent", attempts, lastError: null, nextAttemptAt: null, sentAt: new Date() });
}

/** Every user linked to a chat Telegram refuses is unlinked, with the reason their settings show. */
async function unlinkChat({ db }: Pick<Services, "db">, chatId: string, reason: "blocked" | "chat_not_found") {
  await db
    .update(telegramLinks)
    .set({
      chatId: null,
      chatName: null,
      linkedAt: null,
      lostAt: new Date(),
      lostReason: reason,
      updatedAt: sql`now()`,
    })
    .where(eq(telegramLinks.chatId, chatId));
  await db
    .update(telegramMessages)
    .set({ status: "dropped", lastError: "the chat refused messages", nextAttemptAt: null })
    .where(and(eq(telegramMessages.chatId, chatId), eq(telegramMessages.status, "queued")));
}
