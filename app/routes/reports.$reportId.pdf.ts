import { data } from "react-router";
import { requireUser } from "~/features/auth/guard.server";
import { reportPdf } from "~/features/reports/pdf-file.server";
import { getReport } from "~/features/reports/reports.server";
import type { Route } from "./+types/reports.$reportId.pdf";

/** "Download PDF": the report printed by the server's Chromium; a foreign or unknown report is 404. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const report = await getReport(requireUser(context), params.reportId);
  if (!report.snapshot) throw data(null, { status: 404 });
  const { pdf, filename } = await reportPdf({ ...report, snapshot: report.snapshot });
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`,
      "Cache-Control": "private, no-store",
    },
  });
}
