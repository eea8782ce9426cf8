import { preferencesContext } from "~/core/context.server";
import { requireRole } from "~/features/auth/guard.server";
import { submitReportForm } from "~/features/reports/forms.server";
import { ReportForm } from "~/features/reports/report-form";
import { reportProjects, starredMentions } from "~/features/reports/reports.server";
import { readerLanguage } from "~/features/settings/preferences.server";
import { useTranslation } from "~/i18n/use-translation";
import { PageErrorBoundary } from "~/shell/error-page";
import { PageHeader } from "~/ui/page-header";
import type { Route } from "./+types/_app.reports.new";

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireRole(context, "reports.edit");
  const language = readerLanguage(context);
  const projects = await reportProjects(user, language);
  const wanted = url.searchParams.get("project");
  return {
    projects,
    starred: await starredMentions(user, language),
    language,
    timeZone: context.get(preferencesContext)?.timezone ?? "UTC",
    projectId: projects.some((p) => p.id === wanted) ? wanted : projects.length === 1 ? projects[0]?.id : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireRole(context, "reports.edit");
  return submitReportForm(user, await request.formData(), context.get(preferencesContext)?.timezone ?? "UTC");
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
