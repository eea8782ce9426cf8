// A real loopback HTTP server speaking the part of the Telegram Bot API Kuzatuv uses: `sendMessage` (support
// requests, alerts), `getUpdates` with long polling and offsets, and `setWebhook` (then updates are POSTed to
// the app with the secret-token header, and getUpdates answers 409 as Telegram does). It checks the token in
// the path, keeps every message it accepted, and can be told to answer 503, 429 with retry_after, 403 for a
// chat that blocked the bot, or 400 "chat not found". `node tests/support/fake-telegram-bot.ts <port> <token>`
// runs it on its own for the browser tests, which read what it received from GET /received and play a user
// writing to the bot with POST /updates `{ chatId, text, username? }`.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export const FAKE_BOT_TOKEN = "123456:fake-bot-token-0123456789abcdefghij";

export interface SentMessage {
  chat_id: string | number;
  text: string;
  [key: string]: unknown;
}

export interface FakeUpdate {
  update_id: number;
  message: {
    message_id: number;
    date: number;
    text: string;
    chat: { id: number; type: "private"; username?: string; first_name: string };
    from: { id: number; is_bot: false; username?: string; first_name: string; language_code?: string };
  };
}

export interface FakeTelegramBot {
  /** The Bot API base URL (TELEGRAM_API_BASE). */
  url: string;
  /** Messages accepted, in order. */
  received: SentMessage[];
  /** Every request's path, accepted or not (to see retries). */
  requests: string[];
  /** Every sendMessage call: to which chat, when, and the status answered. */
  sendAttempts: Array<{ chatId: string; at: number; status: number }>;
  /** The next `n` sendMessage calls answer 503. */
  down(n: number): void;
  /** The next sendMessage call answers 429 with `retry_after` seconds. */
  tooManyRequests(retryAfter: number): void;
  /** sendMessage to this chat answers 403 "bot was blocked by the user" from now on. */
  block(chatId: number | string): void;
  /** sendMessage to this chat answers 400 "chat not found" from now on. */
  forget(chatId: number | string): void;
  /**
   * A user writes `text` to the bot: delivered to the webhook when one is set (answering the app's status),
   * else kept for getUpdates (answering null).
   */
  userWrites(
    chatId: number,
    text: string,
    from?: { username?: string; language_code?: string },
  ): Promise<number | null>;
  /**
   * Telegram delivers the webhook's last update again, as it does when it got no answer in time (answering the
   * app's status).
   */
  redeliver(): Promise<number>;
  /** The webhook set with setWebhook, if any. */
  webhook(): { url: string; secret: string | undefined } | null;
  close(): Promise<void>;
}

export async function startFakeTelegramBot(token = FAKE_BOT_TOKEN, port = 0): Promise<FakeTelegramBot> {
  const received: SentMessage[] = [];
  const requests: string[] = [];
  const sendAttempts: FakeTelegramBot["sendAttempts"] = [];
  const blocked = new Set<string>();
  const forgotten = new Set<string>();
  let failures = 0;
  let retryAfter: number | null = null;
  let webhook: { url: string; secret: string | undefined } | null = null;
  let pending: FakeUpdate[] = [];
  let lastDelivered: FakeUpdate | null = null;
  let nextUpdateId = 1;
  // Long polls waiting for an update.
  const waiting = new Set<() => void>();

  const server = createServer(async (req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, any>) : {};
    if (req.method === "GET" && req.url === "/received") return answer(200, received);
    if (req.method === "POST" && req.url === "/updates") {
      return answer(200, { webhook: await bot.userWrites(Number(body.chatId), String(body.text), body) });
    }
    requests.push(req.url ?? "");
    const method = req.method === "POST" && req.url?.startsWith(`/bot${token}/`) ? req.url.slice(token.length + 5) : "";
    if (method === "sendMessage") {
      const chatId = String(body.chat_id);
      const refuse = (status: number, description: string, parameters?: object) => {
        sendAttempts.push({ chatId, at: Date.now(), status });
        answer(status, { ok: false, error_code: status, description, ...(parameters ? { parameters } : {}) });
      };
      if (failures > 0) {
        failures--;
        return refuse(503, "Service Unavailable");
      }
      if (retryAfter !== null) {
        const seconds = retryAfter;
        retryAfter = null;
        return refuse(429, `Too Many Requests: retry after ${seconds}`, { retry_after: seconds });
      }
      if (blocked.has(chatId)) return refuse(403, "Forbidden: bot was blocked by the user");
      if (forgotten.has(chatId)) return refuse(400, "Bad Request: chat not found");
      if (!body.chat_id || !body.text) return refuse(400, "Bad Request: message text is empty");
      sendAttempts.push({ chatId, at: Date.now(), status: 200 });
      received.push(body as SentMessage);
      return answer(200, {
        ok: true,
        result: { message_id: received.length, chat: { id: Number(body.chat_id) }, text: body.text },
      });
    }
    if (method === "getUpdates") {
      if (webhook) {
        return answer(409, {
          ok: false,
          error_code: 409,
          description:
            "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
        });
      }
      const offset = Number(body.offset ?? 0);
      // Updates before the offset are confirmed: Telegram forgets them.
      pending = pending.filter((u) => u.update_id >= offset);
      if (pending.length === 0 && Number(body.timeout) > 0) {
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiting.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, Number(body.timeout) * 1000);
          waiting.add(wake);
          req.socket.once("close", wake);
        });
      }
      return answer(200, { ok: true, result: pending });
    }
    if (method === "setWebhook") {
      webhook = body.url ? { url: String(body.url), secret: body.secret_token } : null;
      return answer(200, { ok: true, result: true });
    }
    if (method === "deleteWebhook") {
      webhook = null;
      return answer(200, { ok: true, result: true });
    }
    answer(404, { ok: false, error_code: 404, description: "Not Found" });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));

  async function deliver(to: { url: string; secret: string | undefined }, update: FakeUpdate) {
    lastDelivered = update;
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (to.secret) headers["X-Telegram-Bot-Api-Secret-Token"] = to.secret;
    const response = await fetch(to.url, { method: "POST", headers, body: JSON.stringify(update) });
    await response.body?.cancel();
    return response.status;
  }
  const bot: FakeTelegramBot = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    requests,
    sendAttempts,
    down(n) {
      failures = n;
    },
    tooManyRequests(seconds) {
      retryAfter = seconds;
    },
    block(chatId) {
      blocked.add(String(chatId));
    },
    forget(chatId) {
      forgotten.add(String(chatId));
    },
    async userWrites(chatId, text, from = {}) {
      const user = { first_name: "Test", username: from.username };
      const update: FakeUpdate = {
        update_id: nextUpdateId++,
        message: {
          message_id: nextUpdateId,
          date: Math.floor(Date.now() / 1000),
          text,
          chat: { id: chatId, type: "private", ...user },
          from: { id: chatId, is_bot: false, ...user, language_code: from.language_code },
        },
      };
      if (webhook) return deliver(webhook, update);
      pending.push(update);
      for (const wake of [...waiting]) wake();
      return null;
    },
    redeliver() {
      if (!webhook || !lastDelivered) throw new Error("no update was delivered to a webhook");
      return deliver(webhook, lastDelivered);
    },
    webhook: () => webhook,
    close: () =>
      new Promise((resolve) => {
        for (const wake of [...waiting]) wake();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return bot;
}

if (import.meta.main) {
  const [port, token] = process.argv.slice(2);
  const bot = await startFakeTelegramBot(token ?? FAKE_BOT_TOKEN, Number(port ?? 0));
  console.log(`fake Telegram Bot API on ${bot.url}`);
}
