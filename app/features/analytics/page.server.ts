// The /analytics page (issue 15, item 3): its scope from the URL and the user, every chart's data from the
// queries, the charts' geometry (d3, on the server), and each chart's CSV, made from the same data.
import { stringify } from "csv-stringify/sync";
import type { Services } from "~/core/context.server";
import { KEPT_PAGES, keptWhileMentionsUnchanged, SCREEN_FIGURES_MS } from "~/core/kept.server";
import { customPeriodError, resolvePeriod } from "~/core/period";
import type { Reader } from "~/core/reader";
import { canSeeProject, readerScope } from "~/core/scope.server";
import { uuids } from "~/core/sql.server";
import { volumeAxis } from "~/features/mentions/mentions.server";
import { periodTopics } from "~/features/topics/topics.server";
import { CSV_OPTIONS } from "~/lib/csv.server";
import { barLengths, donutGeometry, heatLevels, lineGeometry } from "~/ui/charts/geometry.server";
import {
  type AnalyticsFilters,
  type ChartId,
  DEFAULT_PERIOD,
  FILTER_CHOICES,
  isPeriodChoice,
  type PeriodChoice,
} from "./filters";
import {
  type AnalyticsScope,
  heatmap,
  kpis,
  languages,
  previousScope,
  SENTIMENTS,
  type ShareOfVoice,
  shareOfVoice,
  sourceTypes,
  topAuthors,
  topSources,
  volume,
} from "./queries.server";

/** A project the reader may choose in the filters. */
export interface ProjectChoice {
  id: string;
  name: string;
}

const MAX_PROJECTS = 10;
const allowed = (values: string[], choices: readonly string[]) => [
  ...new Set(values.filter((v) => choices.includes(v))),
];

/**
 * The filters from the URL; anything unknown is dropped, so an old link still opens. Dates without a
 * preset mean a custom period; a custom period that cannot be used comes back with its reason.
 */
export function parseAnalyticsFilters(params: URLSearchParams) {
  const from = params.get("from") || null;
  const to = params.get("to") || null;
  const asked = params.get("period");
  const period: PeriodChoice = isPeriodChoice(asked) ? asked : from || to ? "custom" : DEFAULT_PERIOD;
  const filters: AnalyticsFilters = {
    project: uuids(params.getAll("project"), MAX_PROJECTS),
    period,
    from: period === "custom" ? from : null,
    to: period === "custom" ? to : null,
    type: allowed(params.getAll("type"), FILTER_CHOICES.type),
    language: allowed(params.getAll("language"), FILTER_CHOICES.language),
    sentiment: allowed(params.getAll("sentiment"), FILTER_CHOICES.sentiment),
  };
  return { filters, periodError: period === "custom" ? customPeriodError(from, to) : null };
}

/**
 * Which projects and period the URL asks for, in the reader's zone: the projects chosen that the reader may
 * see, else the switcher's, else all the reader's (core/scope).
 */
export function analyticsScope(reader: Reader, projects: ProjectChoice[], params: URLSearchParams, now = new Date()) {
  const { filters, periodError } = parseAnalyticsFilters(params);
  const chosen = filters.project.filter((id) => canSeeProject(reader, id));
  const period = resolvePeriod(
    filters.period,
    reader.timeZone,
    { from: filters.from ?? undefined, to: filters.to ?? undefined },
    { now, fallback: DEFAULT_PERIOD },
  );
  const scope: AnalyticsScope = {
    scope: readerScope(reader, { chosen, active: reader.activeProjectId }),
    start: period.start,
    end: period.end,
    timeZone: reader.timeZone,
    sourceTypes: filters.type,
    languages: filters.language,
    sentiments: filters.sentiment,
  };
  return { filters: { ...filters, project: chosen }, periodError, period, scope, projects };
}

type Resolved = Awaited<ReturnType<typeof analyticsScope>>;

