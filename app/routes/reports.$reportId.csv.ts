import { data } from "react-router";
import { found, requirePermission, requireReader, servicesOf } from "~/core/context.server";
import { reportCsv } from "~/features/reports/csv.server";
import { reportFileName } from "~/features/reports/pdf-file.server";
import { getReport } from "~/features/reports/reports.server";
import { readSnapshot } from "~/features/reports/snapshot";
import type { Route } from "./+types/reports.$reportId.csv";

/** "Download CSV": the report's tables from its snapshot; a foreign or unknown report is 404. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const reader = requireReader(context);
  requirePermission(reader, "reports.read");
  const report = found(await getReport(servicesOf(context), reader, params.reportId));
  if (!report.snapshot) throw data(null, { status: 404 });
  return new Response(reportCsv(readSnapshot(report.snapshot)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(reportFileName(report, "csv"))}`,
      "Cache-Control": "private, no-store",
    },
  });
}
