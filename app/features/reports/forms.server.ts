import type { CurrentUser } from "../../core/reader";
import { formFailure, parseForm } from "../../lib/forms.server";
import { redirectWithToast } from "../../lib/toast.server";
import { reportFormatter } from "./format";
import { reportT } from "./render.server";
import { createReport, ProjectNotFoundError } from "./reports.server";
import { createReportSchema } from "./schemas";

/**
 * "Create report": zod, then the report stored and generated, and its page with a toast (an error toast
 * when generating failed; the report is kept, with its error, to regenerate).
 */
export async function submitReportForm(user: CurrentUser, form: FormData, timeZone: string) {
  const submission = parseForm(form, createReportSchema);
  if (!submission.success) return formFailure(submission.result);
  const input = submission.data;
  const t = await reportT(input.language);
  const format = reportFormatter({ language: input.language, timeZone });
  const period = input.custom
    ? `${format.date(`${input.custom.from}T12:00:00Z`)} – ${format.date(`${input.custom.to}T12:00:00Z`)}`
    : t(`periods.${input.period}`);
  try {
    const report = await createReport(user, input, { timeZone, suggestTitle: (project) => `${project} · ${period}` });
    return redirectWithToast(
      `/reports/${report.id}`,
      report.status === "ready"
        ? { type: "success", key: "reports:toast.created", values: { title: report.title } }
        : { type: "error", key: "reports:toast.failed", values: { error: report.error ?? "" } },
    );
  } catch (error) {
    if (!(error instanceof ProjectNotFoundError)) throw error;
    return formFailure(
      { values: submission.values, fieldErrors: { projectId: "reports:errors.projectRequired" } },
      404,
    );
  }
}