/** Share of each bucket's mentions per entry of the comparison, null where a bucket has none. */
function sharesOverTime(voice: ShareOfVoice): Array<Array<number | null>> {
  const totals = voice.overTime.map((b) => Object.values(b.values).reduce((a, c) => a + c, 0));
  return voice.entries.map((e) =>
    voice.overTime.map((b, i) => (totals[i] ? (b.values[e.key] ?? 0) / (totals[i] as number) : null)),
  );
}

const queriesOf = (services: Services, reader: Reader, { scope, period }: Resolved, now: Date) => {
  const previous = period.previous;
  return {
    kpis: () => Promise.all([kpis(services, scope), kpis(services, previousScope(scope, previous))]),
    volume: () => volume(services, scope, period.bucket),
    voice: () => shareOfVoice(services, reader, scope, reader.language, period.bucket, previous),
    sources: () => topSources(services, scope, reader.language, 10, previous),
    authors: () => topAuthors(services, scope, 10, previous),
    types: () => sourceTypes(services, scope, previous),
    languages: () => languages(services, scope, previous),
    topics: () => periodTopics(services, reader, scope, previous, { language: reader.language, now }),
    heatmap: () => heatmap(services, scope),
  };
};

// A question's figures are kept for a few seconds, as the overview's are, and shared by every request asking
// it: under load most requests then skip the database. New or re-matched mentions drop them.
const keptFigures = keptWhileMentionsUnchanged(SCREEN_FIGURES_MS, KEPT_PAGES);

/** Everything /analytics shows, with the charts' geometry; `projects` are those the reader may choose. */
export async function analyticsPage(
  services: Services,
  reader: Reader,
  projects: ProjectChoice[],
  params: URLSearchParams,
  now = new Date(),
) {
  const resolved = analyticsScope(reader, projects, params, now);
  const q = queriesOf(services, reader, resolved, now);
  // Share of voice names the competitors the reader may see: their roles and projects are part of the question.
  const question = [
    resolved.scope,
    resolved.period.bucket,
    resolved.period.previous,
    reader.language,
    reader.roles,
    reader.projectIds,
  ];
  const [[current, previous], points, voice, sources, authors, types, langs, topics, cells] = await keptFigures(
    question,
    () =>
      Promise.all([
        q.kpis(),
        q.volume(),
        q.voice(),
        q.sources(),
        q.authors(),
        q.types(),
        q.languages(),
        q.topics(),
        q.heatmap(),
      ]),
  );
  const withLengths = <T extends { count: number }>(rows: T[]) => {
    const lengths = barLengths(rows.map((r) => r.count));
    return rows.map((r, i) => ({ ...r, length: lengths[i] as number }));
  };
  const shares = sharesOverTime(voice);
  const { period } = resolved;
  return {
    filters: resolved.filters,
    periodError: resolved.periodError,
    period: {
      choice: period.choice,
      from: period.from,
      to: period.to,
      days: period.days,
      bucket: period.bucket,
      previous: { from: period.previous.from, to: period.previous.to },
    },
    projects: resolved.projects.map((p) => ({ id: p.id, name: p.name })),
    scope: resolved.scope.scope,
    kpis: { current, previous },
    volume: points,
    volumeAxis: volumeAxis(points),
    reach: lineGeometry([points.map((p) => p.reach)], { integer: true, fillFirst: true }),
    // Net sentiment is drawn as an index from −100 to 100.
    net: lineGeometry([points.map((p) => (p.net === null ? null : Math.round(p.net * 100)))], { domain: [-100, 100] }),
    sentiment: donutGeometry(SENTIMENTS.map((s) => current[s])),
    voice,
    voiceSlices: donutGeometry(voice.entries.map((e) => e.count)),
    voiceTime: { shares, geometry: lineGeometry(shares, { domain: [0, 1] }) },
    sources: withLengths(sources),
    authors: withLengths(authors),
    types: withLengths(types),
    languages: withLengths(langs),
    topics: withLengths(topics),
    heatmap: { counts: cells.map((c) => c.count), levels: heatLevels(cells.map((c) => c.count)) },
  };
}

export type AnalyticsPage = Awaited<ReturnType<typeof analyticsPage>>;

