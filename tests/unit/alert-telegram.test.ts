// Alerts in Telegram (ADR 045), against a fake Bot API on loopback, the real job queue, the real auth service
// and a real database: linking by a one-time deep link (heard by polling getUpdates, or by Telegram's webhook),
// per-project choices, alerts and scheduled reports in each user's language, 429's retry_after, and chats
// that blocked the bot unlinking themselves.
import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { alerts, reports, telegramChoices, telegramLinks, telegramMessages } from "~/db/schema";
import { deliverAlert } from "~/features/alerts/deliver.server";
import { queueTelegramMessages } from "~/features/alerts/telegram-send.server";
import { runScheduledReport } from "~/features/reports/generate.server";
import { loadPreferences, updatePreferences } from "~/features/settings/preferences.server";
import { ingest } from "~/features/sources/ingest.server";
import { parseEnv } from "~/lib/env.server";
import { action, loader } from "~/routes/_app.settings.notifications";
import { action as webhookAction } from "~/routes/api.telegram.webhook";
import type { RunningJobQueue } from "../../server/jobs/queue";
import { startAuthService } from "../support/auth-service";
import { aProject, aSource, openTestDatabase, usualMonth } from "../support/builders";
import { FAKE_BOT_TOKEN, type FakeTelegramBot, startFakeTelegramBot } from "../support/fake-telegram-bot";
import { jobsSettled, startTestJobQueue } from "../support/jobs";
import { callRoute, formPost } from "../support/route";
import { setTestEnv, testEnv, testServices } from "../support/services";
import { signedInContext } from "../support/session";

let handle: DatabaseHandle;
let bot: FakeTelegramBot;
let auth: Awaited<ReturnType<typeof startAuthService>>;
let queue: RunningJobQueue;

beforeAll(async () => {
  handle = await openTestDatabase();
  bot = await startFakeTelegramBot();
  setTestEnv(
    parseEnv({
      ...process.env,
      TELEGRAM_SUPPORT_BOT: "kuzatuv_alerts_bot",
      TELEGRAM_BOT_TOKEN: FAKE_BOT_TOKEN,
      TELEGRAM_API_BASE: bot.url,
      APP_URL: "https://kuzatuv.example",
    }),
  );
  auth = await startAuthService({ serviceKey: testEnv().authServiceKey });
  testEnv().authServiceUrl = auth.url;
  queue = await startTestJobQueue(handle);
});
afterAll(async () => {
  await queue.stop(1_000);
  await bot.close();
  await auth.close();
  await handle.close();
});

type Context = Awaited<ReturnType<typeof signedInContext>>["context"];
/** A route handler called as React Router would, with a signed-in user's context. */
async function call<T>(handler: (args: never) => T, request: Request, context: Context) {
  try {
    return await handler({ request, context, params: {}, url: new URL(request.url), pattern: "" } as never);
  } catch (thrown) {
    return thrown;
  }
}
const settings = async (context: Context) =>
  (await call(loader, new Request("http://localhost/settings/notifications"), context)) as Awaited<
    ReturnType<typeof loader>
  >;
const post = (context: Context, fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v);
  return call(action, new Request("http://localhost:3000/settings/notifications", { method: "POST", body }), context);
};
const linkCode = async (context: Context) => {
  const result = (await post(context, { intent: "telegram-link" })) as { telegramLink: string };
  const code = result.telegramLink.match(/^https:\/\/t\.me\/kuzatuv_alerts_bot\?start=([\w-]+)$/)?.[1];
  expect(code, result.telegramLink).toBeTruthy();
  return code as string;
};
const messagesTo = (chatId: number) => bot.received.filter((m) => String(m.chat_id) === String(chatId));
const linkOf = async (userId: string) =>
  (await handle.db.select().from(telegramLinks).where(eq(telegramLinks.userId, userId)))[0];

/** Links a user's chat as a finished linking leaves it, and chooses `kinds` for `projectId`. */
async function linked(userId: string, chatId: number, projectId?: string, kinds: string[] = []) {
  await handle.db
    .insert(telegramLinks)
    .values({ userId, chatId: String(chatId), chatName: "@someone", linkedAt: new Date() })
    .onConflictDoUpdate({ target: telegramLinks.userId, set: { chatId: String(chatId) } });
  if (projectId) {
    await handle.db.insert(telegramChoices).values({
      userId,
      projectId,
      volume: kinds.includes("volume"),
      negative: kinds.includes("negative"),
      reports: kinds.includes("reports"),
    });
  }
}

