import { Pause, Pencil, Play, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { requireUser } from "~/features/auth/guard.server";
import { can } from "~/features/auth/permissions";
import { projectMembers } from "~/features/projects/members.server";
import { MentionList } from "~/features/projects/mention-list";
import { deleteProject, getProject, projectDetail, setProjectStatus } from "~/features/projects/projects.server";
import { StatusBadge } from "~/features/projects/status-badge";
import { VolumeChart } from "~/features/projects/volume-chart";
import { LANGUAGE_NAMES, type Language } from "~/i18n/config";
import { useFormatter } from "~/lib/format";
import { flashToast } from "~/lib/toast.server";
import { PageErrorBoundary } from "~/shell/error-page";
import { buttonClass } from "~/ui/button";
import { cn } from "~/ui/cn";
import { PageHeader } from "~/ui/page-header";
import type { Route } from "./+types/_app.projects.$projectId";

export async function loader({ context, params }: Route.LoaderArgs) {
  const user = requireUser(context);
  const project = await getProject(user, params.projectId);
  const [detail, members] = await Promise.all([projectDetail(project), projectMembers(context, [project.id])]);
  const competitors = await Promise.all(
    project.competitorIds.map((id) =>
      getProject(user, id).then(
        (p) => ({ id: p.id, name: p.name }),
        () => null,
      ),
    ),
  );
  return {
    project,
    ...detail,
    members: members[project.id] ?? [],
    competitors: competitors.filter((c) => c !== null),
    canManage: can(user, "projects.manage"),
    canDelete: can(user, "projects.delete"),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireUser(context);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "pause" || intent === "resume") {
    await setProjectStatus(user, params.projectId, intent === "pause" ? "paused" : "active");
    return redirect(`/projects/${params.projectId}`, {
      headers: {
        "Set-Cookie": await flashToast({
          type: "success",
          key: intent === "pause" ? "projects:paused" : "projects:resumed",
        }),
      },
    });
  }
  if (intent === "delete") {
    const project = await getProject(user, params.projectId);
    if (String(form.get("confirm") ?? "").trim() !== project.name) {
      return data({ confirmError: "projects:errors.confirmName" }, { status: 400 });
    }
    await deleteProject(user, project.id);
    return redirect("/projects", {
      headers: {
        "Set-Cookie": await flashToast({ type: "success", key: "projects:deleted", values: { name: project.name } }),
      },
    });
  }
  return data({ confirmError: undefined }, { status: 400 });
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

const card = "rounded-xl border border-border bg-card p-5 text-card-foreground";

export default function ProjectPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("projects");
  const format = useFormatter();
  const busy = useNavigation().state === "submitting";
  const { project } = loaderData;
  const paused = project.status === "paused";

  return (
    <>
      <PageHeader
        title={project.name}
        description={project.description ?? undefined}
        actions={
          loaderData.canManage && (
            <div className="flex flex-wrap gap-2">
              <Link to="edit" className={buttonClass("outline")}>
                <Pencil aria-hidden="true" />
                {t("detail.edit")}
              </Link>
              <Form method="post">
                <button
                  type="submit"
                  name="intent"
                  value={paused ? "resume" : "pause"}
                  className={buttonClass("outline")}
                  disabled={busy}
                >
                  {paused ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
                  {paused ? t("detail.resume") : t("detail.pause")}
                </button>
              </Form>
            </div>
          )
        }
      />
      <div className="mb-6 flex items-center gap-2">
        <StatusBadge status={project.status} />
        {paused && <span className="text-sm text-muted-foreground">{t("detail.pausedHint")}</span>}
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <section className={cn(card, "lg:col-span-2")} aria-labelledby="volume">
          <h2 id="volume" className="mb-3 font-semibold">
            {t("detail.volume")}
          </h2>
          <VolumeChart days={loaderData.volume} />
        </section>

        <section className={card} aria-labelledby="rules">
          <h2 id="rules" className="mb-3 font-semibold">
            {t("detail.rules")}
          </h2>
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
        </section>

        <section className={cn(card, "lg:col-span-2")} aria-labelledby="recent">
          <h2 id="recent" className="mb-3 font-semibold">
            {t("detail.recent")}
          </h2>
          <MentionList mentions={loaderData.recent} empty={t("detail.noMentions")} />
        </section>

        <div className="flex flex-col gap-6">
          <section className={card} aria-labelledby="sources">
            <h2 id="sources" className="mb-3 font-semibold">
              {t("detail.sources")}
            </h2>
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
          </section>
          <section className={card} aria-labelledby="members">
            <h2 id="members" className="mb-3 font-semibold">
              {t("detail.members")}
            </h2>
            {loaderData.members.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("detail.noMembers")}</p>
            ) : (
              <ul className="flex flex-col gap-2 text-sm">
                {loaderData.members.map((m) => (
                  <li key={m.id} className="flex justify-between gap-2">
                    <span className="truncate">{m.email}</span>
                    <span className="text-muted-foreground">{m.roles.map((r) => t(`auth:roles.${r}`)).join(", ")}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </div>

      {loaderData.canDelete && (
        <section className="mt-10 max-w-2xl rounded-xl border border-red-600/40 p-5" aria-labelledby="danger">
          <h2 id="danger" className="font-semibold text-red-700 dark:text-red-400">
            {t("delete.title")}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{t("delete.description")}</p>
          <details className="mt-3" open={Boolean(actionData?.confirmError)}>
            <summary className={buttonClass("outline", "sm")}>
              <Trash2 aria-hidden="true" />
              {t("delete.start")}
            </summary>
            <Form method="post" className="mt-3 flex flex-col gap-2">
              <label htmlFor="confirm" className="text-sm">
                {t("delete.confirmLabel", { name: project.name })}
              </label>
              <input
                id="confirm"
                name="confirm"
                autoComplete="off"
                aria-invalid={actionData?.confirmError ? true : undefined}
                aria-describedby={actionData?.confirmError ? "confirm-error" : undefined}
                className="h-9 max-w-sm rounded-md border border-border bg-background px-3 text-sm aria-invalid:border-red-600"
              />
              {actionData?.confirmError && (
                <p id="confirm-error" className="text-sm text-red-700 dark:text-red-400">
                  {t(actionData.confirmError)}
                </p>
              )}
              <button
                type="submit"
                name="intent"
                value="delete"
                className={cn(buttonClass("default", "sm"), "self-start bg-red-600 text-white hover:bg-red-700")}
              >
                {t("delete.submit")}
              </button>
            </Form>
          </details>
        </section>
      )}
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
