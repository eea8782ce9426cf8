// Linking a user's Telegram chat through the workspace's bot (ADR 045): a one-time code in a deep link
// (`https://t.me/<bot>?start=<code>`, 10 minutes, stored as a hash), which the bot hears as `/start <code>`
// either from Telegram's webhook or by polling `getUpdates` on the job queue while a code is open. The
// linked chat gets a confirmation; a used or expired code gets a refusal.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, gt, inArray, isNotNull, like, lt, sql } from "drizzle-orm";
import type { Services } from "~/core/context.server";
import type { Reader } from "~/core/reader";
import { appMeta, telegramChoices, telegramLinks, userPreferences } from "~/db/schema";
import { listProjects } from "~/features/projects/projects.server";
import type { Language } from "~/i18n/config";
import type { Env } from "~/lib/env.server";
import { callBotApi } from "~/lib/telegram.server";
import { jobLanguage, jobTranslator } from "./mail-text.server.ts";
import { queueTelegramMessages } from "./telegram-send.server.ts";

export const LINK_CODE_MINUTES = 10;
/** How long one `getUpdates` waits for an update (Telegram's long polling). */
export const POLL_SECONDS = 25;
const OFFSET_KEY = "telegram_update_offset";
/** An update handled, kept as `telegram_update:<update_id>` for two days: Telegram keeps an update for one. */
const HANDLED_PREFIX = "telegram_update:";

/** The bot's username when linking is possible: a bot token and the bot's name (TELEGRAM_SUPPORT_BOT). */
export function linkingBot(env: Pick<Env, "TELEGRAM_BOT_TOKEN" | "TELEGRAM_SUPPORT_BOT">): string | null {
  return env.TELEGRAM_BOT_TOKEN && env.TELEGRAM_SUPPORT_BOT ? env.TELEGRAM_SUPPORT_BOT.replace(/^@/, "") : null;
}

const hashCode = (code: string) => createHash("sha256").update(code, "utf8").digest("hex");

/**
 * A new one-time code for the reader (replacing any open one) and the deep link that carries it; the code
 * itself is kept nowhere. Without a webhook, a poller is queued to hear the `/start`.
 */
export async function issueLinkCode(
  services: Services,
  reader: Reader,
  now = new Date(),
): Promise<{ url: string; expiresAt: Date } | { refused: string }> {
  const bot = linkingBot(services.env);
  if (!bot) return { refused: "settings:telegram.errors.off" };
  const code = randomBytes(18).toString("base64url");
  const expiresAt = new Date(now.getTime() + LINK_CODE_MINUTES * 60_000);
  const open = { codeHash: hashCode(code), codeExpiresAt: expiresAt, updatedAt: now };
  await services.db
    .insert(telegramLinks)
    .values({ userId: reader.id, ...open })
    .onConflictDoUpdate({ target: telegramLinks.userId, set: open });
  if (!services.env.TELEGRAM_WEBHOOK_SECRET) {
    await services.jobs.send("poll-telegram", {}, { singletonKey: "telegram" });
  }
  return { url: `https://t.me/${bot}?start=${code}`, expiresAt };
}

export async function unlinkTelegram({ db }: Pick<Services, "db">, userId: string) {
  await db
    .update(telegramLinks)
    .set({ chatId: null, chatName: null, linkedAt: null, lostAt: null, lostReason: null, updatedAt: sql`now()` })
    .where(eq(telegramLinks.userId, userId));
}

/** The part of a Telegram Update the bot reads. */
export interface TelegramUpdate {
  update_id: number;
  message?: {
    text?: string;
    chat?: { id?: number | string; type?: string };
    from?: { username?: string; first_name?: string; language_code?: string };
  };
}

const START = /^\/start(?:@\w+)?(?:\s+([\w-]{1,64}))?\s*$/;

/** A language of ours for a Telegram user's `language_code` (their app's language). */
const telegramLanguage = (code: string | undefined): Language =>
  code?.startsWith("ru") ? "ru" : code?.startsWith("uz") ? "uz" : "en";

