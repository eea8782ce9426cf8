import { data } from "react-router";
import { preferencesContext } from "~/core/context.server";
import { CHARTS, type ChartId } from "~/features/analytics/filters";
import { chartTable, toCsv } from "~/features/analytics/page.server";
import { requireUser } from "~/features/auth/guard.server";
import { readerLanguage } from "~/features/settings/preferences.server";
import type { Route } from "./+types/analytics.export";

/** One analytics chart's numbers as CSV, for the page's filters (`chart` names the chart). */
export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireUser(context);
  const chart = url.searchParams.get("chart");
  if (!CHARTS.includes(chart as ChartId)) throw data(null, { status: 404 });
  const preferences = context.get(preferencesContext);
  const reader = {
    user,
    activeProjectId: preferences?.activeProjectId ?? null,
    timeZone: preferences?.timezone ?? "UTC",
    language: readerLanguage(context),
  };
  const csv = toCsv(await chartTable(chart as ChartId, reader, url.searchParams));
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="kuzatuv-${chart}-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
