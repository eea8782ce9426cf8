import { found, requireReader, servicesOf } from "~/core/context.server";
import { can } from "~/core/permissions";
import { projectActivity } from "~/features/mentions/mentions.server";
import { projectMembers } from "~/features/projects/members.server";
import { ProjectPage } from "~/features/projects/project-page";
import { deleteProject, getProject, inReadersLanguage, setProjectStatus } from "~/features/projects/projects.server";
import { deleteSchema } from "~/features/projects/schemas";
import { formFailure, parseForm } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { PageErrorBoundary } from "~/shell/error-page";
import type { Route } from "./+types/_app.projects.$projectId";

export async function loader({ context, params }: Route.LoaderArgs) {
  const reader = requireReader(context);
  const project = await getProject(reader, params.projectId);
  const [activity, members, competitors] = await Promise.all([
    projectActivity(servicesOf(context), reader, project.id).then(found),
    projectMembers(context, [project.id]),
    Promise.all(
      project.competitorIds.map((id) =>
        getProject(reader, id).then(
          (p) => ({ id: p.id, name: p.name }),
          () => null,
        ),
      ),
    ),
  ]);
  return {
    project: inReadersLanguage(project, reader.language),
    ...activity,
    members: members[project.id] ?? [],
    competitors: competitors.filter((c) => c !== null),
    canManage: can(reader, "projects.manage"),
    canDelete: can(reader, "projects.delete"),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const reader = requireReader(context);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "pause" || intent === "resume") {
    await setProjectStatus(reader, params.projectId, intent === "pause" ? "paused" : "active");
    return redirectWithToast(`/projects/${params.projectId}`, {
      type: "success",
      key: intent === "pause" ? "projects:paused" : "projects:resumed",
    });
  }
  if (intent === "delete") {
    const project = await getProject(reader, params.projectId);
    const submission = parseForm(form, deleteSchema(project.name));
    if (!submission.success) return formFailure(submission.result);
    await deleteProject(reader, project.id);
    return redirectWithToast("/projects", { type: "success", key: "projects:deleted", values: { name: project.name } });
  }
  return formFailure({ formError: { key: "forms:errors.invalid" } });
}

export default function Project({ loaderData, actionData }: Route.ComponentProps) {
  return <ProjectPage data={loaderData} result={actionData} />;
}

export const ErrorBoundary = PageErrorBoundary;
