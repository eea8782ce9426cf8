import type { reports } from "../../db/schema";
import { sendMail } from "../../lib/mail.server";
import { reportFormatter } from "./format";
import { reportPdf } from "./pdf-file.server";
import { reportT } from "./render.server";

type Report = typeof reports.$inferSelect;

/** Sends a generated report, PDF attached, to its subscribers, in the report's language. */
export async function mailReport(report: Report) {
  if (!report.snapshot) throw new Error(`Report ${report.id} has no snapshot to send`);
  const t = await reportT(report.language);
  const format = reportFormatter(report);
  const period = `${format.date(`${report.periodStart}T12:00:00Z`)} – ${format.date(`${report.periodEnd}T12:00:00Z`)}`;
  const { pdf, filename } = await reportPdf({ ...report, snapshot: report.snapshot });
  await sendMail({
    to: report.subscribers.map((s) => s.email),
    subject: `${report.title} · ${period}`,
    text: t("mail.text", { title: report.title, period }),
    attachments: [{ filename, content: pdf, contentType: "application/pdf" }],
  });
}
