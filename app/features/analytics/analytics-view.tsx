import type { ReactNode } from "react";
import { Link } from "react-router";
import { percentChange, pointsChange } from "~/core/change";
import { useTranslation } from "~/i18n/use-translation";
import { type Formatter, useFormatter } from "~/lib/format";
import { Card, StatCard, type StatChange } from "~/ui/card";
import { BarList, type BarRow } from "~/ui/charts/bar-list";
import { OTHER_COLOR, SENTIMENT_COLORS, seriesColor, seriesDash } from "~/ui/charts/colors";
import { DonutChart } from "~/ui/charts/donut-chart";
import { HeatMap } from "~/ui/charts/heat-map";
import { LineChart } from "~/ui/charts/line-chart";
import { StackedBarChart } from "~/ui/charts/stacked-bar-chart";
import { Download } from "~/ui/icons";
import { type ChartId, exportHref, feedHref } from "./filters";
import type { AnalyticsPage } from "./page.server";

type Data = AnalyticsPage;
type T = ReturnType<typeof useTranslation<"dashboard">>["t"];

const SENTIMENT_ORDER = ["positive", "neutral", "negative"] as const;
/** A list row's mentions by sentiment, and its figures. */
type Mix = Record<(typeof SENTIMENT_ORDER)[number], number>;
type Ranked = { count: number; previous: number; reach: number; length: number };

/** How a figure moved against the previous period: in percent, or in points for shares and indexes. */
export function changeOf(
  t: T,
  format: Formatter,
  now: number | null,
  before: number | null,
  { points = false, better = "neither" }: { points?: boolean; better?: StatChange["better"] } = {},
): StatChange {
  const delta =
    now === null || before === null ? null : points ? pointsChange(now, before) : percentChange(now, before);
  if (delta === null) return { delta: null, text: t("analytics.change.none"), better };
  const value = format.signed(delta);
  return {
    delta,
    text: t(points ? "analytics.change.points" : "analytics.change.percent", { value, count: Math.abs(delta) }),
    better,
  };
}

/** A short change for a table cell: "+12%", "new" or "−3 pts". */
function shortChange(t: T, format: Formatter, now: number, before: number) {
  const delta = percentChange(now, before);
  if (delta === null) return now === 0 ? "—" : t("analytics.change.new");
  return `${format.signed(delta)}%`;
}

/** A short change of a share, in points: "+3 pts". */
function sharePointsChange(t: T, format: Formatter, now: number, before: number) {
  const delta = pointsChange(now, before);
  return t("analytics.change.pointsShort", { value: format.signed(delta), count: Math.abs(delta) });
}

function ChartCard({
  chart,
  title,
  data,
  className,
  children,
  help,
}: {
  chart: ChartId;
  title: string;
  data: Data;
  className?: string;
  children: ReactNode;
  help?: string;
}) {
  const { t } = useTranslation("dashboard");
  return (
    <Card
      title={title}
      className={className}
      action={
        <a
          href={exportHref(chart, data.filters)}
          download
          className="inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 text-xs text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          <Download aria-hidden="true" className="size-3.5" />
          {t("analytics.csv")}
          <span className="sr-only">: {title}</span>
        </a>
      }
    >
      {help && <p className="-mt-2 mb-3 text-xs text-muted-foreground">{help}</p>}
      {children}
    </Card>
  );
}

/** A ranked list in its card, titled as the table's caption; its figures are mentions, change and reach unless told. */
function ListCard({
  chart,
  title,
  data,
  nameHeader,
  rows,
  columns,
  empty,
  help,
  note,
}: {
  chart: ChartId;
  title: string;
  data: Data;
  nameHeader: string;
  rows: BarRow[];
  columns?: string[];
  empty?: string;
  help?: string;
  /** A plain line under the list (what its rows are when they are not what the title promises). */
  note?: string;
}) {
  const { t } = useTranslation("dashboard");
  return (
    <ChartCard chart={chart} title={title} data={data} help={help}>
      <BarList
        caption={title}
        nameHeader={nameHeader}
        columns={
          columns ?? [t("analytics.columns.mentions"), t("analytics.columns.change"), t("analytics.columns.reach")]
        }
        rows={rows}
        empty={empty ?? t("analytics.empty")}
      />
      {note && <p className="mt-2 text-xs text-muted-foreground">{note}</p>}
    </ChartCard>
  );
}

