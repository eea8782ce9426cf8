import type { TFunction } from "i18next";
import { Form, Link } from "react-router";
import { percentChange, pointsChange } from "~/core/change";
import { alertFeedLink, alertText } from "~/features/alerts/alert-text";
import { MentionList } from "~/features/mentions/mention-list";
import { VolumeChart } from "~/features/mentions/volume-chart";
import { useTranslation } from "~/i18n/use-translation";
import { type Formatter, useFormatter } from "~/lib/format";
import { Card, StatCard, type StatChange } from "~/ui/card";
import { cn } from "~/ui/cn";
import { EmptyState } from "~/ui/empty-state";
import { BellRing, FolderKanban } from "~/ui/icons";
import { PageHeader } from "~/ui/page-header";
import type { Kpis, overview } from "./overview.server";

type OverviewData = Awaited<ReturnType<typeof overview>>;

/**
 * How a figure moved against the period before: in percent, or in points for a share or an index (both
 * given as fractions). `better` is the KPI's rule for the StatCard's colour and words.
 */
function change(
  t: TFunction<"dashboard">,
  format: Formatter,
  now: number,
  before: number,
  { points = false, better }: { points?: boolean; better: StatChange["better"] },
): StatChange {
  const delta = points ? pointsChange(now, before) : percentChange(now, before);
  if (delta === null) return { delta: null, text: t("change.none"), better };
  const value = format.signed(delta);
  return { delta, text: t(points ? "change.points" : "change.percent", { value, count: Math.abs(delta) }), better };
}

const percent = (format: Formatter, share: number | null) =>
  share === null ? "—" : `${format.number(Math.round(share * 100))}%`;

/** The overview (/): KPIs against the period before, volume per day, latest mentions, alerts and my tasks. */
export function OverviewPage({ data }: { data: OverviewData }) {
  const { t } = useTranslation("dashboard");
  const { current, previous, project } = data;

  if (data.projectCount === 0) {
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
            {project ? <span data-user-content>{project.name}</span> : t("scope.all", { count: data.projectCount })}.{" "}
            {/* On a phone the switcher is in the navigation drawer. */}
            <span className="max-md:hidden">{t("scope.changeInSidebar")}</span>
            <span className="md:hidden">{t("scope.changeInMenu")}</span>
          </>
        }
        actions={<PeriodChoice current={data.period} periods={data.periods} />}
      />
      {/* Two per row on a phone, so the chart starts on the first screen. */}
      <section aria-label={t("kpis")} className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <KpiCards current={current} previous={previous} />
      </section>
      {/* Two columns that stack their cards, so a short card never leaves a hole beside a tall one. */}
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className="grid gap-6 lg:col-span-2">
          <Card title={t("volume")}>
            <VolumeChart days={data.volume} axis={data.volumeAxis} />
          </Card>
          <Card title={t("projects:detail.recent")}>
            <MentionList mentions={data.recent} empty={t("projects:detail.noMentions")} />
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
        <div className="grid gap-6">
          <AlertsCard alerts={data.alerts} />
          <TasksCard tasks={data.tasks} today={data.to} />
        </div>
      </div>
    </>
  );
}

/** 7 / 30 / 90 days: a GET form, so the choice is in the URL and works without JavaScript. */
function PeriodChoice({ current, periods }: { current: string; periods: readonly string[] }) {
  const { t } = useTranslation("dashboard");
  return (
    <Form method="get" preventScrollReset>
      <fieldset className="inline-flex rounded-lg border border-border p-0.5">
        <legend className="sr-only">{t("period.label")}</legend>
        {periods.map((days) => (
          <button
            key={days}
            type="submit"
            name="period"
            value={days}
            aria-pressed={days === current}
            className={cn(
              "rounded-md px-3 py-1 text-sm font-medium",
              days === current ? "bg-primary text-primary-foreground" : "text-muted-foreground hover:bg-accent",
            )}
          >
            {t("period.days", { count: Number(days) })}
          </button>
        ))}
      </fieldset>
    </Form>
  );
}

function KpiCards({ current, previous }: { current: Kpis; previous: Kpis }) {
  const { t } = useTranslation("dashboard");
  const format = useFormatter();
  const net = current.net;
  const netBefore = previous.net;
  const sov = current.shareOfVoice;
  const sovBefore = previous.shareOfVoice;
  return (
    <>
      <StatCard
        label={t("kpi.mentions")}
        value={current.mentions}
        change={change(t, format, current.mentions, previous.mentions, { better: "neither" })}
      />
      <StatCard
        label={t("kpi.reach")}
        value={current.reach}
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
        label={t("kpi.sov")}
        value={percent(format, sov)}
        change={
          sov === null
            ? { delta: null, text: t("sovNone"), better: "up" }
            : sovBefore !== null
              ? change(t, format, sov, sovBefore, { points: true, better: "up" })
              : undefined
        }
      />
    </>
  );
}

function AlertsCard({ alerts }: { alerts: OverviewData["alerts"] }) {
  const { t } = useTranslation("dashboard");
  const utc = useFormatter({ timeZone: "UTC" });
  return (
    <Card title={t("alerts.title")}>
      {alerts.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("alerts.none")}</p>
      ) : (
        <ul className="grid gap-2">
          {alerts.map((alert) => (
            <li key={alert.id} className="flex gap-2 text-sm">
              <BellRing
                aria-hidden="true"
                className={cn("mt-0.5 size-4 shrink-0", alert.kind === "negative" ? "text-danger" : "text-primary")}
              />
              <Link to={alertFeedLink(alert)} className="underline-offset-4 hover:underline">
                {alertText(t, utc, alert, alert.projectName)}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function TasksCard({ tasks, today }: { tasks: OverviewData["tasks"]; today: string }) {
  const { t } = useTranslation("dashboard");
  const utc = useFormatter({ timeZone: "UTC" });
  return (
    <Card
      title={t("tasks.title")}
      action={
        tasks.total > 0 ? (
          <Link to="/tasks?assignee=me" className="text-sm font-medium underline underline-offset-4">
            {t("tasks.all")}
          </Link>
        ) : undefined
      }
    >
      {tasks.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("tasks.empty")}</p>
      ) : (
        <ul className="grid gap-3">
          {tasks.items.map((task) => {
            const overdue = task.dueDate !== null && task.dueDate < today;
            return (
              <li key={task.id} className="text-sm">
                <Link
                  to={`/tasks/${task.id}`}
                  className="font-medium underline-offset-4 hover:underline"
                  data-user-content
                >
                  {task.title}
                </Link>
                <p className={cn("text-xs", overdue ? "text-danger" : "text-muted-foreground")}>
                  {task.project && <span data-user-content>{task.project.name} · </span>}
                  {task.dueDate
                    ? t(overdue ? "tasks.overdue" : "tasks.due", { date: utc.date(`${task.dueDate}T00:00:00Z`) })
                    : t("tasks.noDue")}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
