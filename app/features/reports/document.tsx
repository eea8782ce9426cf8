import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { percentChange, pointsChange } from "~/core/change";
import type { ReportSection } from "~/db/report-model";
import type { Formatter } from "~/lib/format";
import { BarList, type BarRow } from "~/ui/charts/bar-list";
import { OTHER_COLOR, SENTIMENT_COLORS, seriesColor } from "~/ui/charts/colors";
import { DonutChart } from "~/ui/charts/donut-chart";
import { StackedBarChart } from "~/ui/charts/stacked-bar-chart";
import { Figure } from "~/ui/figure";
import type { ReportCharts } from "./charts.server";
import { type RankedRow, type ReportSnapshot, SENTIMENT_ORDER } from "./snapshot";

export interface DocumentProps {
  title: string;
  /** The report's language (its texts, dates and numbers). */
  language: string;
  snapshot: ReportSnapshot;
  /** The charts' geometry, from the snapshot (`reportCharts`). */
  charts: ReportCharts;
  /** In the report's own language (namespace `reports`), whatever the reader's. */
  t: TFunction;
  /** In the report's language and time zone (every time it shows names that zone). */
  format: Formatter;
  /** On the page, a ranked row (source, author, topic) opens the feed of its mentions; on paper there is nowhere to go. */
  linked?: boolean;
  /** The title's heading: h1 when the report is the whole document (the PDF), h2 under the page's own h1. */
  titleAs?: "h1" | "h2";
}

type SectionProps = Omit<DocumentProps, "title" | "language">;

/**
 * The finished report, drawn from its snapshot alone: a cover, then the chosen sections in their order, their
 * charts those of /analytics (the charts kit, SVG drawn on the server). The same markup is the page, the
 * browser's print-out and the server's PDF (report.css lays it out on A4); it needs no JavaScript.
 */
export function ReportDocument({
  title,
  language,
  snapshot,
  t,
  format,
  titleAs: Title = "h1",
  ...rest
}: DocumentProps) {
  const { period } = snapshot;
  return (
    <article className="report-document" lang={language} data-user-content>
      <header className="report-cover">
        <p className="report-workspace">{snapshot.workspace}</p>
        <Title className="report-title">{title}</Title>
        <dl className="report-facts">
          <div>
            <dt>{t("document.project")}</dt>
            <dd>
              <span className="report-swatch" style={{ background: snapshot.project.color }} aria-hidden="true" />
              {snapshot.project.name}
            </dd>
          </div>
          <div>
            <dt>{t("document.period")}</dt>
            <dd>{`${format.day(period.from)} – ${format.day(period.to)}`}</dd>
          </div>
          <div>
            <dt>{t("document.timeZone")}</dt>
            <dd>{format.zone(snapshot.generatedAt)}</dd>
          </div>
          <div>
            <dt>{t("document.generated")}</dt>
            <dd>
              <time dateTime={snapshot.generatedAt}>{format.dateTimeWithZone(snapshot.generatedAt)}</time>
            </dd>
          </div>
        </dl>
      </header>
      {snapshot.sections.map((id) => (
        <Section key={id} id={id} snapshot={snapshot} t={t} format={format} {...rest} />
      ))}
    </article>
  );
}

function Section({ id, ...props }: { id: ReportSection } & SectionProps) {
  const body = sectionBody(id, props);
  if (body === null) return null;
  return (
    <section className="report-section" aria-labelledby={`report-${id}`}>
      <h2 id={`report-${id}`}>{props.t(`sections.${id}`)}</h2>
      {body}
    </section>
  );
}

/** A section with nothing to show: the period had no mentions, or (`mentioned`) it had some but not this. */
function Empty({ t, mentioned = false, because }: { t: TFunction; mentioned?: boolean; because?: string }) {
  return <p className="report-muted">{t(mentioned && because ? because : "document.empty")}</p>;
}

/** "+12%", "new", or "—" when there is nothing to compare with (or it was not kept). */
function change(t: TFunction, format: Formatter, now: number, before: number | null) {
  if (before === null) return "—";
  const delta = percentChange(now, before);
  if (delta === null) return now === 0 ? "—" : t("document.changeNew");
  return `${signed(format, delta)}%`;
}

