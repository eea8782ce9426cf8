import { found, requirePermission, requireReader, servicesOf } from "~/core/context.server";
import { can } from "~/core/permissions";
import { authCallContext } from "~/features/auth/guard.server";
import { projectActivity } from "~/features/mentions/mentions.server";
import { projectMembers } from "~/features/projects/members.server";
import { ProjectPage } from "~/features/projects/project-page";
import { deleteProject, getProject, inReadersLanguage, setProjectStatus } from "~/features/projects/projects.server";
import { deleteSchema } from "~/features/projects/schemas";
import { readForm } from "~/lib/form-body.server";
import { formFailure, parseForm } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { PageErrorBoundary } from "~/shell/error-page";
import type { Route } from "./+types/_app.projects.$projectId";

export async function loader({ context, params }: Route.LoaderArgs) {
  const reader = requireReader(context);
  const services = servicesOf(context);
  const project = found(await getProject(services, reader, params.projectId));
  const [activity, members, competitors] = await Promise.all([
    projectActivity(services, reader, project.id).then(found),
    projectMembers(services, authCallContext(context), [project.id]),
    Promise.all(
      project.competitorIds.map((id) => getProject(services, reader, id).then((p) => p && { id: p.id, name: p.name })),
    ),
  ]);
  return {
    project: inReadersLanguage(project, reader.language),
    ...activity,
    members: members[project.id] ?? [],
    competitors: competitors.filter((c) => c !== null),
    canManage: can(reader, "projects.manage"),
    canDelete: can(reader, "projects.delete"),
    canWebhooks: can(reader, "projects.webhooks"),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const reader = requireReader(context);
  const services = servicesOf(context);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "pause" || intent === "resume") {
    requirePermission(reader, "projects.manage");
    found(await setProjectStatus(services, reader, params.projectId, intent === "pause" ? "paused" : "active"));
    return redirectWithToast(services.env, `/projects/${params.projectId}`, {
      type: "success",
      key: intent === "pause" ? "projects:paused" : "projects:resumed",
    });
  }
  if (intent === "delete") {
    requirePermission(reader, "projects.delete");
    const project = found(await getProject(services, reader, params.projectId));
    const submission = parseForm(form, deleteSchema(project.name));
    if (!submission.success) return formFailure(submission.result);
    await deleteProject(services, reader, project.id);
    return redirectWithToast(services.env, "/projects", {
      type: "success",
      key: "projects:deleted",
      values: { name: project.name },
    });
  }
  return formFailure({ formError: { key: "forms:errors.invalid" } });
}

export default function Project({ loaderData, actionData }: Route.ComponentProps) {
  return <ProjectPage data={loaderData} result={actionData} />;
}

export const ErrorBoundary = PageErrorBoundary;
