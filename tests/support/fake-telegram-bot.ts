// A real loopback HTTP server speaking the part of the Telegram Bot API Kuzatuv uses (`sendMessage`), for
// tests of the support form. It checks the token in the path, keeps every message it accepted, and can be
// told to be down (503) for the next requests. `node tests/support/fake-telegram-bot.ts <port> <token>` runs it
// on its own for the browser tests, which read what it received from GET /received.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export const FAKE_BOT_TOKEN = "123456:fake-bot-token-0123456789abcdefghij";

export interface SentMessage {
  chat_id: string | number;
  text: string;
  [key: string]: unknown;
}

export interface FakeTelegramBot {
  /** The Bot API base URL (TELEGRAM_API_BASE). */
  url: string;
  /** Messages accepted, in order. */
  received: SentMessage[];
  /** Every request's path, accepted or not (to see retries). */
  requests: string[];
  /** The next `n` sendMessage calls answer 503. */
  down(n: number): void;
  close(): Promise<void>;
}

export async function startFakeTelegramBot(token = FAKE_BOT_TOKEN, port = 0): Promise<FakeTelegramBot> {
  const received: SentMessage[] = [];
  const requests: string[] = [];
  let failures = 0;
  const server = createServer(async (req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.method === "GET" && req.url === "/received") return answer(200, received);
    requests.push(req.url ?? "");
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.url !== `/bot${token}/sendMessage` || req.method !== "POST") {
      return answer(404, { ok: false, error_code: 404, description: "Not Found" });
    }
    if (failures > 0) {
      failures--;
      return answer(503, { ok: false, error_code: 503, description: "Service Unavailable" });
    }
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as SentMessage;
    if (!body.chat_id || !body.text) {
      return answer(400, { ok: false, error_code: 400, description: "Bad Request: message text is empty" });
    }
    received.push(body);
    answer(200, {
      ok: true,
      result: { message_id: received.length, chat: { id: Number(body.chat_id) }, text: body.text },
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    requests,
    down(n) {
      failures = n;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

if (import.meta.main) {
  const [port, token] = process.argv.slice(2);
  const bot = await startFakeTelegramBot(token ?? FAKE_BOT_TOKEN, Number(port ?? 0));
  console.log(`fake Telegram Bot API on ${bot.url}`);
}