/** A signed whole number: "+3", "−12", "0". */
const signed = (format: Formatter, v: number) => format.signed(v);
/** "+3 points", "−1 point", "0 points": the change's words in the plural its size asks for. */
const pointsText = (t: TFunction, format: Formatter, delta: number) =>
  t("document.changePoints", { value: format.signed(delta), count: Math.abs(delta) });

const percent = (format: Formatter, share: number) => `${format.number(Math.round(share * 1000) / 10)}%`;

/**
 * A ranking (sources, authors, topics) as the charts kit's bar list, as on /analytics: a bar split by
 * sentiment (one colour when the snapshot did not keep the split), the mentions, their change and the reach.
 */
function Ranking({
  rows,
  lengths,
  nameHeader,
  caption,
  label = (row) => row.name,
  t,
  format,
}: {
  rows: Array<RankedRow & { reach?: number }>;
  lengths: number[];
  nameHeader: string;
  caption: string;
  label?: (row: RankedRow, index: number) => ReactNode;
  t: TFunction;
  format: Formatter;
}) {
  const n = format.number;
  const withReach = rows.some((r) => r.reach !== undefined);
  const bars: BarRow[] = rows.map((r, i) => {
    const split = r.sentiment;
    return {
      key: `${i}-${r.name}`,
      label: label(r, i),
      length: lengths[i] ?? 0,
      parts: split ? SENTIMENT_ORDER.map((k) => ({ key: k, value: split[k], color: SENTIMENT_COLORS[k] })) : undefined,
      cells: [n(r.mentions), change(t, format, r.mentions, r.previous), ...(withReach ? [n(r.reach ?? 0)] : [])],
      tip: [
        r.name,
        `${t("document.mentions")}: ${n(r.mentions)}`,
        ...(r.previous === null ? [] : [`${t("document.previous")}: ${n(r.previous)}`]),
        ...(withReach ? [`${t("document.reach")}: ${n(r.reach ?? 0)}`] : []),
        ...(split ? SENTIMENT_ORDER.map((k) => `${t(`document.sentiments.${k}`)}: ${n(split[k])}`) : []),
      ].join("\n"),
    };
  });
  return (
    <div className="report-chart report-ranking">
      <BarList
        caption={caption}
        nameHeader={nameHeader}
        columns={[t("document.mentions"), t("document.change"), ...(withReach ? [t("document.reach")] : [])]}
        rows={bars}
        empty={t("document.empty")}
        headings
      />
    </div>
  );
}

/** The feed of a ranked row's mentions: the report's project and days, and the row's own filter. */
const rankedFeed = (s: ReportSnapshot, filter: { source: string } | { author: string }) =>
  `/messages?${new URLSearchParams({ project: s.project.id, from: s.period.from, to: s.period.to, ...filter })}`;

