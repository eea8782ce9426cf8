import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { supportRequests } from "~/db/schema";
import { HOURLY_LIMIT } from "~/features/support/support.server";
import { type Env, parseEnv } from "~/lib/env.server";
import { APP_VERSION } from "~/lib/version";
import { action, loader } from "~/routes/_app.help-center._index";
import { openTestDatabase } from "../support/builders";
import { FAKE_BOT_TOKEN, type FakeTelegramBot, startFakeTelegramBot } from "../support/fake-telegram-bot";
import { jobsSettled, startTestJobQueue } from "../support/jobs";
import { call, formPost, statusOf } from "../support/route";
import { setTestEnv } from "../support/services";
import { signedInContext } from "../support/session";

const CHAT_ID = "-1001234567890";
let handle: DatabaseHandle;
let bot: FakeTelegramBot;
let queue: Awaited<ReturnType<typeof startTestJobQueue>>;
const logged: string[] = [];

function configure(overrides: Partial<Record<keyof Env, string>> = {}) {
  setTestEnv(
    parseEnv({
      ...process.env,
      TELEGRAM_SUPPORT_BOT: "kuzatuv_support_bot",
      TELEGRAM_BOT_TOKEN: FAKE_BOT_TOKEN,
      TELEGRAM_SUPPORT_CHAT_ID: CHAT_ID,
      TELEGRAM_API_BASE: bot.url,
      ...overrides,
    }),
  );
}

// The queue's log, as an operator would read it.
const log = pino(
  { level: "debug" },
  new Writable({
    write(chunk, _encoding, done) {
      logged.push(String(chunk));
      done();
    },
  }),
);

/** A queue whose jobs work with the configuration as `overrides` change it, as a restarted server's would. */
async function restartQueue(overrides: Partial<Record<keyof Env, string>> = {}) {
  await queue.stop(5_000);
  configure(overrides);
  queue = await startTestJobQueue(handle, { log });
}

beforeAll(async () => {
  handle = await openTestDatabase();
  bot = await startFakeTelegramBot();
  configure();
  queue = await startTestJobQueue(handle, { log });
});
afterAll(async () => {
  await queue.stop(5_000);
  await bot.close();
  await handle.close();
});
beforeEach(() => {
  configure();
});

type Context = Awaited<ReturnType<typeof signedInContext>>["context"];
const ask = (context: Context, fields: Record<string, string>) =>
  call(action, formPost("/help-center", { topic: "problem", ...fields }), context);
const rowsOf = (userId: string) => handle.db.select().from(supportRequests).where(eq(supportRequests.userId, userId));

