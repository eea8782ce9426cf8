import type { Services } from "~/core/context.server";
import type { reports } from "~/db/schema";
import { reportFormatter } from "./format";
import { printPdf } from "./pdf.server";
import { renderReportHtml, reportT } from "./render.server";
import { readSnapshot } from "./snapshot";

type Report = typeof reports.$inferSelect;

/** A generated report as a PDF file, with the name it is downloaded or attached under. */
export async function reportPdf(
  { env }: Pick<Services, "env">,
  report: Report & { snapshot: Record<string, unknown> },
) {
  const snapshot = readSnapshot(report.snapshot);
  const t = await reportT(report.language);
  const format = reportFormatter(report);
  const html = await renderReportHtml({ ...report, snapshot });
  const pdf = await printPdf(env, html, {
    footerLabel: `${report.title} · ${t("document.generatedAt", { time: format.dateTimeWithZone(snapshot.generatedAt) })}`,
  });
  return { pdf, filename: reportFileName(report, "pdf") };
}

/** `<title>-<from>-<to>.<ext>`, with only letters, digits and dashes (any script) in the title part. */
export function reportFileName(report: Pick<Report, "title" | "periodStart" | "periodEnd">, ext: string) {
  const title = report.title
    .normalize("NFC")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);
  return `${title || "report"}-${report.periodStart}-${report.periodEnd}.${ext}`;
}
