// Telegram's webhook for the bot (ADR 045): only with TELEGRAM_WEBHOOK_SECRET, which Telegram sends back in
// X-Telegram-Bot-Api-Secret-Token. No same-origin check: the sender is Telegram, kept honest by that secret.
import { servicesOf } from "~/core/context.server";
import { receiveTelegramUpdate } from "~/features/alerts/telegram-link.server";
import type { Route } from "./+types/api.telegram.webhook";

export async function action({ request, context }: Route.ActionArgs) {
  const { status, body } = await receiveTelegramUpdate(
    servicesOf(context),
    request.headers.get("X-Telegram-Bot-Api-Secret-Token"),
    () => request.json(),
  );
  return Response.json(body, { status });
}
