// The /analytics page (issue 15, item 3): its scope from the URL and the user, every chart's data from the
// queries, the charts' geometry (d3, on the server), and each chart's CSV, made from the same data.
import { stringify } from "csv-stringify/sync";
import { getDb } from "~/db/client.server";
import { CSV_OPTIONS } from "~/lib/csv.server";
import { getEnv } from "~/lib/env.server";
import { detachedQueue } from "~/lib/jobs.server";
import { barLengths, donutGeometry, heatLevels, lineGeometry } from "~/ui/charts/geometry.server";
import type { CurrentUser } from "../../core/reader";
import { listProjects } from "../projects/projects.server";
import { type ChartId, parseAnalyticsFilters } from "./filters";
import { resolvePeriod } from "./period";
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
  trendingTerms,
  volume,
} from "./queries.server";

export interface Reader {
  user: CurrentUser;
  /** The switcher's project: the default scope. */
  activeProjectId: string | null;
  timeZone: string;
  language: string;
}

/** Which projects and period the URL asks for, limited to the projects the user may see. */
export async function analyticsScope(reader: Reader, params: URLSearchParams, now = new Date()) {
  const { filters, periodError } = parseAnalyticsFilters(params);
  // Services from the process-wide holders until this area takes them as an argument (issue 28).
  const projects = await listProjects({ db: getDb(), env: getEnv(), jobs: detachedQueue }, reader.user);
  const visible = new Set(projects.map((p) => p.id));
  const asked = filters.project.filter((id) => visible.has(id));
  const chosen = asked.length
    ? asked
    : reader.activeProjectId && visible.has(reader.activeProjectId)
      ? [reader.activeProjectId]
      : projects.map((p) => p.id);
  const period = resolvePeriod(filters.period, reader.timeZone, filters, now);
  const scope: AnalyticsScope = {
    projectIds: chosen,
    start: period.start,
    end: period.end,
    timeZone: reader.timeZone,
    sourceTypes: filters.type,
    languages: filters.language,
    sentiments: filters.sentiment,
  };
  return {
    filters: { ...filters, project: asked },
    periodError,
    period,
    scope,
    projects: projects.map((p) => ({ id: p.id, name: p.name })),
  };
}

type Resolved = Awaited<ReturnType<typeof analyticsScope>>;

/** Share of each bucket's mentions per entry of the comparison, null where a bucket has none. */
function sharesOverTime(voice: ShareOfVoice): Array<Array<number | null>> {
  const totals = voice.overTime.map((b) => Object.values(b.values).reduce((a, c) => a + c, 0));
  return voice.entries.map((e) =>
    voice.overTime.map((b, i) => (totals[i] ? (b.values[e.key] ?? 0) / (totals[i] as number) : null)),
  );
}

const queriesOf = (reader: Reader, { scope, period }: Resolved) => {
  const previous = period.previous;
  return {
    kpis: () => Promise.all([kpis(scope), kpis(previousScope(scope, previous))]),
    volume: () => volume(scope, period.bucket),
    voice: () => shareOfVoice(reader.user, scope, reader.language, period.bucket, previous),
    sources: () => topSources(scope, reader.language, 10, previous),
    authors: () => topAuthors(scope, 10, previous),
    types: () => sourceTypes(scope, previous),
    languages: () => languages(scope, previous),
    terms: () => trendingTerms(scope, previous),
    heatmap: () => heatmap(scope),
  };
};

/** Everything /analytics shows, with the charts' geometry. */
export async function analyticsPage(reader: Reader, params: URLSearchParams, now = new Date()) {
  const resolved = await analyticsScope(reader, params, now);
  const q = queriesOf(reader, resolved);
  const [[current, previous], points, voice, sources, authors, types, langs, terms, cells] = await Promise.all([
    q.kpis(),
    q.volume(),
    q.voice(),
    q.sources(),
    q.authors(),
    q.types(),
    q.languages(),
    q.terms(),
    q.heatmap(),
  ]);
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
    projects: resolved.projects,
    scope: resolved.scope.projectIds,
    kpis: { current, previous },
    volume: points,
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
    terms: withLengths(terms),
    heatmap: { counts: cells.map((c) => c.count), levels: heatLevels(cells.map((c) => c.count)) },
  };
}

export type AnalyticsPage = Awaited<ReturnType<typeof analyticsPage>>;

const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
type Table = { columns: string[]; rows: Array<Array<string | number | null>> };

/** One chart's numbers as a table: exactly what the chart draws, read by the same queries. */
export async function chartTable(
  chart: ChartId,
  reader: Reader,
  params: URLSearchParams,
  now = new Date(),
): Promise<Table> {
  const resolved = await analyticsScope(reader, params, now);
  const q = queriesOf(reader, resolved);
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
    case "terms": {
      const rows = await q.terms();
      return { columns: ["term", "mentions", "previous"], rows: rows.map((r) => [r.term, r.count, r.previous]) };
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

/** A chart's table as CSV (UTF-8 with a BOM; source names, authors and terms come from outside). */
export function toCsv({ columns, rows }: Table): string {
  return stringify(
    rows.map((r) => r.map((v) => v ?? "")),
    { ...CSV_OPTIONS, header: true, columns },
  );
}
