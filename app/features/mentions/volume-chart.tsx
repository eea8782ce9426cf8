import { useTranslation } from "~/i18n/use-translation";
import { useFormatter } from "~/lib/format";
import type { StackedAxis } from "~/ui/charts/geometry.server";
import { type ChartSeries, StackedBarChart } from "~/ui/charts/stacked-bar-chart";

type Sentiment = "positive" | "neutral" | "negative";
type Day = { day: string } & Record<Sentiment, number>;

/** Mentions per day, stacked by sentiment (negative at the bottom), in the sentiment palette's colours. */
export function VolumeChart({ days, axis }: { days: Day[]; axis: StackedAxis }) {
  const { t } = useTranslation("projects");
  // Days are calendar days (UTC keys): shown as themselves, whatever the user's time zone.
  const format = useFormatter({ timeZone: "UTC" });
  const series: ChartSeries<Sentiment>[] = (["negative", "neutral", "positive"] as const).map((key) => ({
    key,
    label: t(`sentiment.${key}`),
    color: `var(--${key})`,
  }));
  const total = days.reduce((sum, d) => sum + d.positive + d.neutral + d.negative, 0);
  return (
    <StackedBarChart
      data={days.map((d) => ({ key: d.day, axisLabel: format.dayMonth(d.day), title: format.date(d.day), values: d }))}
      series={series}
      summary={t("detail.volumeSummary", { count: total })}
      caption={t("detail.volume")}
      categoryHeader={t("detail.day")}
      totalLabel={t("detail.total")}
      formatValue={format.number}
      axis={axis}
    />
  );
}
