import type { TFunction } from "i18next";
import { FolderKanban } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { requireUser } from "~/features/auth/guard.server";
import { MentionList } from "~/features/mentions/mention-list";
import { VolumeChart } from "~/features/mentions/volume-chart";
import { type Kpis, overview } from "~/features/overview/overview.server";
import { netSentiment } from "~/features/overview/sentiment";
import { listProjectsOnce } from "~/features/projects/projects.server";
import { preferencesContext, readerLanguage } from "~/features/settings/preferences.server";
import { type Formatter, useFormatter } from "~/lib/format";
import { PageErrorBoundary } from "~/shell/error-page";
import { Card, StatCard, type StatChange } from "~/ui/card";
import { EmptyState } from "~/ui/empty-state";
import { PageHeader } from "~/ui/page-header";
import type { Route } from "./+types/_app._index";

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  return overview(
    await listProjectsOnce(context, user),
    context.get(preferencesContext)?.activeProjectId ?? null,
    readerLanguage(context),
  );
}

/**
 * How a figure moved against the week before: in percent, or in points for a share or an index (both
 * given as fractions). `better` is the KPI's rule for the StatCard's colour and words.
 */
function change(
  t: TFunction<"dashboard">,
  format: Formatter,
  now: number,
  before: number,
  { points = false, better }: { points?: boolean; better: StatChange["better"] },
): StatChange {
  if (!points && before === 0) return { delta: null, text: t("change.none"), better };
  const delta = points ? Math.round((now - before) * 100) : Math.round(((now - before) / before) * 100);
  const value = `${delta > 0 ? "+" : ""}${format.number(delta)}`;
  return { delta, text: t(points ? "change.points" : "change.percent", { value }), better };
}

const share = (k: Kpis) => (k.mentions ? k.negative / k.mentions : null);

export default function OverviewPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("dashboard");
  const format = useFormatter();
  const { current, previous, project } = loaderData;
  const net = netSentiment(current);
  const netBefore = netSentiment(previous);
  const negative = share(current);
  const negativeBefore = share(previous);

  if (loaderData.projectCount === 0) {
    return (
      <>
        <PageHeader help="overview" title={t("title")} description={t("description")} />
        <EmptyState icon={FolderKanban} text={t("noProjects")} />
      </>
    );
  }

  return (
    <>
      <PageHeader
        help="overview"
        title={t("title")}
        description={
          <>
            {t("scope.label")}{" "}
            {project ? (
              <span data-user-content>{project.name}</span>
            ) : (
              t("scope.all", { count: loaderData.projectCount })
            )}
            . {/* On a phone the switcher is in the navigation drawer. */}
            <span className="max-md:hidden">{t("scope.changeInSidebar")}</span>
            <span className="md:hidden">{t("scope.changeInMenu")}</span>
          </>
        }
      />
      {/* Two per row on a phone, so the chart starts on the first screen. */}
      <section aria-label={t("kpis")} className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard
          label={t("kpi.mentions")}
          value={format.number(current.mentions)}
          change={change(t, format, current.mentions, previous.mentions, { better: "neither" })}
        />
        <StatCard
          label={t("kpi.reach")}
          value={format.number(current.reach)}
          change={change(t, format, current.reach, previous.reach, { better: "neither" })}
        />
        <StatCard
          label={t("kpi.net")}
          value={net === null ? "—" : format.number(Math.round(net * 100))}
          change={
            net !== null && netBefore !== null
              ? change(t, format, net, netBefore, { points: true, better: "up" })
              : undefined
          }
        />
        <StatCard
          label={t("kpi.negative")}
          value={negative === null ? "—" : `${format.number(Math.round(negative * 100))}%`}
          change={
            negative !== null && negativeBefore !== null
              ? change(t, format, negative, negativeBefore, { points: true, better: "down" })
              : undefined
          }
        />
      </section>
      {/* Each card as tall as its content, not as its neighbour. */}
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <Card title={t("projects:detail.volume")} className="lg:col-span-2">
          <VolumeChart days={loaderData.volume} />
        </Card>
        <Card title={t("projects:detail.recent")}>
          <MentionList mentions={loaderData.recent} empty={t("projects:detail.noMentions")} />
          {project && (
            <Link
              to={`/projects/${project.id}`}
              className="mt-3 inline-block text-sm font-medium underline underline-offset-4"
            >
              {t("openProject", { name: project.name })}
            </Link>
          )}
        </Card>
      </div>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
