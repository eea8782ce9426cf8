import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { requireUser } from "~/features/auth/guard.server";
import { MentionList } from "~/features/mentions/mention-list";
import { VolumeChart } from "~/features/mentions/volume-chart";
import { overview } from "~/features/overview/overview.server";
import { netSentiment } from "~/features/overview/sentiment";
import { listProjectsOnce } from "~/features/projects/projects.server";
import { preferencesContext } from "~/features/settings/preferences.server";
import { type Formatter, useFormatter } from "~/lib/format";
import { PageErrorBoundary } from "~/shell/error-page";
import { cn } from "~/ui/cn";
import { PageHeader } from "~/ui/page-header";
import type { Route } from "./+types/_app._index";

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  return overview(await listProjectsOnce(context, user), context.get(preferencesContext)?.activeProjectId ?? null);
}

const card = "rounded-xl border border-border bg-card p-5 text-card-foreground";

function Change({ now, before, format, points }: { now: number; before: number; format: Formatter; points?: boolean }) {
  const { t } = useTranslation("dashboard");
  if (points) {
    const delta = Math.round((now - before) * 100);
    return (
      <span
        className={cn("text-xs", delta >= 0 ? "text-green-700 dark:text-green-400" : "text-red-700 dark:text-red-400")}
      >
        {t("change.points", { value: `${delta >= 0 ? "+" : ""}${format.number(delta)}` })}
      </span>
    );
  }
  if (before === 0) return <span className="text-xs text-muted-foreground">{t("change.none")}</span>;
  const pct = Math.round(((now - before) / before) * 100);
  return (
    <span className={cn("text-xs", pct >= 0 ? "text-foreground" : "text-muted-foreground")}>
      {t("change.percent", { value: `${pct >= 0 ? "+" : ""}${format.number(pct)}` })}
    </span>
  );
}

export default function OverviewPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("dashboard");
  const format = useFormatter();
  const { current, previous, project } = loaderData;
  const net = netSentiment(current);
  const netBefore = netSentiment(previous);
  const scope = project ? project.name : t("scope.all", { count: loaderData.projectCount });

  if (loaderData.projectCount === 0) {
    return (
      <>
        <PageHeader title={t("title")} description={t("description")} />
        <p className="rounded-lg border border-dashed border-border p-8 text-center text-muted-foreground">
          {t("noProjects")}
        </p>
      </>
    );
  }

  return (
    <>
      <PageHeader title={t("title")} description={t("scope.label", { scope })} />
      <section aria-label={t("kpis")} className="mb-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <div className={card}>
          <p className="text-sm text-muted-foreground">{t("kpi.mentions")}</p>
          <p className="mt-1 text-2xl font-semibold tabular-nums">{format.number(current.mentions)}</p>
          <Change now={current.mentions} before={previous.mentions} format={format} />
        </div>
        <div className={card}>
          <p className="text-sm text-muted-foreground">{t("kpi.reach")}</p>
          <p className="mt-1 text-2xl font-semibold tabular-nums">{format.number(current.reach)}</p>
          <Change now={current.reach} before={previous.reach} format={format} />
        </div>
        <div className={card}>
          <p className="text-sm text-muted-foreground">{t("kpi.net")}</p>
          <p className="mt-1 text-2xl font-semibold tabular-nums">
            {net === null ? "—" : format.number(Math.round(net * 100))}
          </p>
          {net !== null && netBefore !== null && <Change now={net} before={netBefore} format={format} points />}
        </div>
        <div className={card}>
          <p className="text-sm text-muted-foreground">{t("kpi.negative")}</p>
          <p className="mt-1 text-2xl font-semibold tabular-nums">
            {current.mentions ? `${format.number(Math.round((current.negative / current.mentions) * 100))}%` : "—"}
          </p>
          <Change now={current.negative} before={previous.negative} format={format} />
        </div>
      </section>
      <div className="grid gap-6 lg:grid-cols-3">
        <section className={cn(card, "lg:col-span-2")} aria-labelledby="volume">
          <h2 id="volume" className="mb-3 font-semibold">
            {t("projects:detail.volume")}
          </h2>
          <VolumeChart days={loaderData.volume} />
        </section>
        <section className={card} aria-labelledby="latest">
          <h2 id="latest" className="mb-3 font-semibold">
            {t("projects:detail.recent")}
          </h2>
          <MentionList mentions={loaderData.recent} empty={t("projects:detail.noMentions")} />
          {project && (
            <Link
              to={`/projects/${project.id}`}
              className="mt-3 inline-block text-sm font-medium underline underline-offset-4"
            >
              {t("openProject", { name: project.name })}
            </Link>
          )}
        </section>
      </div>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
