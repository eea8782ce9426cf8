import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import type { Formatter } from "~/lib/format";
import { StackedBarChart } from "~/ui/charts/stacked-bar-chart";
import type { ReportSection } from "../../db/report-model";
import type { ReportSnapshot, Sentiment } from "./snapshot";

const SENTIMENTS: Sentiment[] = ["negative", "neutral", "positive"];
const SENTIMENT_COLOR: Record<Sentiment, string> = {
  positive: "var(--positive)",
  neutral: "var(--neutral)",
  negative: "var(--negative)",
};

export interface DocumentProps {
  title: string;
  /** The report's language (its texts, dates and numbers). */
  language: string;
  snapshot: ReportSnapshot;
  /** In the report's own language (namespace `reports`), whatever the reader's. */
  t: TFunction;
  /** In the report's language and time zone (every time it shows names that zone). */
  format: Formatter;
}

/**
 * The finished report, drawn from its snapshot alone: a cover, then the chosen sections in their order.
 * The same markup is the page, the browser's print-out and the server's PDF (report.css lays it out on A4).
 */
export function ReportDocument({ title, language, snapshot, t, format }: DocumentProps) {
  const { period } = snapshot;
  return (
    <article className="report-document" lang={language} data-user-content>
      <header className="report-cover">
        <p className="report-workspace">{snapshot.workspace}</p>
        <h1 className="report-title">{title}</h1>
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
        <Section key={id} id={id} snapshot={snapshot} t={t} format={format} />
      ))}
    </article>
  );
}

function Section({ id, snapshot, t, format }: { id: ReportSection } & Omit<DocumentProps, "title" | "language">) {
  const body = sectionBody(id, snapshot, t, format);
  if (body === null) return null;
  return (
    <section className="report-section" aria-labelledby={`report-${id}`}>
      <h2 id={`report-${id}`}>{t(`sections.${id}`)}</h2>
      {body}
    </section>
  );
}

/** A section with nothing to show: the period had no mentions, or (`mentioned`) it had some but not this. */
function Empty({ t, mentioned = false, because }: { t: TFunction; mentioned?: boolean; because?: string }) {
  return <p className="report-muted">{t(mentioned && because ? because : "document.empty")}</p>;
}

function sectionBody(id: ReportSection, s: ReportSnapshot, t: TFunction, format: Formatter): ReactNode {
  const n = format.number;
  switch (id) {
    case "kpis":
      return <Kpis snapshot={s} t={t} format={format} />;
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
            series={SENTIMENTS.map((key) => ({
              key,
              label: t(`document.sentiments.${key}`),
              color: SENTIMENT_COLOR[key],
            }))}
            summary={t("document.volumeSummary", { count: total })}
            caption={t("sections.volume")}
            categoryHeader={t("document.day")}
            totalLabel={t("document.total")}
            formatValue={n}
            tickEvery={s.volume.length > 14 ? 7 : 1}
          />
        </div>
      );
    }
    case "sentiment": {
      const total = SENTIMENTS.reduce((sum, k) => sum + s.sentiment[k], 0);
      if (total === 0) return <Empty t={t} />;
      return (
        <div className="report-chart">
          <div className="report-stack" role="img" aria-label={t("sections.sentiment")}>
            {SENTIMENTS.map((k) => (
              <span key={k} style={{ flexGrow: s.sentiment[k], background: SENTIMENT_COLOR[k] }} />
            ))}
          </div>
          <Table
            headers={[t("document.sentiment"), t("document.mentions"), t("document.share")]}
            rows={SENTIMENTS.map((k) => [
              <Swatched key={k} color={SENTIMENT_COLOR[k]}>
                {t(`document.sentiments.${k}`)}
              </Swatched>,
              n(s.sentiment[k]),
              percent(s.sentiment[k], total, format),
            ])}
          />
        </div>
      );
    }
    case "share_of_voice": {
      const total = s.shareOfVoice.reduce((sum, p) => sum + p.mentions, 0);
      if (total === 0) return <Empty t={t} />;
      return (
        <div className="report-chart">
          <div className="report-stack" role="img" aria-label={t("sections.share_of_voice")}>
            {s.shareOfVoice.map((p) => (
              <span key={p.id} style={{ flexGrow: p.mentions, background: p.color }} />
            ))}
          </div>
          <Table
            headers={[t("document.project"), t("document.mentions"), t("document.share")]}
            rows={s.shareOfVoice.map((p) => [
              <Swatched key={p.id} color={p.color}>
                {p.name || t("document.otherCompetitors")}
              </Swatched>,
              n(p.mentions),
              percent(p.mentions, total, format),
            ])}
          />
        </div>
      );
    }
    case "top_sources":
      return s.topSources.length === 0 ? (
        <Empty t={t} />
      ) : (
        <Table
          headers={[t("document.source"), t("document.mentions"), t("document.reach")]}
          rows={s.topSources.map((r) => [r.name, n(r.mentions), n(r.reach)])}
        />
      );
    case "top_authors":
      return s.topAuthors.length === 0 ? (
        <Empty t={t} mentioned={s.kpis.mentions.value > 0} because="document.noAuthors" />
      ) : (
        <Table
          headers={[t("document.author"), t("document.mentions"), t("document.reach")]}
          rows={s.topAuthors.map((r) => [r.name, n(r.mentions), n(r.reach)])}
        />
      );
    case "trending_terms":
      return s.trendingTerms.length === 0 ? (
        <Empty t={t} mentioned={s.kpis.mentions.value > 0} because="document.noTerms" />
      ) : (
        <Table
          headers={[t("document.term"), t("document.mentions"), t("document.previous")]}
          rows={s.trendingTerms.map((r) => [r.term, n(r.count), n(r.previous)])}
        />
      );
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
                <span>{t(`document.sentiments.${m.sentiment}`)}</span>
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

