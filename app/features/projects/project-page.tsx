import { Form, Link } from "react-router";
import { MentionList } from "~/features/mentions/mention-list";
import type { projectActivity } from "~/features/mentions/mentions.server";
import { VolumeChart } from "~/features/mentions/volume-chart";
import { ProjectMembers } from "~/features/users/project-members";
import { LANGUAGE_NAMES, type Language } from "~/i18n/config";
import { useTranslation } from "~/i18n/use-translation";
import { useFormatter } from "~/lib/format";
import { type FormResult, useIsPending } from "~/lib/forms";
import { buttonClass, SubmitButton } from "~/ui/button";
import { Card } from "~/ui/card";
import { DeleteCard } from "~/ui/delete-card";
import { Pause, Pencil, Play, Plug } from "~/ui/icons";
import { PageHeader } from "~/ui/page-header";
import type { Member } from "./members.server";
import type { inReadersLanguage } from "./projects.server";
import { RematchStatus } from "./rematch-status";
import { StatusBadge } from "./status-badge";

/** What the project page shows: the project, its activity (features/mentions) and its members. */
export type ProjectPageData = NonNullable<Awaited<ReturnType<typeof projectActivity>>> & {
  project: ReturnType<typeof inReadersLanguage>;
  members: Member[];
  competitors: Array<{ id: string; name: string }>;
  canManage: boolean;
  canWebhooks: boolean;
  canDelete: boolean;
};

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

/** A project: its rules, its mentions of the reader's last 30 days, its sources and members, pause and delete. */
export function ProjectPage({ data, result }: { data: ProjectPageData; result: FormResult | undefined }) {
  const { t } = useTranslation("projects");
  const format = useFormatter();
  const { project } = data;
  const paused = project.status === "paused";
  const pausing = useIsPending(paused ? "resume" : "pause");

  return (
    <>
      <PageHeader
        help="projects"
        title={project.name}
        description={project.description ?? undefined}
        actions={
          data.canManage && (
            <div className="flex flex-wrap gap-2">
              {data.canWebhooks && (
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
          <p className="mb-3 text-sm">
            <Link
              to={`/messages?${new URLSearchParams({ project: project.id, period: data.period.preset })}`}
              className="font-semibold text-foreground tabular-nums hover:underline"
            >
              {t("detail.periodTotal", { count: data.total, n: format.number(data.total) })}
            </Link>
            <span className="text-muted-foreground">
              {" · "}
              {format.day(data.period.from)} – {format.day(data.period.to)}
            </span>
          </p>
          <VolumeChart days={data.volume} axis={data.volumeAxis} />
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
            <Rules label={t("form.competitors")} terms={data.competitors.map((c) => c.name)} empty={t("detail.none")} />
          </dl>
        </Card>

        <Card title={t("detail.recent")} className="lg:col-span-2">
          <MentionList mentions={data.recent} empty={t("detail.noMentions")} />
        </Card>

        <div className="flex flex-col gap-6">
          <Card title={t("detail.sources")}>
            {data.sources.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("detail.noSources")}</p>
            ) : (
              <ul className="flex flex-col gap-2 text-sm">
                {data.sources.map((s) => (
                  <li key={s.id} className="flex justify-between gap-2">
                    <span className="truncate">{s.name}</span>
                    <span className="tabular-nums text-muted-foreground">{format.number(s.mentions)}</span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card title={t("detail.members")}>
            <ProjectMembers projectId={project.id} members={data.members} canManage={data.canManage} />
          </Card>
        </div>
      </div>

      {data.canDelete && (
        <DeleteCard ns="projects" confirmLabel={t("delete.confirmLabel", { name: project.name })} result={result} />
      )}
    </>
  );
}