/** A share as a number with three decimals. */
const share = (value: number) => Math.round(value * 1000) / 1000;
const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
type Table = { columns: string[]; rows: Array<Array<string | number | null>> };

/** One chart's numbers as a table: exactly what the chart draws, read by the same queries. */
export async function chartTable(
  services: Services,
  reader: Reader,
  chart: ChartId,
  params: URLSearchParams,
  now = new Date(),
): Promise<Table> {
  const resolved = analyticsScope(reader, [], params, now);
  const q = queriesOf(services, reader, resolved, now);
  const bucket = resolved.period.bucket;
  // Days are the reader's calendar days; hours are UTC instants (ISO), unambiguous across clock changes.
  const key = bucket === "day" ? "day" : "hour_utc";
  switch (chart) {
    case "volume": {
      const points = await q.volume();
      return {
        columns: [key, "positive", "neutral", "negative", "total"],
        rows: points.map((p) => [p.key, p.positive, p.neutral, p.negative, p.total]),
      };
    }
    case "reach": {
      const points = await q.volume();
      return { columns: [key, "reach"], rows: points.map((p) => [p.key, p.reach]) };
    }
    case "net": {
      const points = await q.volume();
      return { columns: [key, "net_sentiment"], rows: points.map((p) => [p.key, p.net]) };
    }
    case "sentiment": {
      const [current, previous] = await q.kpis();
      return {
        columns: ["sentiment", "mentions", "previous"],
        rows: SENTIMENTS.map((s) => [s, current[s], previous[s]]),
      };
    }
    case "voice": {
      const voice = await q.voice();
      return {
        columns: ["project", "mentions", "reach", "share", "previous_share"],
        rows: voice.entries.map((e) => [e.name ?? "other", e.count, e.reach, e.share, e.previousShare]),
      };
    }
    case "voice-time": {
      const voice = await q.voice();
      const shares = sharesOverTime(voice);
      return {
        columns: [key, ...voice.entries.map((e) => e.name ?? "other")],
        rows: voice.overTime.map((b, i) => [b.key, ...shares.map((s) => s[i] ?? null)]),
      };
    }
    case "sources": {
      const rows = await q.sources();
      return {
        columns: ["source", "type", "mentions", "previous", "reach", "positive", "neutral", "negative"],
        rows: rows.map((r) => [r.name, r.type, r.count, r.previous, r.reach, r.positive, r.neutral, r.negative]),
      };
    }
    case "authors": {
      const rows = await q.authors();
      return {
        columns: ["author", "mentions", "previous", "reach", "positive", "neutral", "negative"],
        rows: rows.map((r) => [r.author, r.count, r.previous, r.reach, r.positive, r.neutral, r.negative]),
      };
    }
    case "types":
    case "languages": {
      const rows = await (chart === "types" ? q.types() : q.languages());
      return {
        columns: [chart === "types" ? "source_type" : "language", "mentions", "previous", "reach"],
        rows: rows.map((r) => [r.key, r.count, r.previous, r.reach]),
      };
    }
    case "topics": {
      const rows = await q.topics();
      return {
        columns: [
          "topic",
          "mentions",
          "estimated",
          "previous",
          "positive_share",
          "neutral_share",
          "negative_share",
          "search",
          "phrases",
        ],
        rows: rows.map((r) => [
          r.label,
          r.count,
          String(r.estimated),
          r.previous,
          share(r.mix.positive),
          share(r.mix.neutral),
          share(r.mix.negative),
          r.search,
          r.phrases.join(" | "),
        ]),
      };
    }
    case "heatmap": {
      const cells = await q.heatmap();
      return {
        columns: ["weekday", "hour", "mentions"],
        rows: cells.map((c) => [WEEKDAYS[c.weekday] as string, c.hour, c.count]),
      };
    }
  }
}

/** A chart's table as CSV (UTF-8 with a BOM; source names, authors and topics come from outside). */
export function toCsv({ columns, rows }: Table): string {
  return stringify(
    rows.map((r) => r.map((v) => v ?? "")),
    { ...CSV_OPTIONS, header: true, columns },
  );
}
