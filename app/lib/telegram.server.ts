// The one Telegram Bot API client (support requests, alerts, linking). The bot's token is part of every Bot
// API URL, so no URL or library error text leaves this module: failures are described in our own words, and
// the token is replaced should Telegram ever echo it (ADR 034).
import type { Env } from "./env.server.ts";

const TIMEOUT_MS = 15_000;

/** A call that did not succeed: HTTP status (null when Telegram was not reached) and what Telegram said. */
export class BotApiError extends Error {
  readonly status: number | null;
  readonly description: string | null;
  /** A 429's `parameters.retry_after`: seconds to wait before the next call. */
  readonly retryAfter: number | null;
  constructor(
    message: string,
    status: number | null,
    description: string | null = null,
    retryAfter: number | null = null,
  ) {
    super(message);
    this.name = "BotApiError";
    this.status = status;
    this.description = description;
    this.retryAfter = retryAfter;
  }
}

type BotEnv = Pick<Env, "TELEGRAM_API_BASE" | "TELEGRAM_BOT_TOKEN">;

interface BotAnswer {
  ok?: boolean;
  result?: unknown;
  description?: unknown;
  parameters?: { retry_after?: unknown };
}

/**
 * Calls `method` with JSON `params` and returns its `result`. `timeoutMs` bounds the whole call (a long
 * poll's must exceed its own `timeout`); `signal` cancels it (a stopping job).
 */
export async function callBotApi<T>(
  env: BotEnv,
  method: string,
  params: Record<string, unknown>,
  { signal, timeoutMs = TIMEOUT_MS }: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<T> {
  const token = env.TELEGRAM_BOT_TOKEN;
  if (!token) throw new BotApiError("the Telegram bot is not configured", null);
  const signals = [AbortSignal.timeout(timeoutMs), ...(signal ? [signal] : [])];
  let response: Response;
  try {
    response = await fetch(`${env.TELEGRAM_API_BASE}/bot${token}/${method}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(params),
      signal: AbortSignal.any(signals),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
    throw new BotApiError(`the Bot API could not be reached (${cause})`, null);
  }
  const body = (await response.json().catch(() => null)) as BotAnswer | null;
  if (response.ok && body?.ok === true) return body.result as T;
  const description =
    typeof body?.description === "string" ? body.description.slice(0, 200).replaceAll(token, "<token>") : null;
  const retryAfter = Number(body?.parameters?.retry_after);
  throw new BotApiError(
    `the Bot API answered ${response.status}${description ? `: ${description}` : ""}`,
    response.status,
    description,
    Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : null,
  );
}