function sectionBody(id: ReportSection, props: SectionProps): ReactNode {
  const { snapshot: s, charts, t, format, linked } = props;
  const n = format.number;
  const sentimentLabel = (k: string) => t(`document.sentiments.${k}`);
  const mentioned = s.kpis.mentions.value > 0;
  /** A ranked section (sources, authors, topics); `because` says why it is empty though the period had mentions. */
  const ranking = (
    rows: Array<RankedRow & { reach?: number }>,
    lengths: number[],
    nameHeader: string,
    because?: string,
    label?: (row: RankedRow, index: number) => ReactNode,
  ) =>
    rows.length === 0 ? (
      <Empty t={t} mentioned={mentioned} because={because} />
    ) : (
      <Ranking
        rows={rows}
        lengths={lengths}
        nameHeader={nameHeader}
        caption={t(`sections.${id}`)}
        label={label}
        t={t}
        format={format}
      />
    );
  switch (id) {
    case "kpis":
      return <Kpis {...props} />;
    case "volume": {
      const total = s.volume.reduce((sum, d) => sum + d.positive + d.neutral + d.negative, 0);
      return (
        <div className="report-chart">
          <StackedBarChart
            data={s.volume.map((d) => ({
              key: d.day,
              axisLabel: format.dayMonthOf(d.day),
              title: format.day(d.day),
              values: { positive: d.positive, neutral: d.neutral, negative: d.negative },
            }))}
            series={(["negative", "neutral", "positive"] as const).map((key) => ({
              key,
              label: sentimentLabel(key),
              color: SENTIMENT_COLORS[key],
            }))}
            summary={t("document.volumeSummary", { count: total })}
            caption={t("sections.volume")}
            categoryHeader={t("document.day")}
            totalLabel={t("document.total")}
            formatValue={n}
            axis={charts.volume}
            tickEvery={Math.max(1, Math.ceil(s.volume.length / 7))}
          />
        </div>
      );
    }
    case "sentiment": {
      const total = SENTIMENT_ORDER.reduce((sum, k) => sum + s.sentiment[k], 0);
      if (total === 0) return <Empty t={t} />;
      const before = s.previousSentiment;
      const share = (i: number) => percent(format, charts.sentiment[i]?.share ?? 0);
      return (
        <div className="report-chart">
          <DonutChart
            slices={SENTIMENT_ORDER.map((k, i) => ({
              key: k,
              label: sentimentLabel(k),
              color: SENTIMENT_COLORS[k],
              path: charts.sentiment[i]?.path ?? "",
              value: before
                ? `${n(s.sentiment[k])} (${change(t, format, s.sentiment[k], before[k])})`
                : n(s.sentiment[k]),
              share: share(i),
            }))}
            summary={t("document.sentimentSummary", {
              list: SENTIMENT_ORDER.map((k, i) => `${sentimentLabel(k)} ${share(i)}`).join(", "),
            })}
            caption={t("sections.sentiment")}
            nameHeader={t("document.sentiment")}
            valueHeader={t("document.mentions")}
            shareHeader={t("document.share")}
            center={format.compact(total)}
            valuesInLegend
          />
        </div>
      );
    }
    case "share_of_voice": {
      const entries = s.shareOfVoice;
      if (entries.reduce((sum, e) => sum + e.mentions, 0) === 0) return <Empty t={t} />;
      if (entries.length < 2) return <p className="report-muted">{t("document.noCompetitors")}</p>;
      const name = (e: { name: string }) => e.name || t("document.otherCompetitors");
      let named = 0;
      const colors = entries.map((e) => (e.id === "other" ? OTHER_COLOR : seriesColor(named++)));
      const points = (now: number, before: number) => pointsText(t, format, pointsChange(now, before));
      return (
        <div className="report-chart">
          <DonutChart
            slices={entries.map((e, i) => ({
              key: e.id,
              label: name(e),
              color: colors[i] as string,
              path: charts.voice[i]?.path ?? "",
              value: n(e.mentions),
              share:
                e.previousShare === null
                  ? percent(format, e.share)
                  : `${percent(format, e.share)} (${points(e.share, e.previousShare)})`,
              userContent: e.id !== "other",
            }))}
            summary={t("document.voiceSummary", {
              list: entries.map((e) => `${name(e)} ${percent(format, e.share)}`).join(", "),
            })}
            caption={t("sections.share_of_voice")}
            nameHeader={t("document.project")}
            valueHeader={t("document.mentions")}
            shareHeader={t("document.share")}
            valuesInLegend
          />
        </div>
      );
    }
    case "top_sources":
      // A snapshot kept before sources had their id in it names them only.
      return ranking(s.topSources, charts.sources, t("document.source"), undefined, (row, i) => {
        const id = s.topSources[i]?.id;
        return linked && id ? <a href={rankedFeed(s, { source: id })}>{row.name}</a> : row.name;
      });
    case "top_authors":
      return ranking(s.topAuthors, charts.authors, t("document.author"), "document.noAuthors", (row) =>
        linked ? <a href={rankedFeed(s, { author: row.name })}>{row.name}</a> : row.name,
      );
    case "trending_terms": {
      const { rows, estimated, frequent } = s.topics;
      // The feed of the topic's mentions: the report's project and days, its search words.
      const feed = (search: string) =>
        `/messages?${new URLSearchParams({ project: s.project.id, from: s.period.from, to: s.period.to, q: search })}`;
      return (
        <>
          {ranking(rows, charts.topics, t("document.topic"), "document.noTopics", (row, i) =>
            linked ? <a href={feed(rows[i]?.search ?? row.name)}>{row.name}</a> : row.name,
          )}
          {frequent && rows.length > 0 && <p className="report-muted">{t("document.topicsFrequent")}</p>}
          {estimated && rows.length > 0 && <p className="report-muted">{t("document.topicsEstimated")}</p>}
        </>
      );
    }
    case "top_mentions":
      return s.topMentions.length === 0 ? (
        <Empty t={t} />
      ) : (
        <ol className="report-mentions">
          {s.topMentions.map((m) => (
            <li key={m.id} className="report-mention">
              <p className="report-mention-meta">
                <span>{m.source}</span>
                {m.author && m.author !== m.source && <span>{m.author}</span>}
                <time dateTime={m.publishedAt}>{format.dateTimeWithZone(m.publishedAt)}</time>
                <span>{sentimentLabel(m.sentiment)}</span>
                <span>{t("document.reachValue", { value: n(m.reach) })}</span>
              </p>
              {m.title && <p className="report-mention-title">{m.title}</p>}
              <p className="report-mention-text">{m.text}</p>
              {m.url && <p className="report-mention-url">{m.url}</p>}
            </li>
          ))}
        </ol>
      );
    case "notes":
      return s.notes ? <Notes text={s.notes} /> : null;
  }
}

