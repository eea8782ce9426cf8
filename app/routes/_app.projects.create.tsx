import { requirePermission, requireReader, servicesOf } from "~/core/context.server";
import { ProjectForm } from "~/features/projects/project-form";
import { competitorChoices, createProject } from "~/features/projects/projects.server";
import { projectSchema } from "~/features/projects/schemas";
import { useTranslation } from "~/i18n/use-translation";
import { formFailure, parseForm } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { PageErrorBoundary } from "~/shell/error-page";
import { PageHeader } from "~/ui/page-header";
import type { Route } from "./+types/_app.projects.create";

export async function loader({ context }: Route.LoaderArgs) {
  const reader = requireReader(context);
  requirePermission(reader, "projects.create");
  return { competitors: await competitorChoices(servicesOf(context), reader) };
}

/** Zod, the unique name, then the new project's page with a toast. */
export async function action({ request, context }: Route.ActionArgs) {
  const reader = requireReader(context);
  requirePermission(reader, "projects.create");
  const submission = parseForm(await request.formData(), projectSchema);
  if (!submission.success) return formFailure(submission.result);
  const saved = await createProject(servicesOf(context), reader, submission.data);
  if (!saved.ok) return formFailure({ values: submission.values, fieldErrors: saved.fieldErrors }, 409);
  const { id, name } = saved.project;
  return redirectWithToast(`/projects/${id}`, { type: "success", key: "projects:created", values: { name } });
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