describe("contact support", () => {
  it("stores the question, then the job sends it to the support chat with who asks, from where and the app version", async () => {
    const { user, context } = await signedInContext({ language: "ru" });
    const before = bot.received.length;
    const result = await ask(context, {
      message: "Лента RSS не собирается уже два дня.",
      pageUrl: "https://kuzatuv.example/sources/42",
    });
    expect(statusOf(result)).toBe(302);
    expect((result as Response).headers.get("Location")).toBe("/help-center#support");

    await jobsSettled(handle);
    const sent = bot.received.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.chat_id).toBe(CHAT_ID);
    const text = sent[0]?.text ?? "";
    expect(text).toContain(`From: ${user.email}`);
    expect(text).toContain(`Language: ru · Kuzatuv ${APP_VERSION}`);
    expect(text).toContain("Page: https://kuzatuv.example/sources/42");
    expect(text).toContain("Support request · problem");
    expect(text).toContain("Лента RSS не собирается уже два дня.");

    const [row] = await rowsOf(user.id);
    expect(row).toMatchObject({
      status: "sent",
      attempts: 1,
      lastError: null,
      language: "ru",
      appVersion: APP_VERSION,
    });

    // The user sees it as sent on the help center.
    const page = (await call(loader, new Request("http://localhost/help-center"), context)) as Awaited<
      ReturnType<typeof loader>
    >;
    expect(page.support).toMatchObject({ botUrl: "https://t.me/kuzatuv_support_bot", form: true });
    expect(page.support.requests.map((r) => r.status)).toEqual(["sent"]);
  });

  it("keeps a question while the Bot API is down, shows it queued, retries with backoff and then sends it", async () => {
    const { user, context } = await signedInContext();
    const before = bot.received.length;
    bot.down(2);
    const result = await ask(context, { message: "Where do I find the webhook secret?" });
    expect(statusOf(result)).toBe(302);

    // Stored before anything was sent; the failed attempts are recorded, not lost.
    await expect.poll(async () => (await rowsOf(user.id))[0]?.attempts, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    const [failed] = await rowsOf(user.id);
    expect(failed?.status).toBe("queued");
    expect(failed?.lastError).toBe("the Bot API answered 503: Service Unavailable");
    const page = (await call(loader, new Request("http://localhost/help-center"), context)) as Awaited<
      ReturnType<typeof loader>
    >;
    expect(page.support.requests.map((r) => r.status)).toEqual(["queued"]);

    await expect.poll(async () => (await rowsOf(user.id))[0]?.status, { timeout: 30_000, interval: 250 }).toBe("sent");
    const [row] = await rowsOf(user.id);
    expect(row?.attempts).toBe(3);
    expect(bot.received.slice(before).map((m) => m.text)).toEqual([
      expect.stringContaining("Where do I find the webhook secret?"),
    ]);
  }, 60_000);

  it("never shows the bot's token in what it stores or logs, even when Telegram cannot be reached", async () => {
    // Nothing listens on port 9 of loopback.
    await restartQueue({ TELEGRAM_API_BASE: "http://127.0.0.1:9" });
    const { user, context } = await signedInContext();
    await ask(context, { message: "Is the token safe when Telegram is unreachable?" });
    await expect.poll(async () => (await rowsOf(user.id))[0]?.attempts, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    const [row] = await rowsOf(user.id);
    expect(row?.lastError).toMatch(/^the Bot API could not be reached/);
    expect(logged.join("")).toContain("not delivered");
    for (const text of [row?.lastError ?? "", logged.join("")]) {
      expect(text).not.toContain(FAKE_BOT_TOKEN);
      expect(text).not.toContain(FAKE_BOT_TOKEN.split(":")[1]);
    }
    // Delivered once Telegram is back.
    await restartQueue();
    await expect.poll(async () => (await rowsOf(user.id))[0]?.status, { timeout: 30_000, interval: 250 }).toBe("sent");
  }, 60_000);

  it("answers bad input with translated errors per field and keeps what was typed; nothing is stored", async () => {
    const { user, context } = await signedInContext();
    const result = (await ask(context, { topic: "gossip", message: "short", pageUrl: "javascript:alert(1)" })) as {
      data: { values: Record<string, string>; fieldErrors: Record<string, string> };
      init: ResponseInit;
    };
    expect(result.init.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({
      topic: "help:support.errors.topic",
      message: "help:support.errors.messageShort",
      pageUrl: "help:support.errors.pageUrl",
    });
    expect(result.data.values).toMatchObject({ message: "short", pageUrl: "javascript:alert(1)" });
    const long = (await ask(context, { message: "x".repeat(3001) })) as { data: { fieldErrors: object } };
    expect(long.data.fieldErrors).toEqual({ message: "help:support.errors.messageLong" });
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it(`limits each user to ${HOURLY_LIMIT} questions an hour, counted in the database`, async () => {
    const { user, context } = await signedInContext();
    for (let i = 0; i < HOURLY_LIMIT; i++) {
      expect(statusOf(await ask(context, { message: `Question number ${i + 1} for support` }))).toBe(302);
    }
    const refused = (await ask(context, { message: "One question too many" })) as {
      data: { formError: { key: string }; values: Record<string, string> };
      init: ResponseInit;
    };
    expect(refused.init.status).toBe(429);
    expect(refused.data.formError).toEqual({ key: "help:support.errors.rateLimit" });
    expect(refused.data.values.message).toBe("One question too many");
    expect(await rowsOf(user.id)).toHaveLength(HOURLY_LIMIT);

    // An hour later the user may write again; another user was never limited.
    await handle.db
      .update(supportRequests)
      .set({ createdAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(supportRequests.userId, user.id));
    expect(statusOf(await ask(context, { message: "A new question after an hour" }))).toBe(302);
    const other = await signedInContext();
    expect(statusOf(await ask(other.context, { message: "Someone else's question" }))).toBe(302);
    await jobsSettled(handle);
  });

  it("offers only what is configured: no form without a bot token and chat, no link without a bot name", async () => {
    configure({ TELEGRAM_BOT_TOKEN: "", TELEGRAM_SUPPORT_CHAT_ID: "", TELEGRAM_SUPPORT_BOT: "" });
    const { context } = await signedInContext();
    const page = (await call(loader, new Request("http://localhost/help-center"), context)) as Awaited<
      ReturnType<typeof loader>
    >;
    expect(page.support).toEqual({ botUrl: null, form: false, requests: [] });
    const refused = (await ask(context, { message: "Is anyone there to read this?" })) as {
      data: { formError: { key: string } };
      init: ResponseInit;
    };
    expect(refused.init.status).toBe(503);
    expect(refused.data.formError).toEqual({ key: "help:support.errors.off" });
  });
});
