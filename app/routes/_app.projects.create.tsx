import { requireRole } from "~/features/auth/guard.server";
import { submitProjectForm } from "~/features/projects/forms.server";
import { ProjectForm } from "~/features/projects/project-form";
import { competitorChoices } from "~/features/projects/projects.server";
import { readerLanguage } from "~/features/settings/preferences.server";
import { useTranslation } from "~/i18n/use-translation";
import { PageErrorBoundary } from "~/shell/error-page";
import { PageHeader } from "~/ui/page-header";
import type { Route } from "./+types/_app.projects.create";

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireRole(context, "projects.create");
  return { competitors: await competitorChoices(user) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireRole(context, "projects.create");
  return submitProjectForm(user, await request.formData(), readerLanguage(context));
}

export default function CreateProjectPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("projects");
  return (
    <>
      <PageHeader help="projects#keyword-rules" title={t("create.title")} description={t("create.description")} />
      <ProjectForm
        defaults={{
          name: "",
          description: "",
          color: "#1f5eff",
          keywords: [],
          requiredWords: [],
          excludedWords: [],
          languages: [],
          competitorIds: [],
        }}
        competitors={loaderData.competitors}
        result={actionData}
        submitLabel={t("create.submit")}
        cancelTo="/projects"
      />
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