/**
 * What the bot does with one update: `/start <code>` in a private chat links that chat to the code's user
 * (once, before it expires) and confirms it in their language; a used or expired code, or a bare `/start`,
 * gets an explanation, once per update however often it arrives. Everything else is ignored.
 */
export async function handleTelegramUpdate(services: Services, update: TelegramUpdate) {
  const message = update.message;
  const chatId = message?.chat?.id;
  const start = message?.text?.trim().match(START);
  if (!start || chatId === undefined || message?.chat?.type !== "private") return;
  if (!(await claimUpdate(services, update.update_id))) return;
  try {
    await answerStart(services, message, String(chatId), start[1]);
  } catch (error) {
    // Not handled after all: Telegram's next delivery of it (or the next poll) may try again.
    await services.db.delete(appMeta).where(eq(appMeta.key, `${HANDLED_PREFIX}${update.update_id}`));
    throw error;
  }
}

/**
 * Telegram delivers an update again when it got no answer in time, and a poll may meet one that a webhook had
 * (or an instance that stopped before storing its offset). False when the update was handled already, by this
 * instance or another: the ids are kept in the database.
 */
async function claimUpdate({ db }: Pick<Services, "db">, updateId: number): Promise<boolean> {
  const claimed = await db
    .insert(appMeta)
    .values({ key: `${HANDLED_PREFIX}${updateId}`, value: "" })
    .onConflictDoNothing()
    .returning({ key: appMeta.key });
  if (claimed.length === 0) return false;
  await db
    .delete(appMeta)
    .where(and(like(appMeta.key, `${HANDLED_PREFIX}%`), lt(appMeta.updatedAt, sql`now() - interval '2 days'`)));
  return true;
}

async function answerStart(
  services: Services,
  message: NonNullable<TelegramUpdate["message"]>,
  chat: string,
  code: string | undefined,
) {
  const reply = async (key: string, language: Language, userId: string | null = null) => {
    const t = await jobTranslator(language);
    await queueTelegramMessages(services, [{ userId, chatId: chat, subject: null, text: t(key) }]);
  };
  if (!code) return reply("alerts.channel.telegram.hello", telegramLanguage(message.from?.language_code));
  const name = message.from?.username ? `@${message.from.username}` : (message.from?.first_name ?? null);
  const [linked] = await services.db
    .update(telegramLinks)
    .set({
      chatId: chat,
      chatName: name,
      linkedAt: sql`now()`,
      codeHash: null,
      codeExpiresAt: null,
      lostAt: null,
      lostReason: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(telegramLinks.codeHash, hashCode(code)), gt(telegramLinks.codeExpiresAt, sql`now()`)))
    .returning({ userId: telegramLinks.userId });
  if (!linked) return reply("alerts.channel.telegram.codeRefused", telegramLanguage(message.from?.language_code));
  const [prefs] = await services.db
    .select({ language: userPreferences.language })
    .from(userPreferences)
    .where(eq(userPreferences.userId, linked.userId));
  await reply("alerts.channel.telegram.linked", jobLanguage(prefs?.language), linked.userId);
}

/**
 * Telegram's webhook (`/api/telegram/webhook`): only with TELEGRAM_WEBHOOK_SECRET set, and only when its
 * secret-token header carries it. Answers the HTTP status and body to send.
 */
export async function receiveTelegramUpdate(
  services: Services,
  presented: string | null,
  body: () => Promise<unknown>,
): Promise<{ status: number; body: { ok: boolean } }> {
  const secret = services.env.TELEGRAM_WEBHOOK_SECRET;
  if (!secret) return { status: 404, body: { ok: false } };
  const expected = createHash("sha256").update(secret).digest();
  const actual = createHash("sha256")
    .update(presented ?? "")
    .digest();
  if (!timingSafeEqual(expected, actual)) return { status: 401, body: { ok: false } };
  const update = (await body().catch(() => null)) as TelegramUpdate | null;
  if (typeof update?.update_id !== "number") return { status: 400, body: { ok: false } };
  await handleTelegramUpdate(services, update);
  return { status: 200, body: { ok: true } };
}

