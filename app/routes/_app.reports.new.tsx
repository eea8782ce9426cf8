import { requirePermission, requireReader, servicesOf } from "~/core/context.server";
import { ReportForm } from "~/features/reports/report-form";
import { createReport, reportProjects, starredMentions } from "~/features/reports/reports.server";
import { createReportSchema } from "~/features/reports/schemas";
import { useTranslation } from "~/i18n/use-translation";
import { readForm } from "~/lib/form-body.server";
import { formFailure, parseForm } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { PageErrorBoundary } from "~/shell/error-page";
import { PageHeader } from "~/ui/page-header";
import type { Route } from "./+types/_app.reports.new";

export async function loader({ context, url }: Route.LoaderArgs) {
  const reader = requireReader(context);
  requirePermission(reader, "reports.edit");
  const services = servicesOf(context);
  const projects = await reportProjects(services, reader);
  const wanted = url.searchParams.get("project") ?? reader.activeProjectId;
  return {
    projects,
    starred: await starredMentions(services, reader),
    language: reader.language,
    timeZone: reader.timeZone,
    projectId: projects.some((p) => p.id === wanted) ? wanted : projects.length === 1 ? projects[0]?.id : null,
  };
}

/**
 * "Create report": the report stored and generated, and its page with a toast (an error toast when
 * generating failed; the report is kept, with its error, to regenerate).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const reader = requireReader(context);
  requirePermission(reader, "reports.edit");
  const submission = parseForm(await readForm(request), createReportSchema);
  if (!submission.success) return formFailure(submission.result);
  const report = await createReport(servicesOf(context), reader, submission.data);
  if (!report) {
    return formFailure(
      { values: submission.values, fieldErrors: { projectId: "reports:errors.projectRequired" } },
      404,
    );
  }
  return redirectWithToast(
    servicesOf(context).env,
    `/reports/${report.id}`,
    report.status === "ready"
      ? { type: "success", key: "reports:toast.created", values: { title: report.title } }
      : { type: "error", key: "reports:toast.failed", values: { error: report.error ?? "" } },
  );
}

export default function NewReportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("reports");
  return (
    <>
      <PageHeader help="reports#create" title={t("form.title")} description={t("form.description")} />
      <ReportForm
        projects={loaderData.projects}
        starred={loaderData.starred}
        defaults={{ projectId: loaderData.projectId ?? "", language: loaderData.language }}
        timeZone={loaderData.timeZone}
        result={actionData}
      />
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
