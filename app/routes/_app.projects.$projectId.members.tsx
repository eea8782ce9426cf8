import { Link } from "react-router";
import { found, requireReader, servicesOf } from "~/core/context.server";
import { can } from "~/core/permissions";
import { authCallContext } from "~/features/auth/guard.server";
import { projectMembers } from "~/features/projects/members.server";
import { getProject } from "~/features/projects/projects.server";
import { ProjectMembers } from "~/features/users/project-members";
import { memberSchema } from "~/features/users/schemas";
import { addProjectMember, removeProjectMember } from "~/features/users/users.server";
import { useTranslation } from "~/i18n/use-translation";
import { readForm } from "~/lib/form-body.server";
import { formFailure, parseForm } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { PageErrorBoundary } from "~/shell/error-page";
import { buttonClass } from "~/ui/button";
import { Card } from "~/ui/card";
import { PageHeader } from "~/ui/page-header";
import type { Route } from "./+types/_app.projects.$projectId.members";

/** The members of a project on a page of their own: where the members forms land without JavaScript. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const reader = requireReader(context);
  const services = servicesOf(context);
  const project = found(await getProject(services, reader, params.projectId));
  const members = await projectMembers(services, authCallContext(context), [project.id]);
  return {
    project: { id: project.id, name: project.name },
    members: members[project.id] ?? [],
    // getProject already refused projects the reader does not belong to.
    canManage: can(reader, "projects.manage"),
  };
}

/** Adds a member by e-mail or takes one off, through the auth service (which checks the caller's right). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const reader = requireReader(context);
  const services = servicesOf(context);
  const caller = authCallContext(context);
  const project = found(await getProject(services, reader, params.projectId));
  const form = await readForm(request);
  const back = `/projects/${project.id}`;
  if (form.get("intent") === "remove") {
    const outcome = await removeProjectMember(services, caller, project.id, String(form.get("userId") ?? ""));
    if (!outcome.ok) return formFailure(outcome.result, outcome.status);
    return redirectWithToast(services.env, back, {
      type: "success",
      key: "users:members.removed",
      values: { email: outcome.data.user.email },
    });
  }
  const submission = parseForm(form, memberSchema);
  if (!submission.success) return formFailure(submission.result);
  const outcome = await addProjectMember(services, caller, project.id, submission.data.email, submission.values);
  if (!outcome.ok) return formFailure(outcome.result, outcome.status);
  return redirectWithToast(services.env, back, {
    type: "success",
    key: "users:members.added",
    values: { email: submission.data.email },
  });
}

export default function ProjectMembersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("users");
  const { project } = loaderData;
  return (
    <>
      <PageHeader
        help="users#roles"
        title={t("members.pageTitle", { project: project.name })}
        actions={
          <Link to={`/projects/${project.id}`} className={buttonClass("outline")}>
            {t("members.backToProject")}
          </Link>
        }
      />
      <Card className="max-w-xl">
        <ProjectMembers
          projectId={project.id}
          members={loaderData.members}
          canManage={loaderData.canManage}
          result={actionData}
        />
      </Card>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