const codeOpen = async ({ db }: Pick<Services, "db">) =>
  (
    await db
      .select({ userId: telegramLinks.userId })
      .from(telegramLinks)
      .where(and(isNotNull(telegramLinks.codeHash), gt(telegramLinks.codeExpiresAt, sql`now()`)))
      .limit(1)
  ).length > 0;

/**
 * The `poll-telegram` job (one at a time, whichever instance): while some link code is open, asks Telegram
 * for the bot's updates (long polling) and handles each, remembering the offset so none is handled twice.
 */
export async function pollTelegramUpdates(services: Services, signal?: AbortSignal) {
  const { db, env } = services;
  if (env.TELEGRAM_WEBHOOK_SECRET || !env.TELEGRAM_BOT_TOKEN) return;
  while (!signal?.aborted && (await codeOpen(services))) {
    const [stored] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, OFFSET_KEY));
    const params = { offset: Number(stored?.value ?? 0), timeout: POLL_SECONDS, allowed_updates: ["message"] };
    const timeoutMs = (POLL_SECONDS + 10) * 1000;
    const updates = await callBotApi<TelegramUpdate[]>(env, "getUpdates", params, { signal, timeoutMs });
    for (const update of updates) {
      await handleTelegramUpdate(services, update);
      const offset = String(update.update_id + 1);
      await db
        .insert(appMeta)
        .values({ key: OFFSET_KEY, value: offset })
        .onConflictDoUpdate({ target: appMeta.key, set: { value: offset, updatedAt: sql`now()` } });
    }
  }
}

export const TELEGRAM_KINDS = ["volume", "negative", "reports"] as const;
export type TelegramKind = (typeof TELEGRAM_KINDS)[number];

/** What Settings → Notifications shows of Telegram for the reader. */
export async function telegramSettings(services: Services, reader: Reader) {
  const bot = linkingBot(services.env);
  if (!bot) return { bot: null, linked: null, lost: null, codeOpen: false, projects: [] };
  const [link] = await services.db.select().from(telegramLinks).where(eq(telegramLinks.userId, reader.id));
  const visible = await listProjects(services, reader);
  const chosen = visible.length
    ? await services.db
        .select()
        .from(telegramChoices)
        .where(
          and(
            eq(telegramChoices.userId, reader.id),
            inArray(
              telegramChoices.projectId,
              visible.map((p) => p.id),
            ),
          ),
        )
    : [];
  const choiceOf = new Map(chosen.map((c) => [c.projectId, c]));
  return {
    bot,
    linked: link?.chatId ? { chatName: link.chatName, linkedAt: link.linkedAt } : null,
    lost: link?.lostAt && link.lostReason ? { at: link.lostAt, reason: link.lostReason } : null,
    codeOpen: Boolean(link?.codeHash && link.codeExpiresAt && link.codeExpiresAt > new Date()),
    projects: visible.map((p) => ({
      id: p.id,
      name: p.name,
      volume: choiceOf.get(p.id)?.volume ?? false,
      negative: choiceOf.get(p.id)?.negative ?? false,
      reports: choiceOf.get(p.id)?.reports ?? false,
    })),
  };
}

/**
 * Stores the reader's choices for every project they see: `chosen` holds "<projectId>:<kind>" for each ticked
 * box; a project they see without any is all off. Projects they do not see are left alone.
 */
export async function saveTelegramChoices(services: Services, reader: Reader, chosen: ReadonlySet<string>) {
  const visible = await listProjects(services, reader);
  if (visible.length === 0) return;
  const rows = visible.map((p) => ({
    userId: reader.id,
    projectId: p.id,
    volume: chosen.has(`${p.id}:volume`),
    negative: chosen.has(`${p.id}:negative`),
    reports: chosen.has(`${p.id}:reports`),
  }));
  await services.db
    .insert(telegramChoices)
    .values(rows)
    .onConflictDoUpdate({
      target: [telegramChoices.userId, telegramChoices.projectId],
      set: {
        volume: sql`excluded.volume`,
        negative: sql`excluded.negative`,
        reports: sql`excluded.reports`,
      },
    });
}
