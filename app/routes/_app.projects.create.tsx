import { requirePermission, requireReader, servicesOf } from "~/core/context.server";
import { previewRules } from "~/features/projects/preview.server";
import { ProjectForm } from "~/features/projects/project-form";
import { competitorChoices, createProject } from "~/features/projects/projects.server";
import { projectSchema, rulesSchema } from "~/features/projects/schemas";
import { useTranslation } from "~/i18n/use-translation";
import { readForm } from "~/lib/form-body.server";
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
  const form = await readForm(request);
  if (form.get("intent") === "preview") {
    // Without JavaScript: the preview with the form as it was typed; nothing is saved.
    const typed = parseForm(form, projectSchema).values;
    const rules = parseForm(form, rulesSchema);
    if (!rules.success) return formFailure({ values: typed, fieldErrors: rules.result.fieldErrors });
    return { values: typed, preview: await previewRules(servicesOf(context), reader, rules.data) };
  }
  const submission = parseForm(form, projectSchema);
  if (!submission.success) return formFailure(submission.result);
  const saved = await createProject(servicesOf(context), reader, submission.data);
  if (!saved.ok) return formFailure({ values: submission.values, fieldErrors: saved.fieldErrors }, 409);
  const { id, name } = saved.project;
  return redirectWithToast(servicesOf(context).env, `/projects/${id}`, {
    type: "success",
    key: "projects:created",
    values: { name },
  });
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