/** Labels of the period's buckets: local days as calendar days, hours in the reader's zone. */
function useBuckets(data: Data) {
  const format = useFormatter();
  const days = useFormatter({ timeZone: "UTC" });
  return data.volume.map((p) =>
    data.period.bucket === "day"
      ? { key: p.key, axisLabel: days.dayMonth(p.key), title: days.date(p.key) }
      : { key: p.key, axisLabel: format.time(p.key), title: format.dateTime(p.key) },
  );
}

export function AnalyticsKpis({ data }: { data: Data }) {
  const { t } = useTranslation(["dashboard", "messages"]);
  const format = useFormatter();
  const { current, previous } = data.kpis;
  const negative = (k: typeof current) => (k.mentions ? k.negative / k.mentions : null);
  const own = data.voice.entries.filter((e) => e.own);
  const voice = own.length && data.voice.entries.length > own.length ? own.reduce((a, e) => a + e.share, 0) : null;
  const voiceBefore = own.every((e) => e.previousShare !== null)
    ? own.reduce((a, e) => a + (e.previousShare ?? 0), 0)
    : null;
  const percent = (v: number | null) => (v === null ? "—" : `${format.number(Math.round(v * 100))}%`);
  return (
    <section aria-label={t("analytics.kpis")} className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
      <StatCard
        label={t("analytics.kpi.mentions")}
        value={current.mentions}
        change={changeOf(t, format, current.mentions, previous.mentions)}
      />
      <StatCard
        label={t("analytics.kpi.reach")}
        value={current.reach}
        change={changeOf(t, format, current.reach, previous.reach)}
      />
      <StatCard
        label={t("analytics.kpi.net")}
        value={current.net === null ? "—" : format.number(Math.round(current.net * 100))}
        change={changeOf(t, format, current.net, previous.net, { points: true, better: "up" })}
      />
      <StatCard
        label={t("analytics.kpi.negative")}
        value={percent(negative(current))}
        change={changeOf(t, format, negative(current), negative(previous), { points: true, better: "down" })}
      />
      <StatCard
        label={t("analytics.kpi.voice")}
        value={percent(voice)}
        change={voice === null ? undefined : changeOf(t, format, voice, voiceBefore, { points: true, better: "up" })}
      />
    </section>
  );
}

