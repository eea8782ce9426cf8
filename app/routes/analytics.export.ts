import { data } from "react-router";
import { requireReader, servicesOf } from "~/core/context.server";
import { today } from "~/core/period";
import { CHARTS, type ChartId } from "~/features/analytics/filters";
import { chartTable, toCsv } from "~/features/analytics/page.server";
import type { Route } from "./+types/analytics.export";

/** One analytics chart's numbers as CSV, for the page's filters (`chart` names the chart). */
export async function loader({ context, url }: Route.LoaderArgs) {
  const reader = requireReader(context);
  const chart = url.searchParams.get("chart");
  if (!CHARTS.includes(chart as ChartId)) throw data(null, { status: 404 });
  const csv = toCsv(await chartTable(servicesOf(context), reader, chart as ChartId, url.searchParams));
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="kuzatuv-${chart}-${today(reader.timeZone)}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