function percent(part: number, total: number, format: Formatter) {
  return `${format.number(total === 0 ? 0 : Math.round((part / total) * 1000) / 10)}%`;
}

function Kpis({ snapshot, t, format }: Omit<DocumentProps, "title" | "language">) {
  const k = snapshot.kpis;
  const counts = (["mentions", "reach", "positive", "negative"] as const).map((id) => {
    const { value, previous } = k[id];
    const change =
      previous === 0
        ? value === 0
          ? t("document.changeNone")
          : t("document.changeNew")
        : `${value >= previous ? "+" : "−"}${format.number(Math.abs(Math.round(((value - previous) / previous) * 1000) / 10))}%`;
    return { id, value: format.number(value), change, previous: format.number(previous) };
  });
  // Net sentiment as an index from −100 to +100; its change in points.
  const index = (v: number | null) => (v === null ? null : Math.round(v * 100));
  const [net, before] = [index(k.net.value), index(k.net.previous)];
  const signed = (v: number) => `${v > 0 ? "+" : v < 0 ? "−" : ""}${format.number(Math.abs(v))}`;
  const items = [
    ...counts,
    {
      id: "net" as const,
      value: net === null ? "—" : signed(net),
      change:
        net === null || before === null
          ? t("document.changeNone")
          : t("document.changePoints", { value: signed(net - before) }),
      previous: before === null ? "—" : signed(before),
    },
  ];
  return (
    <dl className="report-kpis">
      {items.map((item) => (
        <div key={item.id} className="report-kpi">
          <dt>{t(`document.kpis.${item.id}`)}</dt>
          <dd className="report-kpi-value">{item.value}</dd>
          <dd className="report-muted">{item.change}</dd>
          <dd className="report-muted">{t("document.previousValue", { value: item.previous })}</dd>
        </div>
      ))}
    </dl>
  );
}

function Swatched({ color, children }: { color: string; children: ReactNode }) {
  return (
    <span className="report-swatched">
      <span className="report-swatch" style={{ background: color }} aria-hidden="true" />
      {children}
    </span>
  );
}

function Table({ headers, rows }: { headers: string[]; rows: ReactNode[][] }) {
  return (
    <table className="report-table">
      <thead>
        <tr>
          {headers.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((cells, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows of a stored snapshot never move.
          <tr key={i}>
            {cells.map((cell, j) =>
              j === 0 ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed.
                <th key={j} scope="row">
                  {cell}
                </th>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed.
                <td key={j}>{cell}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
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
