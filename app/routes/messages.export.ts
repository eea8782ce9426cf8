import { requireUser } from "~/features/auth/guard.server";
import { exportCsv } from "~/features/messages/export.server";
import { readerLanguage } from "~/features/settings/preferences.server";
import type { Route } from "./+types/messages.export";

/** "Export CSV": the feed's current search and filters, streamed. */
export function loader({ context, url }: Route.LoaderArgs) {
  return exportCsv(context, requireUser(context), url, readerLanguage(context));
}