/** The key figures: counts compact when long, their exact value on hover and for screen readers (ui/figure). */
function Kpis({ snapshot, t, format }: SectionProps) {
  const k = snapshot.kpis;
  const counts = (["mentions", "reach", "positive", "negative"] as const).map((id) => {
    const { value, previous } = k[id];
    return {
      id,
      value: <Figure value={value} format={format} />,
      change: previous === 0 && value === 0 ? t("document.changeNone") : change(t, format, value, previous),
      previous: format.compact(previous),
      previousExact: format.number(previous),
    };
  });
  // Net sentiment as an index from −100 to +100; its change in points.
  const index = (v: number | null) => (v === null ? null : Math.round(v * 100));
  const [net, before] = [index(k.net.value), index(k.net.previous)];
  const items = [
    ...counts,
    {
      id: "net" as const,
      value: net === null ? "—" : signed(format, net),
      change: net === null || before === null ? t("document.changeNone") : pointsText(t, format, net - before),
      previous: before === null ? "—" : signed(format, before),
      previousExact: undefined,
    },
  ];
  return (
    <dl className="report-kpis">
      {items.map((item) => (
        <div key={item.id} className="report-kpi">
          <dt>{t(`document.kpis.${item.id}`)}</dt>
          <dd className="report-kpi-value">{item.value}</dd>
          <dd className="report-muted">{item.change}</dd>
          <dd className="report-muted" title={item.previousExact !== item.previous ? item.previousExact : undefined}>
            {t("document.previousValue", { value: item.previous })}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const BULLET = /^\s*[-*•]\s+/;
const NUMBERED = /^\s*\d+[.)]\s+/;

/**
 * Plain text as paragraphs (a blank line between them) and lists (lines starting with "-", "*" or "1."),
 * a paragraph's lines and a list's items kept together.
 */
export function Notes({ text }: { text: string }) {
  const blocks: Array<{ kind: "p" | "ul" | "ol"; lines: string[] }> = [];
  for (const line of text.replace(/\r\n?/g, "\n").split("\n")) {
    if (!line.trim()) {
      blocks.push({ kind: "p", lines: [] });
      continue;
    }
    const kind = BULLET.test(line) ? "ul" : NUMBERED.test(line) ? "ol" : "p";
    const last = blocks.at(-1);
    const content = line.replace(kind === "ul" ? BULLET : NUMBERED, "");
    if (last?.kind === kind && (kind !== "p" || last.lines.length > 0)) last.lines.push(kind === "p" ? line : content);
    else blocks.push({ kind, lines: [kind === "p" ? line : content] });
  }
  return (
    <div className="report-notes">
      {blocks
        .filter((block) => block.lines.length > 0)
        .map((block, i) => {
          const key = `${i}-${block.kind}`;
          if (block.kind === "p") return <p key={key}>{block.lines.join("\n")}</p>;
          const List = block.kind;
          return (
            <List key={key}>
              {block.lines.map((line, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the lines of stored text never move.
                <li key={j}>{line}</li>
              ))}
            </List>
          );
        })}
    </div>
  );
}