describe("linking Telegram", () => {
  it("issues a one-time code kept only as its hash; the bot hears /start by polling, links the chat and confirms in the user's language", async () => {
    const { user, context } = await signedInContext({ language: "ru" });
    const before = await settings(context);
    expect(before.telegram).toMatchObject({ bot: "kuzatuv_alerts_bot", linked: null, codeOpen: false });

    const code = await linkCode(context);
    const row = await linkOf(user.id);
    expect(row?.codeHash).toBe(createHash("sha256").update(code).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(code);
    expect((await settings(context)).telegram.codeOpen).toBe(true);

    await bot.userWrites(5001, `/start ${code}`, { username: "aziza", language_code: "en" });
    await expect.poll(() => messagesTo(5001).length, { timeout: 15_000 }).toBe(1);
    // The user's interface language, not the Telegram app's.
    expect(messagesTo(5001)[0]?.text).toBe(
      "Готово: в этот чат теперь приходят ваши оповещения Kuzatuv. Какие проекты и оповещения присылать сюда, выберите в разделе Настройки → Уведомления.",
    );
    const after = await settings(context);
    expect(after.telegram).toMatchObject({ linked: { chatName: "@aziza" }, codeOpen: false, lost: null });
    // Nothing is left open, so the poller stops.
    await jobsSettled(handle);
    expect(bot.requests.filter((r) => r.endsWith("/getUpdates")).length).toBeGreaterThan(0);
  });

  it("through Telegram's webhook with its secret header: a used or expired code is refused, a redelivery or forged call is not heard", async () => {
    const env = testEnv();
    env.TELEGRAM_WEBHOOK_SECRET = "a-webhook-secret-of-some-length";
    // The app's webhook route on loopback, which the fake Bot API calls as Telegram would.
    const app: Server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const request = new Request(`http://127.0.0.1${req.url}`, {
        method: "POST",
        headers: req.headers as Record<string, string>,
        body: Buffer.concat(chunks),
      });
      const response = (await callRoute(webhookAction as never, request, [])) as Response;
      res.writeHead(response.status, { "content-type": "application/json" }).end(await response.text());
    });
    await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
    const hook = `http://127.0.0.1:${(app.address() as AddressInfo).port}/api/telegram/webhook`;
    try {
      const pollsBefore = bot.requests.filter((r) => r.endsWith("/getUpdates")).length;
      const { user, context } = await signedInContext({ language: "uz" });
      const code = await linkCode(context);
      // Registered as README says; now updates come to the app, and nothing polls.
      await fetch(`${bot.url}/bot${FAKE_BOT_TOKEN}/setWebhook`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ url: hook, secret_token: env.TELEGRAM_WEBHOOK_SECRET }),
      });

      expect(await bot.userWrites(6001, `/start ${code}`)).toBe(200);
      await expect.poll(() => messagesTo(6001).length, { timeout: 15_000 }).toBe(1);
      expect(messagesTo(6001)[0]?.text).toMatch(/^Tayyor: endi bu chatga Kuzatuv ogohlantirishlaringiz keladi/);
      expect((await linkOf(user.id))?.chatId).toBe("6001");
      // Telegram sends the same update again (it did not get the answer in time): the chat gets no second reply.
      expect(await bot.redeliver()).toBe(200);
      await jobsSettled(handle);
      expect(messagesTo(6001)).toHaveLength(1);

      // The same code again, from another chat: refused in that Telegram user's language; the link stays.
      expect(await bot.userWrites(6002, `/start ${code}`, { language_code: "ru" })).toBe(200);
      await expect
        .poll(() => messagesTo(6002).map((m) => m.text), { timeout: 15_000 })
        .toEqual([
          "Эта ссылка устарела или уже использована. В Kuzatuv откройте Настройки → Уведомления и снова нажмите «Подключить Telegram».",
        ]);
      expect((await linkOf(user.id))?.chatId).toBe("6001");

      // A code past its 10 minutes.
      const late = await signedInContext();
      const expired = await linkCode(late.context);
      await handle.db
        .update(telegramLinks)
        .set({ codeExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(telegramLinks.userId, late.user.id));
      await bot.userWrites(6003, `/start ${expired}`);
      await expect
        .poll(() => messagesTo(6003).map((m) => m.text), { timeout: 15_000 })
        .toEqual([expect.stringMatching(/^This link has expired or was already used/)]);
      expect((await linkOf(late.user.id))?.chatId).toBeNull();

      // Without the secret header, or with another one, nothing is heard.
      const forged = (secret?: string) =>
        fetch(hook, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            ...(secret ? { "X-Telegram-Bot-Api-Secret-Token": secret } : {}),
          },
          body: JSON.stringify({
            update_id: 99,
            message: { text: `/start ${expired}`, chat: { id: 6004, type: "private" } },
          }),
        });
      expect((await forged()).status).toBe(401);
      expect((await forged("not-the-secret-at-all")).status).toBe(401);
      await jobsSettled(handle);
      expect(messagesTo(6004)).toEqual([]);
      expect(bot.requests.filter((r) => r.endsWith("/getUpdates")).length).toBe(pollsBefore);
    } finally {
      delete env.TELEGRAM_WEBHOOK_SECRET;
      await fetch(`${bot.url}/bot${FAKE_BOT_TOKEN}/deleteWebhook`, { method: "POST" });
      await new Promise((resolve) => app.close(resolve));
    }
    // Without a secret configured, the route is not there.
    const off = (await callRoute(webhookAction as never, formPost("/api/telegram/webhook", {}), [])) as Response;
    expect(off.status).toBe(404);
  });

  it("keeps each user's choices per project they see; unlinking stops everything", async () => {
    const [seen, alsoSeen, hidden] = [await aProject(handle), await aProject(handle), await aProject(handle)];
    const { user, context } = await signedInContext({ projectIds: [seen.id, alsoSeen.id] });
    await linked(user.id, 6101);
    const saved = (await post(context, {
      intent: "telegram-choices",
      choice: [`${seen.id}:volume`, `${seen.id}:reports`, `${alsoSeen.id}:negative`, `${hidden.id}:volume`],
    })) as Response;
    expect(saved.status).toBe(302);
    const { telegram } = await settings(context);
    expect(telegram.projects.map((p) => [p.id, p.volume, p.negative, p.reports])).toEqual(
      expect.arrayContaining([
        [seen.id, true, false, true],
        [alsoSeen.id, false, true, false],
      ]),
    );
    expect(telegram.projects.map((p) => p.id)).not.toContain(hidden.id);
    const stored = await handle.db.select().from(telegramChoices).where(eq(telegramChoices.userId, user.id));
    expect(stored.map((c) => c.projectId).sort()).toEqual([seen.id, alsoSeen.id].sort());

    // Unticking is saving without the box.
    await post(context, { intent: "telegram-choices", choice: `${alsoSeen.id}:negative` });
    expect((await settings(context)).telegram.projects.find((p) => p.id === seen.id)).toMatchObject({
      volume: false,
      reports: false,
    });
    const bad = (await post(context, { intent: "telegram-choices", choice: "nonsense" })) as { init: ResponseInit };
    expect(bad.init.status).toBe(400);

    expect(((await post(context, { intent: "telegram-unlink" })) as Response).status).toBe(302);
    expect((await settings(context)).telegram).toMatchObject({ linked: null, lost: null });
  });

  it("says so, and sends nothing, when the workspace has no bot", async () => {
    const env = testEnv();
    const name = env.TELEGRAM_SUPPORT_BOT;
    env.TELEGRAM_SUPPORT_BOT = undefined;
    try {
      const { context } = await signedInContext();
      expect((await settings(context)).telegram.bot).toBeNull();
      const refused = (await post(context, { intent: "telegram-link" })) as { data: unknown; init: ResponseInit };
      expect(refused.init.status).toBe(503);
      expect(refused.data).toEqual({ telegramError: "settings:telegram.errors.off" });
    } finally {
      env.TELEGRAM_SUPPORT_BOT = name;
    }
  });
});