export function AnalyticsCharts({ data }: { data: Data }) {
  const { t } = useTranslation(["dashboard", "messages"]);
  const format = useFormatter();
  const buckets = useBuckets(data);
  const tickEvery = data.period.bucket === "hour" ? 6 : Math.max(1, Math.ceil(data.volume.length / 6));
  const sentimentLabel = (s: string) => t(`messages:sentiment.${s}`);
  const { current, previous } = data.kpis;
  const percent = (v: number) => `${format.number(Math.round(v * 100))}%`;
  const voiceName = (e: { name: string | null }) => e.name ?? t("analytics.voice.other");
  const voiceSeries = data.voice.entries.map((e, i) => ({
    key: e.key,
    label: voiceName(e),
    color: e.key === "other" ? OTHER_COLOR : seriesColor(i),
    dash: seriesDash(i),
    userContent: e.key !== "other",
  }));

  return (
    <div className="grid items-start gap-6 lg:grid-cols-3">
      <ChartCard chart="volume" title={t("analytics.charts.volume")} data={data} className="lg:col-span-2">
        <StackedBarChart
          data={data.volume.map((p, i) => ({ ...(buckets[i] as (typeof buckets)[number]), values: p }))}
          series={(["negative", "neutral", "positive"] as const).map((key) => ({
            key,
            label: sentimentLabel(key),
            color: SENTIMENT_COLORS[key],
          }))}
          summary={t("analytics.summary.volume", { total: format.number(current.mentions) })}
          caption={t("analytics.charts.volume")}
          categoryHeader={t(`analytics.columns.${data.period.bucket}`)}
          totalLabel={t("analytics.columns.total")}
          formatValue={format.number}
          axis={data.volumeAxis}
          tickEvery={tickEvery}
        />
      </ChartCard>
      <ChartCard chart="sentiment" title={t("analytics.charts.sentiment")} data={data}>
        <DonutChart
          slices={SENTIMENT_ORDER.map((s, i) => ({
            key: s,
            label: sentimentLabel(s),
            color: SENTIMENT_COLORS[s],
            path: data.sentiment[i]?.path ?? "",
            value: `${format.number(current[s])} (${shortChange(t, format, current[s], previous[s])})`,
            share: percent(data.sentiment[i]?.share ?? 0),
          }))}
          summary={t("analytics.summary.sentiment", {
            positive: percent(data.sentiment[0]?.share ?? 0),
            neutral: percent(data.sentiment[1]?.share ?? 0),
            negative: percent(data.sentiment[2]?.share ?? 0),
          })}
          caption={t("analytics.charts.sentiment")}
          nameHeader={t("analytics.columns.sentiment")}
          valueHeader={t("analytics.columns.mentions")}
          shareHeader={t("analytics.columns.share")}
          center={format.number(current.mentions)}
        />
      </ChartCard>
      <ChartCard chart="reach" title={t("analytics.charts.reach")} data={data} className="lg:col-span-2">
        <LineChart
          geometry={data.reach}
          series={[{ key: "reach", label: t("analytics.columns.reach"), color: "var(--series-1)" }]}
          values={[data.volume.map((p) => p.reach)]}
          categories={buckets}
          summary={t("analytics.summary.reach", { total: format.number(current.reach) })}
          caption={t("analytics.charts.reach")}
          categoryHeader={t(`analytics.columns.${data.period.bucket}`)}
          formatValue={format.number}
          tickEvery={tickEvery}
        />
      </ChartCard>
      <ChartCard chart="net" title={t("analytics.charts.net")} data={data} help={t("analytics.netHelp")}>
        <LineChart
          geometry={data.net}
          series={[{ key: "net", label: t("analytics.kpi.net"), color: "var(--series-1)" }]}
          values={[data.volume.map((p) => (p.net === null ? null : Math.round(p.net * 100)))]}
          categories={buckets}
          summary={t("analytics.summary.net", {
            value: current.net === null ? "—" : format.number(Math.round(current.net * 100)),
          })}
          caption={t("analytics.charts.net")}
          categoryHeader={t(`analytics.columns.${data.period.bucket}`)}
          formatValue={format.number}
          tickEvery={tickEvery}
        />
      </ChartCard>
      <ChartCard chart="voice" title={t("analytics.charts.voice")} data={data}>
        {data.voice.entries.length > 1 ? (
          <DonutChart
            slices={data.voice.entries.map((e, i) => ({
              key: e.key,
              label: voiceName(e),
              color: voiceSeries[i]?.color as string,
              path: data.voiceSlices[i]?.path ?? "",
              value: format.number(e.count),
              share:
                e.previousShare === null
                  ? percent(e.share)
                  : `${percent(e.share)} (${sharePointsChange(t, format, e.share, e.previousShare)})`,
              userContent: e.key !== "other",
            }))}
            summary={t("analytics.summary.voice", {
              list: data.voice.entries.map((e) => `${voiceName(e)} ${percent(e.share)}`).join(", "),
            })}
            caption={t("analytics.charts.voice")}
            nameHeader={t("analytics.columns.project")}
            valueHeader={t("analytics.columns.mentions")}
            shareHeader={t("analytics.columns.share")}
          />
        ) : (
          <p className="py-6 text-center text-sm text-muted-foreground">{t("analytics.voice.none")}</p>
        )}
      </ChartCard>
      <ChartCard chart="voice-time" title={t("analytics.charts.voiceTime")} data={data} className="lg:col-span-2">
        <LineChart
          geometry={data.voiceTime.geometry}
          series={voiceSeries}
          values={data.voiceTime.shares}
          categories={buckets}
          summary={t("analytics.summary.voiceTime")}
          caption={t("analytics.charts.voiceTime")}
          categoryHeader={t(`analytics.columns.${data.period.bucket}`)}
          formatValue={percent}
          tickEvery={tickEvery}
        />
      </ChartCard>
    </div>
  );
}

