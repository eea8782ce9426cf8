import type { Services } from "~/core/context.server";
import type { reports } from "~/db/schema";
import { projectRecipients } from "~/features/alerts/audience.server";
import { zoneLabel } from "~/lib/format";
import { sendMail } from "~/lib/mail.server";
import { reportFormatter } from "./format";
import { reportPdf } from "./pdf-file.server";
import { reportT } from "./render.server";

type Report = typeof reports.$inferSelect;

/**
 * Sends a generated report, PDF attached, in the report's language, to its subscribers who may still see its
 * project (asked of the auth service now: someone taken off the project since subscribing gets nothing), at
 * the address they have now.
 */
export async function mailReport(services: Services, report: Report) {
  if (!report.snapshot) throw new Error(`Report ${report.id} has no snapshot to send`);
  const subscribed = new Set(report.subscribers.map((s) => s.id));
  const to = (await projectRecipients(services, report.projectId)).filter((r) => subscribed.has(r.id));
  if (to.length === 0) return;
  const t = await reportT(report.language);
  const format = reportFormatter(report);
  const period = `${format.day(report.periodStart)} – ${format.day(report.periodEnd)}`;
  const { pdf, filename } = await reportPdf(services, { ...report, snapshot: report.snapshot });
  const timeZone = zoneLabel(report.timeZone, report.generatedAt ?? new Date());
  await sendMail(services.env, {
    to: to.map((r) => r.email),
    subject: `${report.title} · ${period}`,
    text: [t("mail.text", { title: report.title, period }), t("mail.timeZone", { timeZone })].join("\n\n"),
    attachments: [{ filename, content: pdf, contentType: "application/pdf" }],
  });
}
