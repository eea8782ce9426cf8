import { requireReader, servicesOf } from "~/core/context.server";
import { MAX_PERIOD_DAYS } from "~/core/period";
import { AnalyticsCharts, AnalyticsKpis, AnalyticsLists } from "~/features/analytics/analytics-view";
import { AnalyticsFiltersForm } from "~/features/analytics/filters-form";
import { analyticsPage } from "~/features/analytics/page.server";
import { layoutProjects } from "~/features/projects/layout-projects.server";
import { useTranslation } from "~/i18n/use-translation";
import { useFormatter } from "~/lib/format";
import { PageErrorBoundary } from "~/shell/error-page";
import { EmptyState } from "~/ui/empty-state";
import { FolderKanban } from "~/ui/icons";
import { PageHeader } from "~/ui/page-header";
import type { Route } from "./+types/_app.analytics";

export async function loader({ context, url }: Route.LoaderArgs) {
  const reader = requireReader(context);
  const projects = await layoutProjects(context);
  return analyticsPage(servicesOf(context), reader, projects, url.searchParams);
}

export default function AnalyticsPage({ loaderData: data }: Route.ComponentProps) {
  const { t } = useTranslation("dashboard");
  const days = useFormatter({ timeZone: "UTC" });
  const day = (d: string) => days.date(`${d}T12:00:00Z`);
  if (data.projects.length === 0) {
    return (
      <>
        <PageHeader help="analytics" title={t("analytics.title")} description={t("analytics.description")} />
        <EmptyState icon={FolderKanban} text={t("noProjects")} />
      </>
    );
  }
  return (
    <>
      <PageHeader help="analytics" title={t("analytics.title")} description={t("analytics.description")} />
      <AnalyticsFiltersForm
        filters={data.filters}
        projects={data.projects}
        scope={data.scope}
        periodError={data.periodError}
      />
      {data.periodError && (
        <p role="alert" className="mb-4 rounded-md border border-danger/40 px-3 py-2 text-sm text-danger">
          {t(`analytics.periodError.${data.periodError}`, { days: days.number(MAX_PERIOD_DAYS) })}{" "}
          {t("analytics.periodError.fallback")}
        </p>
      )}
      <p className="mb-4 text-sm text-muted-foreground">
        {t("analytics.comparing", {
          from: day(data.period.from),
          to: day(data.period.to),
          previousFrom: day(data.period.previous.from),
          previousTo: day(data.period.previous.to),
        })}
      </p>
      <AnalyticsKpis data={data} />
      <AnalyticsCharts data={data} />
      <AnalyticsLists data={data} />
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