/** The ranked lists and the heat map, two to a row so names have room. */
export function AnalyticsLists({ data }: { data: Data }) {
  const { t } = useTranslation(["dashboard", "messages"]);
  const format = useFormatter();
  const feedScope = {
    projects: data.scope === "all" ? [] : [...data.scope],
    from: data.period.from,
    to: data.period.to,
  };
  const sentimentLabel = (s: string) => t(`messages:sentiment.${s}`);
  const link = (label: string, extra: Record<string, string>, userContent = false) => (
    <Link
      to={feedHref(data.filters, feedScope, extra)}
      className="hover:underline focus-visible:underline"
      data-user-content={userContent ? "" : undefined}
    >
      {label}
    </Link>
  );
  const mixParts = (r: Mix) => SENTIMENT_ORDER.map((s) => ({ key: s, value: r[s], color: SENTIMENT_COLORS[s] }));
  const mixTip = (r: Mix) => SENTIMENT_ORDER.map((s) => `${sentimentLabel(s)}: ${format.number(r[s])}`).join("\n");
  const listRow = (r: Ranked, key: string, label: ReactNode, name: string, extraTip = "") => ({
    key,
    label,
    length: r.length,
    cells: [format.number(r.count), shortChange(t, format, r.count, r.previous), format.number(r.reach)],
    tip: [
      name,
      `${t("analytics.columns.mentions")}: ${format.number(r.count)} (${t("analytics.columns.previous")}: ${format.number(r.previous)})`,
      `${t("analytics.columns.reach")}: ${format.number(r.reach)}`,
      extraTip,
    ]
      .filter(Boolean)
      .join("\n"),
  });
  /** A row named by its users (a source, an author), its bar split by sentiment. */
  const mixRow = (r: Ranked & Mix, key: string, name: string, filter: Record<string, string>) => ({
    ...listRow(r, key, link(name, filter, true), name, mixTip(r)),
    parts: mixParts(r),
  });
  /** The rows of a list whose key is a feed filter (a source type, a language), in one colour. */
  const filterRows = (
    rows: Data["types"],
    filter: "type" | "language",
    nameOf: (key: string) => string,
    color: string,
  ) =>
    rows.map((r) => {
      const name = nameOf(r.key);
      return { ...listRow(r, r.key, link(name, { [filter]: r.key }), name), color };
    });
  const percent = (v: number) => `${format.number(Math.round(v * 100))}%`;
  const weekdays = Array.from({ length: 7 }, (_, i) => t(`analytics.weekdays.${i}`));
  const hours = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, "0"));
  return (
    <div className="mt-6 grid items-start gap-6 lg:grid-cols-2">
      <ListCard
        chart="sources"
        title={t("analytics.charts.sources")}
        data={data}
        nameHeader={t("analytics.columns.source")}
        rows={data.sources.map((r) => mixRow(r, r.id, r.name, { source: r.id }))}
      />
      <ListCard
        chart="authors"
        title={t("analytics.charts.authors")}
        data={data}
        nameHeader={t("analytics.columns.author")}
        rows={data.authors.map((r) => mixRow(r, r.author, r.author, { author: r.author }))}
      />
      <ListCard
        chart="topics"
        title={t("analytics.charts.topics")}
        data={data}
        help={t("analytics.topicsHelp")}
        nameHeader={t("analytics.columns.topic")}
        columns={[t("analytics.columns.mentions"), t("analytics.columns.change")]}
        empty={t("analytics.noTopics")}
        note={data.topics[0]?.frequent ? t("analytics.topicsFrequent") : undefined}
        rows={data.topics.map((r) => {
          const count = r.estimated ? t("analytics.about", { value: format.number(r.count) }) : format.number(r.count);
          return {
            key: r.query,
            label: (
              <Link
                to={`/messages?${r.query}`}
                className="hover:underline focus-visible:underline"
                data-user-content=""
              >
                {r.label}
              </Link>
            ),
            length: r.length,
            parts: mixParts(r.mix),
            cells: [count, shortChange(t, format, r.count, r.previous)],
            tip: [
              r.phrases.join(" · "),
              `${t("analytics.columns.mentions")}: ${count} (${t("analytics.columns.previous")}: ${format.number(r.previous)})`,
              SENTIMENT_ORDER.map((s) => `${sentimentLabel(s)}: ${percent(r.mix[s])}`).join("\n"),
            ].join("\n"),
          };
        })}
      />
      <ListCard
        chart="types"
        title={t("analytics.charts.types")}
        data={data}
        nameHeader={t("analytics.columns.type")}
        rows={filterRows(data.types, "type", (key) => t(`messages:sourceType.${key}`), "var(--series-2)")}
      />
      <ListCard
        chart="languages"
        title={t("analytics.charts.languages")}
        data={data}
        nameHeader={t("analytics.columns.language")}
        rows={filterRows(
          data.languages,
          "language",
          (key) => t(`messages:language.${key}`, { defaultValue: key }),
          "var(--series-4)",
        )}
      />
      <ChartCard chart="heatmap" title={t("analytics.charts.heatmap")} data={data}>
        <HeatMap
          rows={weekdays}
          columns={hours}
          levels={data.heatmap.levels}
          values={data.heatmap.counts.map(format.number)}
          tips={data.heatmap.counts.map(
            (c, i) =>
              `${weekdays[Math.floor(i / 24)]} ${hours[i % 24]}:00\n${t("analytics.columns.mentions")}: ${format.number(c)}`,
          )}
          summary={t("analytics.summary.heatmap")}
          caption={t("analytics.charts.heatmap")}
          legend={[t("analytics.fewer"), t("analytics.more")]}
          rowHeader={t("analytics.columns.weekday")}
        />
      </ChartCard>
    </div>
  );
}
