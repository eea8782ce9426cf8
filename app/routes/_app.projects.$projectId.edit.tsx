import { requireRole } from "~/features/auth/guard.server";
import { submitProjectForm } from "~/features/projects/forms.server";
import { ProjectForm } from "~/features/projects/project-form";
import { competitorChoices, getProject, inReadersLanguage } from "~/features/projects/projects.server";
import { readerLanguage } from "~/features/settings/preferences.server";
import { useTranslation } from "~/i18n/use-translation";
import { PageErrorBoundary } from "~/shell/error-page";
import { PageHeader } from "~/ui/page-header";
import type { Route } from "./+types/_app.projects.$projectId.edit";

export async function loader({ context, params }: Route.LoaderArgs) {
  const user = requireRole(context, "projects.manage");
  const project = await getProject(user, params.projectId);
  return {
    project: inReadersLanguage(project, readerLanguage(context)),
    competitors: await competitorChoices(user, project.id),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireRole(context, "projects.manage");
  return submitProjectForm(user, await request.formData(), readerLanguage(context), params.projectId);
}

export default function EditProjectPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("projects");
  const { project } = loaderData;
  return (
    <>
      <PageHeader
        help="projects#keyword-rules"
        title={t("edit.title", { name: project.name })}
        description={t("edit.description")}
      />
      <ProjectForm
        defaults={{ ...project, description: project.description ?? "" }}
        competitors={loaderData.competitors}
        result={actionData}
        submitLabel={t("edit.submit")}
        cancelTo={`/projects/${project.id}`}
      />
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
