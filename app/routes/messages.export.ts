import { requireReader, servicesOf } from "~/core/context.server";
import { mentionsCsv } from "~/features/mentions/export.server";
import { feedOf } from "~/features/mentions/feed.server";
import type { Route } from "./+types/messages.export";

/** "Export CSV": the feed's current search and filters, streamed. */
export function loader({ context, url }: Route.LoaderArgs) {
  const reader = requireReader(context);
  const { fileName, body } = mentionsCsv(servicesOf(context), reader, feedOf(reader, url.searchParams));
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
    },
  });
}
