import { Form, Link } from "react-router";
import { found, requirePermission, requireReader, servicesOf } from "~/core/context.server";
import { can } from "~/core/permissions";
import { authCallContext } from "~/features/auth/guard.server";
import { MentionList } from "~/features/mentions/mention-list";
import { VolumeChart } from "~/features/mentions/volume-chart";
import { projectMembers } from "~/features/projects/members.server";
import {
  deleteProject,
  getProject,
  inReadersLanguage,
  projectDetail,
  setProjectStatus,
} from "~/features/projects/projects.server";
import { RematchStatus } from "~/features/projects/rematch-status";
import { deleteSchema } from "~/features/projects/schemas";
import { StatusBadge } from "~/features/projects/status-badge";
import { readerLanguage } from "~/features/settings/preferences.server";
import { ProjectMembers } from "~/features/users/project-members";
import { LANGUAGE_NAMES, type Language } from "~/i18n/config";
import { useTranslation } from "~/i18n/use-translation";
import { useFormatter } from "~/lib/format";
import { useIsPending } from "~/lib/forms";
import { formFailure, parseForm } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { PageErrorBoundary } from "~/shell/error-page";
import { buttonClass, SubmitButton } from "~/ui/button";
import { Card } from "~/ui/card";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { Pause, Pencil, Play, Plug, Trash2 } from "~/ui/icons";
import { PageHeader } from "~/ui/page-header";
import type { Route } from "./+types/_app.projects.$projectId";

export async function loader({ context, params }: Route.LoaderArgs) {
  const user = requireReader(context);
  const services = servicesOf(context);
  const language = readerLanguage(context);
  const project = found(await getProject(services, user, params.projectId));
  const [detail, members] = await Promise.all([
    projectDetail(project, language),
    projectMembers(services, authCallContext(context), [project.id]),
  ]);
  const competitors = await Promise.all(
    project.competitorIds.map((id) => getProject(services, user, id).then((p) => p && { id: p.id, name: p.name })),
  );
  return {
    project: inReadersLanguage(project, language),
    ...detail,
    members: members[project.id] ?? [],
    competitors: competitors.filter((c) => c !== null),
    canManage: can(user, "projects.manage"),
    canDelete: can(user, "projects.delete"),
    canWebhooks: can(user, "projects.webhooks"),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireReader(context);
  const services = servicesOf(context);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "pause" || intent === "resume") {
    requirePermission(user, "projects.manage");
    found(await setProjectStatus(services, user, params.projectId, intent === "pause" ? "paused" : "active"));
    return redirectWithToast(`/projects/${params.projectId}`, {
      type: "success",
      key: intent === "pause" ? "projects:paused" : "projects:resumed",
    });
  }
  if (intent === "delete") {
    requirePermission(user, "projects.delete");
    const project = found(await getProject(services, user, params.projectId));
    const submission = parseForm(form, deleteSchema(project.name));
    if (!submission.success) return formFailure(submission.result);
    await deleteProject(services, user, project.id);
    return redirectWithToast("/projects", { type: "success", key: "projects:deleted", values: { name: project.name } });
  }
  return formFailure({ formError: { key: "forms:errors.invalid" } });
}

function Rules({ label, terms, empty }: { label: string; terms: string[]; empty: string }) {
  return (
    <div>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 flex flex-wrap gap-1">
        {terms.length === 0 ? (
          <span className="text-sm text-muted-foreground">{empty}</span>
        ) : (
          terms.map((term) => (
            <span key={term} className="rounded-md bg-muted px-2 py-0.5 text-sm">
              {term}
            </span>
          ))
        )}
      </dd>
    </div>
  );
}

export default function ProjectPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("projects");
  const format = useFormatter();
  const { project } = loaderData;
  const paused = project.status === "paused";
  const pausing = useIsPending(paused ? "resume" : "pause");
  const deleting = useIsPending("delete");

  return (
    <>
      <PageHeader
        help="projects"
        title={project.name}
        description={project.description ?? undefined}
        actions={
          loaderData.canManage && (
            <div className="flex flex-wrap gap-2">
              {loaderData.canWebhooks && (
                <Link to="webhooks" className={buttonClass("outline")}>
                  <Plug aria-hidden="true" />
                  {t("webhooks.open")}
                </Link>
              )}
              <Link to="edit" className={buttonClass("outline")}>
                <Pencil aria-hidden="true" />
                {t("detail.edit")}
              </Link>
              <Form method="post">
                <input type="hidden" name="intent" value={paused ? "resume" : "pause"} />
                <SubmitButton variant="outline" pending={pausing} pendingLabel={t("form.saving")}>
                  {paused ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
                  {paused ? t("detail.resume") : t("detail.pause")}
                </SubmitButton>
              </Form>
            </div>
          )
        }
      />
      <div className="mb-6 flex items-center gap-2">
        <StatusBadge status={project.status} />
        {paused && <span className="text-sm text-muted-foreground">{t("detail.pausedHint")}</span>}
      </div>
      <RematchStatus rematch={project.rematch} />

      <div className="grid items-start gap-6 lg:grid-cols-3">
        <Card title={t("detail.volume")} className="lg:col-span-2">
          <VolumeChart days={loaderData.volume} />
        </Card>

        <Card title={t("detail.rules")}>
          <dl className="flex flex-col gap-3">
            <Rules label={t("detail.keywords")} terms={project.keywords} empty="—" />
            <Rules label={t("form.requiredWords")} terms={project.requiredWords} empty={t("detail.none")} />
            <Rules label={t("form.excludedWords")} terms={project.excludedWords} empty={t("detail.none")} />
            <Rules
              label={t("form.languages")}
              terms={project.languages.map((l) => LANGUAGE_NAMES[l as Language] ?? l)}
              empty={t("detail.allLanguages")}
            />
            <Rules
              label={t("form.competitors")}
              terms={loaderData.competitors.map((c) => c.name)}
              empty={t("detail.none")}
            />
          </dl>
        </Card>

        <Card title={t("detail.recent")} className="lg:col-span-2">
          <MentionList mentions={loaderData.recent} empty={t("detail.noMentions")} />
        </Card>

        <div className="flex flex-col gap-6">
          <Card title={t("detail.sources")}>
            {loaderData.sources.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("detail.noSources")}</p>
            ) : (
              <ul className="flex flex-col gap-2 text-sm">
                {loaderData.sources.map((s) => (
                  <li key={s.id} className="flex justify-between gap-2">
                    <span className="truncate">{s.name}</span>
                    <span className="tabular-nums text-muted-foreground">{format.number(s.mentions)}</span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card title={t("detail.members")}>
            <ProjectMembers projectId={project.id} members={loaderData.members} canManage={loaderData.canManage} />
          </Card>
        </div>
      </div>

      {loaderData.canDelete && (
        <Card title={t("delete.title")} danger className="mt-10">
          <p className="mb-3 text-sm text-muted-foreground">{t("delete.description")}</p>
          <ConfirmDialog
            trigger={
              <>
                <Trash2 aria-hidden="true" />
                {t("delete.start")}
              </>
            }
            title={t("delete.title")}
            description={t("delete.description")}
            confirmLabel={t("delete.confirmLabel", { name: project.name })}
            submitLabel={t("delete.submit")}
            pendingLabel={t("delete.deleting")}
            pending={deleting}
            result={actionData}
            fields={{ intent: "delete" }}
          />
        </Card>
      )}
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