describe("delivery to Telegram", () => {
  let acme: Awaited<ReturnType<typeof aProject>>;
  let reported: Awaited<ReturnType<typeof aProject>>;
  let people: Array<{ id: string; email: string }>;
  const id = (email: string) => people.find((p) => p.email === email)!.id;
  beforeAll(async () => {
    acme = await aProject(handle, { name: "Acme", keywords: ["acme"], translations: { name: { ru: "Акме" } } });
    reported = await aProject(handle, { name: "Reported" });
    people = (await auth.service.ensureDemoAccounts(
      [
        { email: "ru.tg@example.com", roles: ["manager"], projectIds: [acme.id] },
        { email: "en.tg@example.com", roles: ["analyst"], projectIds: [acme.id] },
        { email: "negative-only.tg@example.com", roles: ["viewer"], projectIds: [acme.id] },
        { email: "quiet.tg@example.com", roles: ["viewer"], projectIds: [acme.id] },
        { email: "subscriber.tg@example.com", roles: ["analyst"], projectIds: [reported.id] },
        { email: "not-subscribed.tg@example.com", roles: ["analyst"], projectIds: [reported.id] },
      ].map((a) => ({ ...a, password: "correct horse battery" })) as never,
    ))!;
    for (const p of people) {
      await loadPreferences(testServices(), p.id, async () => ({ language: "en", timezone: "UTC", theme: "system" }));
    }
  });

  it("sends an alert to the linked chats that chose it, in each user's language, with the figure, why and a link; once", async () => {
    const project = acme;
    await updatePreferences(testServices(), id("ru.tg@example.com"), { language: "ru" });
    await updatePreferences(testServices(), id("quiet.tg@example.com"), { notify: "none" });
    await linked(id("ru.tg@example.com"), 7001, project.id, ["volume"]);
    await linked(id("en.tg@example.com"), 7002, project.id, ["volume", "negative"]);
    await linked(id("negative-only.tg@example.com"), 7003, project.id, ["negative"]);
    await linked(id("quiet.tg@example.com"), 7004, project.id, ["volume"]);

    await usualMonth(handle, project.id);
    const source = await aSource(handle);
    const spike = Array.from({ length: 40 }, (_, i) => ({ externalId: `tg-spike-${i}`, text: `acme news ${i}` }));
    await ingest(testServices(), source.id, spike);
    await jobsSettled(handle);

    const [alert] = await handle.db.select().from(alerts).where(eq(alerts.projectId, project.id));
    expect(alert).toMatchObject({ kind: "volume", value: 40 });
    const link = `https://kuzatuv.example/messages?project=${project.id}&from=${alert!.day}&to=${alert!.day}`;
    const [ru] = messagesTo(7001);
    expect(ru?.text).toMatch(/^Всплеск упоминаний «Акме»: 40 за .+ \(UTC\+5\), обычно 10\n\nУпоминания за этот день: /);
    expect(ru?.text.endsWith(link)).toBe(true);
    expect(messagesTo(7002).map((m) => m.text)).toEqual([
      expect.stringMatching(
        /^Volume spike in Acme: 40 mentions on .+ \(UTC\+5\), usually 10\n\nSee that day's mentions: /,
      ),
    ]);
    // Chose only negative-share jumps; chose no notifications at all.
    expect(messagesTo(7003)).toEqual([]);
    expect(messagesTo(7004)).toEqual([]);

    await handle.db.update(alerts).set({ deliveredAt: null }).where(eq(alerts.id, alert!.id));
    await deliverAlert(testServices(), alert!.id);
    await jobsSettled(handle);
    expect(messagesTo(7001)).toHaveLength(1);
    expect(messagesTo(7002)).toHaveLength(1);
  });

  it("sends a scheduled report to subscribers who chose reports, in their language, with its link", async () => {
    const project = reported;
    const [subscriber, other] = [id("subscriber.tg@example.com"), id("not-subscribed.tg@example.com")];
    await updatePreferences(testServices(), subscriber, { language: "uz-Cyrl" });
    await linked(subscriber, 7101, project.id, ["reports"]);
    await linked(other, 7102, project.id, ["reports"]);
    const [report] = await handle.db
      .insert(reports)
      .values({
        projectId: project.id,
        title: "Haftalik",
        periodKind: "last_week",
        periodStart: "2026-03-02",
        periodEnd: "2026-03-08",
        sections: ["kpis"],
        subscribers: [{ id: subscriber, email: "subscriber.tg@example.com" }],
        // Mailed already: this test is about Telegram.
        mailedAt: new Date(),
      })
      .returning();
    await runScheduledReport(testServices(), report!.id);
    await runScheduledReport(testServices(), report!.id);
    await jobsSettled(handle);
    expect(messagesTo(7101).map((m) => m.text)).toEqual([
      `Жадвал бўйича «Haftalik» ҳисоботи (2 март, 2026 – 8 март, 2026) тайёр\n\nҲисоботни очиш: https://kuzatuv.example/reports/${report!.id}`,
    ]);
    expect(messagesTo(7102)).toEqual([]);
  });

  it("waits as long as a 429's retry_after says before trying again", async () => {
    const { user } = await signedInContext();
    await linked(user.id, 8001);
    bot.tooManyRequests(3);
    await queueTelegramMessages(testServices(), [
      { userId: user.id, chatId: "8001", subject: "test:429", text: "Patience" },
    ]);
    const rowOf = async () =>
      (await handle.db.select().from(telegramMessages).where(eq(telegramMessages.subject, "test:429")))[0];
    // Refused once: the next try is set for retry_after from then (the usual first pause would be 5 s).
    await expect.poll(async () => (await rowOf())?.attempts, { timeout: 15_000, interval: 100 }).toBe(1);
    const waiting = await rowOf();
    expect(waiting).toMatchObject({
      status: "queued",
      lastError: "the Bot API answered 429: Too Many Requests: retry after 3",
    });
    const refusedAt = bot.sendAttempts.find((a) => a.chatId === "8001")!.at;
    expect(waiting!.nextAttemptAt!.getTime() - refusedAt).toBeGreaterThanOrEqual(3_000);
    expect(waiting!.nextAttemptAt!.getTime() - refusedAt).toBeLessThan(4_000);

    await expect.poll(async () => (await rowOf())?.status, { timeout: 20_000, interval: 200 }).toBe("sent");
    const tries = bot.sendAttempts.filter((a) => a.chatId === "8001");
    expect(tries.map((a) => a.status)).toEqual([429, 200]);
    expect(tries[1]!.at - tries[0]!.at).toBeGreaterThanOrEqual(3_000);
    expect(await rowOf()).toMatchObject({ attempts: 2, lastError: null });
  }, 30_000);

  it("unlinks a chat that blocked the bot, or that Telegram cannot find, and settings say so", async () => {
    const blocker = await signedInContext();
    const vanished = await signedInContext();
    await linked(blocker.user.id, 9001);
    await linked(vanished.user.id, 9002);
    bot.block(9001);
    bot.forget(9002);
    await queueTelegramMessages(testServices(), [
      { userId: blocker.user.id, chatId: "9001", subject: "test:blocked", text: "Hello?" },
      { userId: vanished.user.id, chatId: "9002", subject: "test:gone", text: "Hello?" },
    ]);
    await jobsSettled(handle);
    const rows = await handle.db.select().from(telegramMessages).where(eq(telegramMessages.chatId, "9001"));
    expect(rows).toEqual([expect.objectContaining({ status: "dropped", attempts: 1 })]);
    // Tried once, never again.
    expect(bot.sendAttempts.filter((a) => a.chatId === "9001").map((a) => a.status)).toEqual([403]);
    expect((await settings(blocker.context)).telegram).toMatchObject({ linked: null, lost: { reason: "blocked" } });
    expect((await settings(vanished.context)).telegram).toMatchObject({
      linked: null,
      lost: { reason: "chat_not_found" },
    });
    // Later messages for them are not even tried.
    await queueTelegramMessages(testServices(), [
      { userId: blocker.user.id, chatId: "9001", subject: "test:blocked-again", text: "Hello again?" },
    ]);
    await jobsSettled(handle);
    expect(bot.sendAttempts.filter((a) => a.chatId === "9001")).toHaveLength(1);
  });
});
