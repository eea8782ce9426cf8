import { data } from "react-router";
import { found, requirePermission, requireReader, servicesOf } from "~/core/context.server";
import { reportPdf } from "~/features/reports/pdf-file.server";
import { getReport } from "~/features/reports/reports.server";
import type { Route } from "./+types/reports.$reportId.pdf";

/** "Download PDF": the report printed by the server's Chromium; a foreign or unknown report is 404. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const reader = requireReader(context);
  requirePermission(reader, "reports.read");
  const services = servicesOf(context);
  const report = found(await getReport(services, reader, params.reportId));
  if (!report.snapshot) throw data(null, { status: 404 });
  const { pdf, filename } = await reportPdf(services, { ...report, snapshot: report.snapshot });
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`,
      "Cache-Control": "private, no-store",
    },
  });
}
