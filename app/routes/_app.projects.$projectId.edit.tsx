import { found, requirePermission, requireReader, servicesOf } from "~/core/context.server";
import { previewRules } from "~/features/projects/preview.server";
import { ProjectForm } from "~/features/projects/project-form";
import { competitorChoices, getProject, inReadersLanguage, updateProject } from "~/features/projects/projects.server";
import { projectSchema, rulesSchema } from "~/features/projects/schemas";
import { useTranslation } from "~/i18n/use-translation";
import { readForm } from "~/lib/form-body.server";
import { formFailure, parseForm } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { PageErrorBoundary } from "~/shell/error-page";
import { PageHeader } from "~/ui/page-header";
import type { Route } from "./+types/_app.projects.$projectId.edit";

export async function loader({ context, params }: Route.LoaderArgs) {
  const reader = requireReader(context);
  requirePermission(reader, "projects.manage");
  const services = servicesOf(context);
  const project = found(await getProject(services, reader, params.projectId));
  return {
    project: inReadersLanguage(project, reader.language),
    competitors: await competitorChoices(services, reader, project.id),
  };
}

/** Zod, the unique name, then the project page with a toast; the description was shown in the reader's language. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const reader = requireReader(context);
  requirePermission(reader, "projects.manage");
  const services = servicesOf(context);
  const form = await readForm(request);
  if (form.get("intent") === "preview") {
    // Without JavaScript: the preview with the form as it was typed; nothing is saved.
    found(await getProject(services, reader, params.projectId));
    const typed = parseForm(form, projectSchema).values;
    const rules = parseForm(form, rulesSchema);
    if (!rules.success) return formFailure({ values: typed, fieldErrors: rules.result.fieldErrors });
    return { values: typed, preview: await previewRules(services, reader, rules.data) };
  }
  const submission = parseForm(form, projectSchema);
  if (!submission.success) return formFailure(submission.result);
  const saved = found(await updateProject(services, reader, params.projectId, submission.data));
  if (!saved.ok) return formFailure({ values: submission.values, fieldErrors: saved.fieldErrors }, 409);
  const { id, name } = saved.project;
  return redirectWithToast(services.env, `/projects/${id}`, {
    type: "success",
    key: "projects:saved",
    values: { name },
  });
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
